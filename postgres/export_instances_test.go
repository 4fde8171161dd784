package postgres

import (
	"context"
	"testing"
	"time"
)

// HearForTests has hook told what db's listener handles, until t ends:
// each notification's channel and whether db sent it, or "" once the
// listener connected again.
func HearForTests(t testing.TB, db *DB, hook func(channel string, own bool)) {
	listenHooks.Store(db, hook)
	t.Cleanup(func() { listenHooks.Delete(db) })
}

// InstanceName is db's application_name, which names its connections.
func InstanceName(db *DB) string { return db.name }

// Sweep deletes the rate limits' keys whose attempts all left their window.
func (r *RateLimits) Sweep(now time.Time) error { return r.sweep(context.Background(), now) }

// ListenerPID is the server process of the connection b listens on.
func (b *Broker) ListenerPID() uint32 { return b.pid.Load() }

// HoldDeliveries has b run hold before each event reaches its hub, and
// waiting each time it starts waiting for its hub to hear an id; set them
// before anything is published.
func (b *Broker) HoldDeliveries(hold, waiting func(id int64)) { b.hold, b.waiting = hold, waiting }
