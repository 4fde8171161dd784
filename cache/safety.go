package cache

import (
	"context"
	"time"
)

// Every list of listings leaves out those of the accounts suspended now
// and, for a signed-in viewer, of the people they blocked: both are read
// on every such request, and kept here, above either store, until the
// feed tells of a change to an account or to the viewer's blocks.

// SafetyReader is the store's read of whom a list leaves out.
type SafetyReader interface {
	SuspendedUsers(ctx context.Context) ([]int64, error)
	BlockedBy(ctx context.Context, blocker int64) ([]int64, error)
	UserReader
}

// suspension is the accounts suspended now, and when the first of their
// suspensions ends (zero: none does).
type suspension struct {
	ids   []int64
	until time.Time
}

func (s suspension) currentAt(now time.Time) bool { return s.until.IsZero() || now.Before(s.until) }

// SuspendedUsers is store.SuspendedUsers, kept until an account changes
// (a suspension, or its lifting, is a change of an account) or, at now by
// the store's clock, the first suspension kept ends. The slice is shared:
// a caller must not change it.
func (c *Caches) SuspendedUsers(ctx context.Context, store SafetyReader, now time.Time) ([]int64, error) {
	if kept, ok := c.Suspended.Get(struct{}{}); ok && kept.currentAt(now) {
		return kept.ids, nil
	}
	gen := c.Suspended.Generation()
	ids, err := store.SuspendedUsers(ctx)
	if err != nil {
		return nil, err
	}
	var until time.Time
	for _, id := range ids {
		u, err := c.UserByID(ctx, store, id)
		if err != nil {
			return ids, nil // deleted meanwhile: answered, not kept
		}
		if u.SuspendedUntil != nil && (until.IsZero() || u.SuspendedUntil.Before(until)) {
			until = *u.SuspendedUntil
		}
	}
	c.Suspended.Put(gen, struct{}{}, suspension{ids: ids, until: until})
	return ids, nil
}

// BlockedBy is store.BlockedBy, kept until the blocker's blocks change. The
// slice is shared: a caller must not change it.
func (c *Caches) BlockedBy(ctx context.Context, store SafetyReader, blocker int64) ([]int64, error) {
	if ids, ok := c.Blocked.Get(blocker); ok {
		return ids, nil
	}
	gen := c.Blocked.Generation()
	ids, err := store.BlockedBy(ctx, blocker)
	if err != nil {
		return nil, err
	}
	c.Blocked.Put(gen, blocker, ids)
	return ids, nil
}
