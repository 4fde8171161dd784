package main

import (
	"context"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"rehome/internal/wiring"
)

// frontDoor is the handler the servers are given before the marketplace is
// open: it answers that the server is starting until set is called.
type frontDoor struct{ h atomic.Pointer[http.Handler] }

func (d *frontDoor) set(h http.Handler) { d.h.Store(&h) }

func (d *frontDoor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	(*d.h.Load()).ServeHTTP(w, r)
}

// The waits between attempts to reach the database: doubling from the
// first, up to the last.
const (
	firstDatabaseWait   = 500 * time.Millisecond
	longestDatabaseWait = 10 * time.Second
)

// openWaiting opens the marketplace, run as set says; while its PostgreSQL database cannot
// be reached (wiring.Unreachable), it tries again with growing waits,
// saying so in the log, until ctx ends or, when giveUp is positive, that
// long has passed. Other errors end it at once. The log names url, where
// the server answers that it is starting meanwhile.
func openWaiting(ctx context.Context, log *slog.Logger, loc wiring.Location, set wiring.Settings, giveUp time.Duration, url string) (*wiring.Marketplace, error) {
	var deadline <-chan time.Time
	if giveUp > 0 {
		t := time.NewTimer(giveUp)
		defer t.Stop()
		deadline = t.C
	}
	wait := firstDatabaseWait
	for {
		m, err := wiring.Open(ctx, loc, set)
		if err == nil || !wiring.Unreachable(err) || ctx.Err() != nil {
			return m, err
		}
		log.Warn("waiting for the database", "err", err, "retry_in", wait.String(), "answering_starting_at", url)
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-deadline:
			t.Stop()
			return nil, err
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		}
		wait = min(2*wait, longestDatabaseWait)
	}
}
