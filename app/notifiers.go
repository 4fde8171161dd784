package app

// Notifiers tells each of its notifiers every event: the open streams and
// the push notes to phones hear the same events.
type Notifiers []Notifier

func (ns Notifiers) Notify(events ...Event) {
	for _, n := range ns {
		n.Notify(events...)
	}
}
