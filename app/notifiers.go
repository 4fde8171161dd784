package app

// Notifiers hands each event to every notifier in turn: the open streams,
// then the phones.
type Notifiers []Notifier

func (ns Notifiers) Notify(events ...Event) {
	for _, n := range ns {
		n.Notify(events...)
	}
}
