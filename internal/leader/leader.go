// Package leader runs the periodic jobs (cleanup, scheduled backups) on one
// instance of the marketplace at a time: the one holding a Lock.
package leader

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"rehome/internal/instance"
)

// Lock is a lease on a name, held by one holder at a time until it ends;
// its holder renews it before then. The SQLite store keeps it as a row, so
// that processes sharing the database file share the lock, and a store of
// several instances (PostgreSQL) would keep it the same way.
type Lock interface {
	// HoldLease takes name for holder until now+lease, or renews holder's
	// own lease; false while another holder's lease runs.
	HoldLease(ctx context.Context, name, holder string, now time.Time, lease time.Duration) (bool, error)
	// ReleaseLease ends holder's lease on name, if it holds it.
	ReleaseLease(ctx context.Context, name, holder string) error
}

// Lease is how long a holder keeps the lock without renewing it: an
// instance that stops without releasing it (a crash) hands it on this late.
const Lease = time.Minute

// Run runs job while this process holds name in lock, until ctx ends. It
// asks for the lock, and renews it, every third of Lease; when a renewal
// fails or is refused, job's context ends and Run waits for job to return
// before asking again, so that a job never outlives its lease by more than
// the renewal's own delay.
func Run(ctx context.Context, lock Lock, name string, job func(context.Context), log *slog.Logger) {
	every := time.NewTicker(Lease / 3)
	defer every.Stop()
	runOnTicks(ctx, lock, name, job, log, every.C)
}

// runOnTicks is Run asking again at each tick.
func runOnTicks(ctx context.Context, lock Lock, name string, job func(context.Context), log *slog.Logger, ticks <-chan time.Time) {
	holder := instance.NewName()
	var stop func()
	defer func() {
		if stop != nil {
			stop()
		}
		if err := lock.ReleaseLease(context.WithoutCancel(ctx), name, holder); err != nil {
			log.Warn("release the leader lock; another instance takes it when it ends", "lock", name, "err", err)
		}
	}()
	for {
		held, err := lock.HoldLease(ctx, name, holder, time.Now(), Lease)
		if err != nil && ctx.Err() == nil {
			log.Error("hold the leader lock", "lock", name, "err", err)
		}
		switch {
		case held && stop == nil:
			stop = start(ctx, job)
		case !held && stop != nil:
			stop()
			stop = nil
		}
		select {
		case <-ctx.Done():
			return
		case <-ticks:
		}
	}
}

// start runs job in a goroutine; the function it returns ends job's
// context and waits for job to return.
func start(ctx context.Context, job func(context.Context)) func() {
	jobCtx, cancel := context.WithCancel(ctx)
	var running sync.WaitGroup
	running.Go(func() { job(jobCtx) })
	return func() { cancel(); running.Wait() }
}
