package app

import (
	"context"
	"time"
)

// QueuedPush is a push note waiting in the queue to be delivered to each
// subscribed browser of its person.
type QueuedPush struct {
	ID     int64
	UserID int64
	Kind   PushKind
	Title  string
	Body   string
	Path   string // the page of the web app a tap on the note opens
	Tag    string
	// Queued is when the event happened, as the instance that queued the
	// note tells it: a note kept too long is dropped, not delivered.
	Queued time.Time
}

// PushQueue keeps push notes in the database until they are delivered, so
// that a note queued on an instance that stops is delivered by another.
// Senders, one per instance, claim the notes they deliver, so that each
// note goes out once however many of them run.
type PushQueue interface {
	// QueuePush adds notes to the queue in one transaction, each due from
	// its Queued time (their IDs are ignored). A note nobody would get is
	// not queued: its account is gone, has no browser subscribed, or
	// turned its kind off.
	QueuePush(ctx context.Context, notes []QueuedPush) error
	// ClaimDuePush claims, in one step, up to limit notes due at now,
	// oldest first, for holder until now+lease: no other claim takes them
	// before the lease ends. A claim whose lease ended undelivered (its
	// holder stopped) is due again.
	ClaimDuePush(ctx context.Context, holder string, now time.Time, lease time.Duration, limit int) ([]QueuedPush, error)
	// PushDone removes a note that was delivered, or dropped: it is never
	// delivered again, whoever holds it.
	PushDone(ctx context.Context, id int64) error
	// ReleasePush gives back holder's claims of the notes ids, undelivered
	// and due at once, as it stops; a note holder no longer holds is left
	// alone.
	ReleasePush(ctx context.Context, holder string, ids []int64) error
}
