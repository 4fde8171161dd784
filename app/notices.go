package app

import "context"

// Notices tell people what changed. The services whose writes someone
// else sees share one, so that one Notifier set up once reaches them all.
type Notices struct {
	notifier Notifier // nil: nobody is told as it happens
	site     *SiteSettings
	users    UserStore
}

// NoticesDeps are what Notices is built from.
type NoticesDeps struct {
	// Site and Users write push notes in each person's language: theirs
	// (read from Users), else the site's; nil: in English.
	Site  *SiteSettings
	Users UserStore
	// Notifier is told every event; nil: events are dropped.
	Notifier Notifier
}

func NewNotices(d NoticesDeps) *Notices {
	return &Notices{site: d.Site, users: d.Users, notifier: d.Notifier}
}

// notify tells people what changed, after the change has committed.
func (n *Notices) notify(events ...Event) {
	if n.notifier == nil || len(events) == 0 {
		return
	}
	for i := range events {
		if note := events[i].Push; note != nil {
			spoken := n.spoken(events[i].UserID, *note)
			events[i].Push = &spoken
		}
	}
	n.notifier.Notify(events...)
}

// spoken is note written for userID, in their language.
func (n *Notices) spoken(userID int64, note PushNote) PushNote {
	say := speaker(func(english string, vars ...string) string { return fill(english, vars...) })
	if n.site != nil {
		// After the change has committed, whatever became of the request.
		ctx := context.Background()
		var u *User
		if n.users != nil {
			u, _ = n.users.UserByID(ctx, userID) // gone: the site's language
		}
		say = n.site.speakerTo(ctx, u)
	}
	note.Title, note.Body, note.Vars = say(note.Title, note.Vars...), say(note.Body, note.Vars...), nil
	return note
}
