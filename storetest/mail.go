package storetest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"rehome/app"
)

// mailLease is how long a claim holds a mail in these tests.
const mailLease = 10 * time.Minute

// RunMail checks the mail queue's claims: a claimed mail is its courier's
// until the lease ends, a release or failure hands it back, and of
// couriers claiming at once none gets a mail another holds.
func RunMail(t *testing.T, open func(t *testing.T) Stores) {
	// queued is a world with one mail queued, and a moment the mail is
	// due at: the queue's own clock stamps it, and claims are asked at
	// times the test passes.
	queued := func(t *testing.T) (*world, time.Time) {
		t.Helper()
		w := newWorld(t, open)
		must(t, w.QueueMail(w.ctx, &app.Mail{To: "zoe@example.com", Subject: "Hello", Text: "Hi", HTML: "<p>Hi</p>"}))
		return w, time.Now()
	}
	claim := func(t *testing.T, w *world, courier string, at time.Time) []app.QueuedMail {
		t.Helper()
		due, err := w.ClaimDueMail(w.ctx, courier, at, mailLease, 10)
		must(t, err)
		return due
	}
	t.Run("ClaimRoundTrip", func(t *testing.T) {
		w, now := queued(t)
		due := claim(t, w, "a", now)
		if len(due) != 1 {
			t.Fatalf("claimed %d mails, want 1", len(due))
		}
		m := due[0]
		if m.ID == 0 || m.To != "zoe@example.com" || m.Subject != "Hello" || m.Text != "Hi" || m.HTML != "<p>Hi</p>" ||
			m.Attempts != 0 || m.Queued.IsZero() || m.Queued.After(now) {
			t.Errorf("claimed %+v", m)
		}
		if again := claim(t, w, "a", now); len(again) != 0 {
			t.Errorf("a claimed its own claim again")
		}
	})
	t.Run("Claims", func(t *testing.T) {
		for _, tc := range []struct {
			name  string
			after func(t *testing.T, w *world, id int64, now time.Time) // after courier a claimed the mail at now
			b     func(now time.Time) time.Time                         // when courier b asks
			want  int                                                   // what b gets
		}{
			{"a claim keeps the mail from others", nil, func(now time.Time) time.Time { return now.Add(mailLease - time.Second) }, 0},
			{"an ended lease frees the mail", nil, func(now time.Time) time.Time { return now.Add(mailLease) }, 1},
			{"a release frees it at once", func(t *testing.T, w *world, id int64, _ time.Time) {
				must(t, w.ReleaseMail(w.ctx, "a", []int64{id}))
			}, func(time.Time) time.Time { return time.Now() }, 1},
			{"another courier's release does not", func(t *testing.T, w *world, id int64, _ time.Time) {
				must(t, w.ReleaseMail(w.ctx, "b", []int64{id}))
			}, func(time.Time) time.Time { return time.Now() }, 0},
			{"a failure sets the retry", func(t *testing.T, w *world, id int64, now time.Time) {
				must(t, w.MailFailed(w.ctx, "a", id, now.Add(time.Minute), "refused"))
			}, func(now time.Time) time.Time { return now.Add(time.Minute) }, 1},
			{"a failure's retry is not due before", func(t *testing.T, w *world, id int64, now time.Time) {
				must(t, w.MailFailed(w.ctx, "a", id, now.Add(time.Minute), "refused"))
			}, func(now time.Time) time.Time { return now.Add(time.Minute - time.Second) }, 0},
			{"another courier's failure is ignored", func(t *testing.T, w *world, id int64, now time.Time) {
				must(t, w.MailFailed(w.ctx, "b", id, now, "refused"))
			}, func(now time.Time) time.Time { return now }, 0},
			{"a sent mail is gone", func(t *testing.T, w *world, id int64, _ time.Time) {
				must(t, w.MailDone(w.ctx, id))
			}, func(now time.Time) time.Time { return now.Add(mailLease) }, 0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w, now := queued(t)
				due := claim(t, w, "a", now)
				if len(due) != 1 {
					t.Fatalf("a claimed %d mails, want 1", len(due))
				}
				if tc.after != nil {
					tc.after(t, w, due[0].ID, now)
				}
				if got := claim(t, w, "b", tc.b(now)); len(got) != tc.want {
					t.Errorf("b claimed %d mails, want %d", len(got), tc.want)
				}
			})
		}
	})
	t.Run("FailuresAreCounted", func(t *testing.T) {
		w, now := queued(t)
		for attempt := range 3 {
			due := claim(t, w, "a", now)
			if len(due) != 1 || due[0].Attempts != attempt {
				t.Fatalf("claim %d: %+v, want the mail after %d failures", attempt, due, attempt)
			}
			must(t, w.MailFailed(w.ctx, "a", due[0].ID, now, "refused"))
		}
	})
	t.Run("OldestFirstUpToTheLimit", func(t *testing.T) {
		w := newWorld(t, open)
		for i := range 3 {
			must(t, w.QueueMail(w.ctx, &app.Mail{To: fmt.Sprintf("p%d@example.com", i), Subject: "Hello"}))
		}
		now := time.Now()
		first, err := w.ClaimDueMail(w.ctx, "a", now, mailLease, 2)
		must(t, err)
		rest := claim(t, w, "b", now)
		if got := names(append(first, rest...), func(m app.QueuedMail) string { return m.To }); got != "p0@example.com p1@example.com p2@example.com" {
			t.Errorf("claimed %q, want the oldest two then the third", got)
		}
	})
	t.Run("NextMailDue", func(t *testing.T) {
		w := newWorld(t, open)
		next := func(t *testing.T) (time.Time, bool) {
			t.Helper()
			at, ok, err := w.NextMailDue(w.ctx)
			must(t, err)
			return at, ok
		}
		if _, ok := next(t); ok {
			t.Fatal("an empty queue has mail due")
		}
		must(t, w.QueueMail(w.ctx, &app.Mail{To: "zoe@example.com", Subject: "Hello"}))
		now := time.Now()
		if at, ok := next(t); !ok || at.After(now) {
			t.Errorf("a queued mail is due at %v (%v), want at once", at, ok)
		}
		due := claim(t, w, "a", now)
		if at, _ := next(t); !sameMoment(at, now.Add(mailLease)) {
			t.Errorf("a claimed mail is due at %v, want its lease's end %v", at, now.Add(mailLease))
		}
		retry := now.Add(time.Hour)
		must(t, w.MailFailed(w.ctx, "a", due[0].ID, retry, "refused"))
		if at, _ := next(t); !sameMoment(at, retry) {
			t.Errorf("a failed mail is due at %v, want its retry %v", at, retry)
		}
		must(t, w.MailDone(w.ctx, due[0].ID))
		if _, ok := next(t); ok {
			t.Error("a sent mail is still due")
		}
	})
	t.Run("CouriersClaimingAtOnce", func(t *testing.T) {
		// Every mail is claimed, each by one courier: none is sent twice.
		const mails = 40
		w := newWorld(t, open)
		for i := range mails {
			must(t, w.QueueMail(w.ctx, &app.Mail{To: fmt.Sprintf("p%d@example.com", i), Subject: "Hello"}))
		}
		now := time.Now()
		var mu sync.Mutex
		holders := map[int64][]string{}
		for round := range rounds {
			at := now.Add(time.Duration(round) * mailLease) // each round's leases ended the last's
			clear(holders)
			errs := race(racers, round, func(i int) error {
				courier := fmt.Sprint("courier", i)
				due, err := w.ClaimDueMail(w.ctx, courier, at, mailLease, mails/racers+1)
				mu.Lock()
				defer mu.Unlock()
				for _, m := range due {
					holders[m.ID] = append(holders[m.ID], courier)
				}
				return err
			})
			for _, err := range errs {
				must(t, err)
			}
			for id, held := range holders {
				if len(held) > 1 {
					t.Errorf("round %d: mail %d claimed by %v", round, id, held)
				}
			}
			if len(holders) != mails {
				t.Errorf("round %d: %d of %d mails claimed", round, len(holders), mails)
			}
		}
	})
}

// sameMoment says whether a store gave back the time b, kept to the
// millisecond at least.
func sameMoment(a, b time.Time) bool { return a.Sub(b).Abs() < time.Millisecond }
