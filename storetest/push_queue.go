package storetest

import (
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"rehome/app"
)

// pushLease is how long a claim holds a push note in these tests.
const pushLease = 5 * time.Minute

// RunPushQueue checks the push queue: a note is queued whole, a claimed
// note is its holder's until the lease ends or it lets go, a delivered
// note is gone, and of senders claiming at once none gets a note another
// holds.
func RunPushQueue(t *testing.T, open func(t *testing.T) Stores) {
	note := func(userID int64, tag string, queued time.Time) app.QueuedPush {
		return app.QueuedPush{UserID: userID, Kind: app.PushMessage, Title: "New message about Oak table",
			Body: "Ann: Does it fit in a car?", Path: "/dashboard/messages/3", Tag: tag, Queued: queued}
	}
	claim := func(t *testing.T, w *world, holder string, at time.Time) []app.QueuedPush {
		t.Helper()
		due, err := w.ClaimDuePush(w.ctx, holder, at, pushLease, 10)
		must(t, err)
		return due
	}
	// subscribe gives u a browser to deliver to.
	subscribe := func(t *testing.T, w *world, u *app.User) {
		t.Helper()
		from := w.session(t, u, fmt.Sprint("session of ", u.ID))
		_, err := w.SavePushSubscription(w.ctx, u.ID, from, app.PushSubscription{Endpoint: fmt.Sprintf("https://push.example.net/%d", u.ID),
			Keys: app.PushKeys{P256dh: "key", Auth: "auth"}})
		must(t, err)
	}
	// subscribed is a world whose seller has a browser subscribed.
	subscribed := func(t *testing.T) *world {
		t.Helper()
		w := newWorld(t, open)
		subscribe(t, w, w.seller)
		return w
	}
	// queued is a world with one note queued at now.
	queued := func(t *testing.T) (*world, time.Time) {
		t.Helper()
		w := subscribed(t)
		now := time.Now()
		must(t, w.QueuePush(w.ctx, []app.QueuedPush{note(w.seller.ID, "conversation-3", now)}))
		return w, now
	}
	t.Run("ClaimRoundTrip", func(t *testing.T) {
		w, now := queued(t)
		due := claim(t, w, "a", now)
		if len(due) != 1 {
			t.Fatalf("claimed %d notes, want 1", len(due))
		}
		got, want := due[0], note(w.seller.ID, "conversation-3", now)
		if got.ID == 0 || !sameMoment(got.Queued, now) {
			t.Errorf("claimed %+v: want an id and the time it was queued, %v", got, now)
		}
		want.ID, want.Queued = got.ID, got.Queued
		if !reflect.DeepEqual(got, want) {
			t.Errorf("claimed %+v, want %+v", got, want)
		}
		if again := claim(t, w, "a", now); len(again) != 0 {
			t.Errorf("a claimed its own claim again")
		}
	})
	t.Run("Claims", func(t *testing.T) {
		for _, tc := range []struct {
			name  string
			after func(t *testing.T, w *world, id int64) // after holder a claimed the note at now
			b     func(now time.Time) time.Time          // when holder b asks
			want  int                                    // what b gets
		}{
			{"a claim keeps the note from others", nil, func(now time.Time) time.Time { return now.Add(pushLease - time.Second) }, 0},
			{"an ended lease frees the note", nil, func(now time.Time) time.Time { return now.Add(pushLease) }, 1},
			{"a release frees it at once", func(t *testing.T, w *world, id int64) {
				must(t, w.ReleasePush(w.ctx, "a", []int64{id}))
			}, func(time.Time) time.Time { return time.Now() }, 1},
			{"another holder's release does not", func(t *testing.T, w *world, id int64) {
				must(t, w.ReleasePush(w.ctx, "b", []int64{id}))
			}, func(time.Time) time.Time { return time.Now() }, 0},
			{"a delivered note is gone", func(t *testing.T, w *world, id int64) {
				must(t, w.PushDone(w.ctx, id))
			}, func(now time.Time) time.Time { return now.Add(pushLease) }, 0},
			{"a note is gone with its account", func(t *testing.T, w *world, _ int64) {
				must(t, w.DeleteUser(w.ctx, w.seller.ID, nil))
			}, func(now time.Time) time.Time { return now.Add(pushLease) }, 0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w, now := queued(t)
				due := claim(t, w, "a", now)
				if len(due) != 1 {
					t.Fatalf("a claimed %d notes, want 1", len(due))
				}
				if tc.after != nil {
					tc.after(t, w, due[0].ID)
				}
				if got := claim(t, w, "b", tc.b(now)); len(got) != tc.want {
					t.Errorf("b claimed %d notes, want %d", len(got), tc.want)
				}
			})
		}
	})
	t.Run("DueFromWhenQueued", func(t *testing.T) {
		w, now := queued(t)
		if due := claim(t, w, "a", now.Add(-time.Second)); len(due) != 0 {
			t.Errorf("a note was claimed before it was queued: %+v", due)
		}
	})
	t.Run("OldestFirstUpToTheLimit", func(t *testing.T) {
		// Queued out of order, as instances' events may reach the queue.
		w := subscribed(t)
		now := time.Now()
		var notes []app.QueuedPush
		for _, age := range []int{1, 3, 2} {
			notes = append(notes, note(w.seller.ID, fmt.Sprint("age-", age), now.Add(-time.Duration(age)*time.Second)))
		}
		must(t, w.QueuePush(w.ctx, notes))
		first, err := w.ClaimDuePush(w.ctx, "a", now, pushLease, 2)
		must(t, err)
		rest := claim(t, w, "b", now)
		if got := names(append(first, rest...), func(n app.QueuedPush) string { return n.Tag }); got != "age-3 age-2 age-1" {
			t.Errorf("claimed %q, want the oldest two then the third", got)
		}
	})
	t.Run("OnlyNotesSomeoneGetsAreQueued", func(t *testing.T) {
		w := subscribed(t)
		unsubscribed := w.user(t, "unsubscribed", app.RoleBuyer)
		gone := w.user(t, "gone", app.RoleBuyer)
		subscribe(t, w, gone)
		must(t, w.DeleteUser(w.ctx, gone.ID, nil))
		quiet := w.user(t, "quiet", app.RoleBuyer)
		subscribe(t, w, quiet)
		must(t, w.SetPushKinds(w.ctx, quiet.ID, map[app.PushKind]bool{app.PushMessage: false, app.PushBooking: true}))
		now := time.Now()
		booking := note(quiet.ID, "quiet-booking", now)
		booking.Kind = app.PushBooking
		must(t, w.QueuePush(w.ctx, []app.QueuedPush{
			note(gone.ID, "gone", now), note(unsubscribed.ID, "unsubscribed", now), note(quiet.ID, "quiet-message", now),
			booking, note(w.seller.ID, "kept", now),
		}))
		if got := names(claim(t, w, "a", now), func(n app.QueuedPush) string { return n.Tag }); got != "quiet-booking kept" {
			t.Errorf("claimed %q, want the notes of accounts that are there, subscribed, with the kind left on", got)
		}
	})
	t.Run("SendersClaimingAtOnce", func(t *testing.T) {
		// Every note is claimed, each by one sender: none is delivered twice.
		const notes = 40
		w := subscribed(t)
		now := time.Now()
		batch := make([]app.QueuedPush, notes)
		for i := range batch {
			batch[i] = note(w.seller.ID, fmt.Sprint("note-", i), now)
		}
		must(t, w.QueuePush(w.ctx, batch))
		var mu sync.Mutex
		holders := map[int64][]string{}
		for round := range rounds {
			at := now.Add(time.Duration(round) * pushLease) // each round's leases ended the last's
			clear(holders)
			errs := race(racers, round, func(i int) error {
				holder := fmt.Sprint("sender", i)
				due, err := w.ClaimDuePush(w.ctx, holder, at, pushLease, notes/racers+1)
				mu.Lock()
				defer mu.Unlock()
				for _, n := range due {
					holders[n.ID] = append(holders[n.ID], holder)
				}
				return err
			})
			for _, err := range errs {
				must(t, err)
			}
			for id, held := range holders {
				if len(held) > 1 {
					t.Errorf("round %d: note %d claimed by %v", round, id, held)
				}
			}
			if len(holders) != notes {
				t.Errorf("round %d: %d of %d notes claimed", round, len(holders), notes)
			}
		}
	})
}
