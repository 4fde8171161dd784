package porttest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"rehome/internal/leader"
)

// LeaderLock tests what every leader.Lock promises; open gives a lock no
// one holds.
func LeaderLock(t *testing.T, open func(t *testing.T) leader.Lock) {
	ctx := context.Background()
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	lease := time.Minute
	hold := func(t *testing.T, l leader.Lock, holder string, at time.Duration) bool {
		t.Helper()
		held, err := l.HoldLease(ctx, "jobs", holder, start.Add(at), lease)
		if err != nil {
			t.Fatal(err)
		}
		return held
	}
	for _, tc := range []struct {
		name string
		// after a took the lock at 0
		then  func(t *testing.T, l leader.Lock)
		b     time.Duration // when b asks
		wantB bool
	}{
		{"held while its lease runs", func(*testing.T, leader.Lock) {}, lease - time.Second, false},
		{"free once it ended", func(*testing.T, leader.Lock) {}, lease, true},
		{"a renewal keeps it", func(t *testing.T, l leader.Lock) {
			if !hold(t, l, "a", lease/2) {
				t.Fatal("a could not renew its own lease")
			}
		}, lease, false},
		{"a release frees it at once", func(t *testing.T, l leader.Lock) {
			if err := l.ReleaseLease(ctx, "jobs", "a"); err != nil {
				t.Fatal(err)
			}
		}, 0, true},
		{"another's release does not", func(t *testing.T, l leader.Lock) {
			if err := l.ReleaseLease(ctx, "jobs", "b"); err != nil {
				t.Fatal(err)
			}
		}, 0, false},
		{"other names are other locks", func(t *testing.T, l leader.Lock) {
			if held, err := l.HoldLease(ctx, "other", "b", start, lease); err != nil || !held {
				t.Fatalf("b could not take another name: %v %v", held, err)
			}
		}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := open(t)
			if !hold(t, l, "a", 0) {
				t.Fatal("a could not take a free lock")
			}
			tc.then(t, l)
			if got := hold(t, l, "b", tc.b); got != tc.wantB {
				t.Errorf("b holds it: %v, want %v", got, tc.wantB)
			}
		})
	}

	t.Run("two holders never both hold it", func(t *testing.T) {
		l := open(t)
		// Holders ask at once for a free lock, then for the lock whose
		// lease just ended: each time exactly one may win.
		for _, at := range []time.Duration{0, lease, 2 * lease, 2*lease + lease/2} {
			var wg sync.WaitGroup
			var mu sync.Mutex
			var winners []string
			for h := range 8 {
				holder := fmt.Sprintf("holder %d at %v", h, at)
				wg.Go(func() {
					held, err := l.HoldLease(ctx, "jobs", holder, start.Add(at), lease)
					if err != nil {
						t.Error(err)
					}
					if held {
						mu.Lock()
						winners = append(winners, holder)
						mu.Unlock()
					}
				})
			}
			wg.Wait()
			want := 1
			if at == 2*lease+lease/2 {
				want = 0 // the lease taken at 2*lease still runs
			}
			if len(winners) != want {
				t.Errorf("at %v, %d holders hold it: %v", at, len(winners), winners)
			}
		}
	})
}
