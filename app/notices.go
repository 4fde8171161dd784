package app

import "context"

// Notices tell people what changed. The services whose writes someone
// else sees share one, so that one Notifier set up once reaches them all.
type Notices struct {
	notifier Notifier // nil: nobody is told as it happens
	// site and users write push notes in each person's language; nil:
	// in English.
	site  *SiteSettings
	users UserStore
}

// Use lets the services tell people what changed. Without a notifier,
// events are dropped.
func (n *Notices) Use(notifier Notifier) { n.notifier = notifier }

// SpeakWith has push notes written in each person's language: theirs
// (read from users), else the site's.
func (n *Notices) SpeakWith(site *SiteSettings, users UserStore) { n.site, n.users = site, users }

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
