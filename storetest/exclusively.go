package storetest

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
)

// RunExclusively checks that calls of one name run one at a time, and that
// other names do not wait for them.
func RunExclusively(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("OneAtATime", func(t *testing.T) {
		s, ctx := open(t), context.Background()
		var inside, most, ran atomic.Int32
		for round := range rounds {
			for _, err := range race(racers, round, func(int) error {
				return s.Exclusively(ctx, "demo", func(context.Context) error {
					n := inside.Add(1)
					if n > most.Load() {
						most.Store(n)
					}
					for range 100 {
						runtime.Gosched() // room for another to come in, were it let
					}
					inside.Add(-1)
					ran.Add(1)
					return nil
				})
			}) {
				must(t, err)
			}
		}
		if most.Load() != 1 || ran.Load() != rounds*racers {
			t.Errorf("%d ran, at most %d at once; want %d, one at a time", ran.Load(), most.Load(), rounds*racers)
		}
	})
	t.Run("OtherNamesDoNotWait", func(t *testing.T) {
		s, ctx := open(t), context.Background()
		err := s.Exclusively(ctx, "demo", func(ctx context.Context) error {
			return s.Exclusively(ctx, "another", func(context.Context) error { return nil })
		})
		must(t, err)
	})
	t.Run("ErrorsComeBackAndReleaseTheLock", func(t *testing.T) {
		s, ctx := open(t), context.Background()
		failed := errors.New("the demo could not be written")
		if err := s.Exclusively(ctx, "demo", func(context.Context) error { return failed }); !errors.Is(err, failed) {
			t.Errorf("got %v, want fn's error", err)
		}
		must(t, s.Exclusively(ctx, "demo", func(context.Context) error { return nil }))
	})
	t.Run("WaitingEndsWithTheContext", func(t *testing.T) {
		s := open(t)
		ctx, cancel := context.WithCancel(context.Background())
		err := s.Exclusively(context.Background(), "demo", func(context.Context) error {
			waited := make(chan error, 1)
			go func() {
				waited <- s.Exclusively(ctx, "demo", func(context.Context) error {
					return errors.New("ran while the lock was held")
				})
			}()
			cancel()
			return <-waited
		})
		if err == nil {
			t.Error("a call whose context ended ran, or said nothing")
		}
	})
}
