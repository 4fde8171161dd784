package porttest

import (
	"sync"
	"testing"
	"time"

	"rehome/app"
)

// RateLimits tests what every app.RateLimits promises; open gives an empty store.
func RateLimits(t *testing.T, open func(t *testing.T) app.RateLimits) {
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	at := func(minutes int) time.Time { return start.Add(time.Duration(minutes) * time.Minute) }
	limit := app.Limit{Max: 3, Window: 15 * time.Minute}

	t.Run("a full window makes the oldest attempt decide the wait", func(t *testing.T) {
		l := open(t)
		for i := range 3 {
			if wait := l.Wait("ann", limit, at(i)); wait != 0 {
				t.Fatalf("waits %v after %d attempts", wait, i)
			}
			l.Record("ann", limit, at(i))
		}
		// The first attempt (at 12:00) leaves the window at 12:15.
		if wait := l.Wait("ann", limit, at(5)); wait != 10*time.Minute {
			t.Errorf("wait %v, want 10m", wait)
		}
		if wait := l.Wait("bob", limit, at(5)); wait != 0 {
			t.Errorf("another key waits %v", wait)
		}
		if wait := l.Wait("ann", limit, at(15)); wait != 0 {
			t.Errorf("still waits after the window: %v", wait)
		}
	})
	t.Run("Reset forgets a key", func(t *testing.T) {
		l := open(t)
		for i := range 3 {
			l.Record("ann", limit, at(i))
		}
		l.Reset("ann")
		if wait := l.Wait("ann", limit, at(5)); wait != 0 {
			t.Errorf("still waits after Reset: %v", wait)
		}
	})
	t.Run("Take counts only what it allows", func(t *testing.T) {
		l := open(t)
		for i := range 3 {
			if wait := l.Take("ann", limit, at(i)); wait != 0 {
				t.Fatalf("attempt %d refused for %v", i+1, wait)
			}
		}
		for range 5 {
			if wait := l.Take("ann", limit, at(5)); wait != 10*time.Minute {
				t.Fatalf("a fourth attempt waits %v, want 10m", wait)
			}
		}
		// Refused attempts were not counted: the second one frees a slot at 12:16.
		if wait := l.Take("ann", limit, at(15)); wait != 0 {
			t.Errorf("refused after the first attempt left the window: %v", wait)
		}
		if wait := l.Take("ann", limit, at(15)); wait != time.Minute {
			t.Errorf("wait %v, want 1m", wait)
		}
	})
	t.Run("limits of other windows on one key", func(t *testing.T) {
		l := open(t)
		short := app.Limit{Max: 1, Window: time.Minute}
		l.Record("ann", short, at(0))
		if wait := l.Wait("ann", short, at(1)); wait != 0 {
			t.Errorf("waits %v once its one-minute window passed", wait)
		}
	})
	t.Run("concurrent takes never pass the limit", func(t *testing.T) {
		l := open(t)
		var wg sync.WaitGroup
		var mu sync.Mutex
		taken := 0
		for range 20 {
			wg.Go(func() {
				if l.Take("ann", limit, at(0)) == 0 {
					mu.Lock()
					taken++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if taken != limit.Max {
			t.Errorf("%d attempts taken at once, limit %d", taken, limit.Max)
		}
	})
}
