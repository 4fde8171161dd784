package leader_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"rehome/internal/leader"
	"rehome/sqlite"
)

// TestOneInstanceRunsTheJobs runs two instances' jobs over one database
// file: the second starts its job only once the first has stopped its own.
func TestOneInstanceRunsTheJobs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rehome.db")
	var running atomic.Int32
	type instance struct {
		ticks   chan time.Time
		started chan struct{}
		stop    context.CancelFunc
		done    chan struct{}
	}
	start := func() *instance {
		db, err := sqlite.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		ctx, stop := context.WithCancel(context.Background())
		in := &instance{ticks: make(chan time.Time), started: make(chan struct{}, 1), stop: stop, done: make(chan struct{})}
		job := func(ctx context.Context) {
			if running.Add(1) > 1 {
				t.Error("two instances run the jobs at once")
			}
			in.started <- struct{}{}
			<-ctx.Done()
			running.Add(-1)
		}
		go func() {
			leader.RunOnTicks(ctx, db, "periodic jobs", job, slog.New(slog.NewTextHandler(io.Discard, nil)), in.ticks)
			close(in.done)
		}()
		return in
	}
	first := start()
	<-first.started // it asked at once and found the lock free
	second := start()
	// second asked at once too; each tick is another try, refused while
	// first renews.
	second.ticks <- time.Now()
	first.ticks <- time.Now()
	second.ticks <- time.Now()
	select {
	case <-second.started:
		t.Fatal("the second instance started its jobs while the first held the lock")
	default:
	}
	first.stop()
	<-first.done // its jobs ended and it let go of the lock
	second.ticks <- time.Now()
	<-second.started
	second.stop()
	<-second.done
}
