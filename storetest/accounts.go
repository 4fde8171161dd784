package storetest

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"rehome/app"
)

// RunAccounts checks the writes an account's owner or an admin races on:
// the last admin, becoming a seller, one-time links.
func RunAccounts(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("ErrDeleteLastAdmin", func(t *testing.T) {
		w := newWorld(t, open)
		admin := w.user(t, "ada", app.RoleAdmin)
		wantKind(t, w.DeleteUser(w.ctx, admin.ID, nil), app.KindConflict)
		wantKind(t, w.DeleteUser(w.ctx, 9999, nil), app.KindNotFound)
	})
	t.Run("ProfileRoundTrip", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		want := app.Profile{Name: "Beatrice", Phone: "+49 30 1234", Location: "Kreuzberg", ShowPhone: true, Language: app.German}
		got, err := w.UpdateProfile(w.ctx, bea.ID, want)
		must(t, err)
		again, err := w.UserByID(w.ctx, bea.ID)
		must(t, err)
		for _, u := range []*app.User{got, again} {
			if u.Name != want.Name || u.Phone != want.Phone || u.Location != want.Location || !u.ShowPhone || u.Language != want.Language {
				t.Errorf("stored %+v, read back %+v", want, u)
			}
		}
		_, err = w.UpdateProfile(w.ctx, 9999, want)
		wantKind(t, err, app.KindNotFound)
	})
	t.Run("TwoAdminsDeleteEachOther", func(t *testing.T) {
		w := newWorld(t, open)
		survivor := w.user(t, "ada", app.RoleAdmin)
		for round := range rounds {
			admins := []*app.User{survivor, w.user(t, fmt.Sprint("ben", round), app.RoleAdmin)}
			winner := wantOneWinner(t, race(2, round, func(i int) error { return w.DeleteUser(w.ctx, admins[1-i].ID, nil) }))
			survivor = admins[winner]
			list, err := w.Users(w.ctx, app.RoleAdmin, app.Page{Limit: 10})
			must(t, err)
			if list.Total != 1 {
				t.Fatalf("%d admins left", list.Total)
			}
		}
	})
	t.Run("StartSellingOnce", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			bea := w.user(t, fmt.Sprint("bea", round), app.RoleBuyer)
			count := outcomes(race(racers, round, func(int) error { return w.StartSelling(w.ctx, bea.ID, nil) }))
			if count["ok"] != 1 || count[string(app.KindNotFound)] != racers-1 {
				t.Errorf("outcomes %v, want one ok and the rest not found", count)
			}
		}
	})
	t.Run("ResetLinkWorksOnce", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			bea := w.user(t, fmt.Sprint("bea", round), app.RoleBuyer)
			token := []byte(fmt.Sprint("reset", round))
			must(t, w.CreatePasswordReset(w.ctx, app.PasswordReset{UserID: bea.ID, Email: bea.Email, TokenHash: token, Expires: time.Now().Add(time.Hour)}))
			count := outcomes(race(racers, round, func(int) error {
				_, err := w.UsePasswordReset(w.ctx, token, []byte("new hash"), time.Now())
				return err
			}))
			if count["ok"] != 1 || count[string(app.KindNotFound)] != racers-1 {
				t.Errorf("outcomes %v, want one ok and the rest not found", count)
			}
		}
	})
	t.Run("NewerLinkReplacesOlder", func(t *testing.T) {
		later := time.Now().Add(time.Hour)
		for _, tc := range []struct {
			name   string
			create func(w *world, u *app.User, token string) error
			use    func(w *world, token string) error
		}{
			{"PasswordReset", func(w *world, u *app.User, token string) error {
				return w.CreatePasswordReset(w.ctx, app.PasswordReset{UserID: u.ID, Email: u.Email, TokenHash: []byte(token), Expires: later})
			}, func(w *world, token string) error {
				_, err := w.UsePasswordReset(w.ctx, []byte(token), []byte("new hash"), time.Now())
				return err
			}},
			{"EmailVerification", func(w *world, u *app.User, token string) error {
				return w.CreateEmailVerification(w.ctx, app.EmailVerification{UserID: u.ID, Email: u.Email, TokenHash: []byte(token), Expires: later})
			}, func(w *world, token string) error {
				_, err := w.UseEmailVerification(w.ctx, []byte(token), time.Now())
				return err
			}},
			{"EmailChange", func(w *world, u *app.User, token string) error {
				return w.CreateEmailChange(w.ctx, app.EmailChange{UserID: u.ID, NewEmail: token + "@new.test", TokenHash: []byte(token), Expires: later})
			}, func(w *world, token string) error {
				_, _, err := w.UseEmailChange(w.ctx, []byte(token), time.Now())
				return err
			}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w := newWorld(t, open)
				bea := w.user(t, "bea", app.RoleBuyer)
				must(t, tc.create(w, bea, "older"))
				must(t, tc.create(w, bea, "newer"))
				wantKind(t, tc.use(w, "older"), app.KindNotFound)
				must(t, tc.use(w, "newer"))
				wantKind(t, tc.use(w, "newer"), app.KindNotFound)
			})
		}
	})
	t.Run("ErrEmailTakenSinceTheChange", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		must(t, w.CreateEmailChange(w.ctx, app.EmailChange{UserID: bea.ID, NewEmail: "cy@example.com", TokenHash: []byte("t"), Expires: time.Now().Add(time.Hour)}))
		w.user(t, "cy", app.RoleBuyer)
		_, _, err := w.UseEmailChange(w.ctx, []byte("t"), time.Now())
		wantKind(t, err, app.KindConflict)
	})
	t.Run("ErrLinkExpired", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		must(t, w.CreatePasswordReset(w.ctx, app.PasswordReset{UserID: bea.ID, Email: bea.Email, TokenHash: []byte("t"), Expires: time.Now()}))
		_, err := w.UsePasswordReset(w.ctx, []byte("t"), []byte("new hash"), time.Now().Add(time.Second))
		wantKind(t, err, app.KindNotFound)
	})
	t.Run("OneVerificationLinkPerAccount", func(t *testing.T) {
		// Confirming an email voids no other link, so any second link kept
		// would still work.
		w := newWorld(t, open)
		for round := range rounds {
			bea := w.user(t, fmt.Sprint("bea", round), app.RoleBuyer)
			token := func(i int) []byte { return []byte(fmt.Sprint("verify", round, "-", i)) }
			for _, err := range race(racers, round, func(i int) error {
				return w.CreateEmailVerification(w.ctx, app.EmailVerification{UserID: bea.ID, Email: bea.Email,
					TokenHash: token(i), Expires: time.Now().Add(time.Hour)})
			}) {
				must(t, err)
			}
			worked := 0
			for i := range racers {
				if _, err := w.UseEmailVerification(w.ctx, token(i), time.Now()); err == nil {
					worked++
				} else {
					wantKind(t, err, app.KindNotFound)
				}
			}
			if worked != 1 {
				t.Errorf("%d links worked, want 1", worked)
			}
		}
	})
}

// RunPush checks the push keys and subscriptions.
func RunPush(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("ErrNoKeysYet", func(t *testing.T) {
		w := newWorld(t, open)
		_, err := w.VAPIDKeys(w.ctx)
		wantKind(t, err, app.KindNotFound)
	})
	t.Run("OneKeyPair", func(t *testing.T) {
		w := newWorld(t, open)
		kept := make([]app.VAPIDKeys, racers)
		for _, err := range race(racers, 0, func(i int) (err error) {
			kept[i], err = w.KeepVAPIDKeys(w.ctx, app.VAPIDKeys{Public: fmt.Sprint("public", i), Private: fmt.Sprint("private", i)})
			return err
		}) {
			must(t, err)
		}
		stored, err := w.VAPIDKeys(w.ctx)
		must(t, err)
		for i, k := range kept {
			if k != stored {
				t.Errorf("call %d was given %+v, the store keeps %+v", i, k, stored)
			}
		}
	})
	t.Run("OneEndpointSavedAtOnce", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			people := make([]*app.User, racers)
			for i := range people {
				people[i] = w.user(t, fmt.Sprint("p", round, "-", i), app.RoleBuyer)
			}
			sub := app.PushSubscription{Endpoint: fmt.Sprint("https://push.example.net/", round), Keys: app.PushKeys{P256dh: "key", Auth: "auth"}}
			from := make([]app.PushFrom, racers)
			for i, person := range people {
				from[i] = w.session(t, person, fmt.Sprint("session ", round, "-", i))
			}
			created := make([]bool, racers)
			for _, err := range race(racers, round, func(i int) (err error) {
				created[i], err = w.SavePushSubscription(w.ctx, people[i].ID, from[i], sub)
				return err
			}) {
				must(t, err)
			}
			news, held := 0, 0
			for i, person := range people {
				if created[i] {
					news++
				}
				subs, err := w.PushSubscriptions(w.ctx, person.ID)
				must(t, err)
				held += len(subs)
			}
			if news != 1 || held != 1 {
				t.Errorf("%d saves created the endpoint and %d people hold it, want 1 and 1", news, held)
			}
		}
	})
	t.Run("OldestForgottenBeyondTheMost", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		from := w.session(t, bea, "phone")
		for i := range app.MaxPushSubscriptions + 1 {
			_, err := w.SavePushSubscription(w.ctx, bea.ID, from, app.PushSubscription{Endpoint: fmt.Sprint("https://push.example.net/", i)})
			must(t, err)
		}
		subs, err := w.PushSubscriptions(w.ctx, bea.ID)
		must(t, err)
		if len(subs) != app.MaxPushSubscriptions || subs[0].Endpoint != "https://push.example.net/1" {
			t.Errorf("kept %d, the oldest %+v", len(subs), subs[0])
		}
	})
	t.Run("EndsWithItsSession", runPushEndsWithSession(open))
	t.Run("OnlyFromOnesOwnSession", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		sams := w.session(t, w.seller, "sam's phone")
		sub := app.PushSubscription{Endpoint: "https://push.example.net/1", Keys: app.PushKeys{P256dh: "key", Auth: "auth"}}
		for name, from := range map[string]app.PushFrom{"another's": sams, "none": {Session: app.SessionID("gone")}} {
			_, err := w.SavePushSubscription(w.ctx, bea.ID, from, sub)
			if app.ErrorKind(err) != app.KindConflict {
				t.Errorf("from %s session: %v, want a conflict", name, err)
			}
		}
		if subs, err := w.PushSubscriptions(w.ctx, bea.ID); err != nil || len(subs) != 0 {
			t.Errorf("kept %v, %v", subs, err)
		}
	})
	t.Run("MovesToTheSessionThatSavedItLast", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		before, after := w.session(t, bea, "before"), w.session(t, bea, "after")
		sub := app.PushSubscription{Endpoint: "https://push.example.net/1", Keys: app.PushKeys{P256dh: "key", Auth: "auth"}}
		_, err := w.SavePushSubscription(w.ctx, bea.ID, before, sub)
		must(t, err)
		_, err = w.SavePushSubscription(w.ctx, bea.ID, after, sub)
		must(t, err)
		must(t, w.DeleteCtx(w.ctx, "before"))
		if subs, err := w.PushSubscriptions(w.ctx, bea.ID); err != nil || len(subs) != 1 {
			t.Errorf("after the first session ended: %v, %v", subs, err)
		}
		must(t, w.DeleteCtx(w.ctx, "after"))
		if subs, err := w.PushSubscriptions(w.ctx, bea.ID); err != nil || len(subs) != 0 {
			t.Errorf("after the second session ended: %v, %v", subs, err)
		}
	})
	t.Run("Devices", runPushDevices(open))
	t.Run("Unsubscribe", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		w.subscribe(t, bea, "phone")
		w.subscribe(t, bea, "tablet")
		w.subscribe(t, w.seller, "laptop")
		// Only one's own: sam's laptop stays, as does a call for none.
		must(t, w.DeletePushSubscription(w.ctx, bea.ID, "https://push.example.net/laptop"))
		must(t, w.DeletePushSubscription(w.ctx, bea.ID, "https://push.example.net/none"))
		must(t, w.DeletePushSubscription(w.ctx, bea.ID, "https://push.example.net/phone"))
		if got := w.endpoints(t, bea) + ", " + w.endpoints(t, w.seller); got != "tablet, laptop" {
			t.Errorf("after bea unsubscribed her phone: %q", got)
		}
		// Its push service says it is gone: whoever's it was.
		must(t, w.DeletePushEndpoint(w.ctx, "https://push.example.net/laptop"))
		must(t, w.DeletePushEndpoint(w.ctx, "https://push.example.net/none"))
		if got := w.endpoints(t, bea) + ", " + w.endpoints(t, w.seller); got != "tablet, " {
			t.Errorf("after the laptop's endpoint went: %q", got)
		}
	})
	t.Run("KindsOff", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		if off, err := w.PushKindsOff(w.ctx, bea.ID); err != nil || len(off) != 0 {
			t.Fatalf("a new account has %v off, %v", off, err)
		}
		must(t, w.SetPushKinds(w.ctx, bea.ID, map[app.PushKind]bool{app.PushMessage: false, app.PushReply: false, app.PushBooking: true}))
		must(t, w.SetPushKinds(w.ctx, bea.ID, map[app.PushKind]bool{app.PushReply: true, app.PushReminder: false}))
		off, err := w.PushKindsOff(w.ctx, bea.ID)
		must(t, err)
		slices.Sort(off)
		if want := []app.PushKind{app.PushMessage, app.PushReminder}; !slices.Equal(off, want) {
			t.Errorf("PushKindsOff = %v, want %v", off, want)
		}
		if off, err := w.PushKindsOff(w.ctx, w.seller.ID); err != nil || len(off) != 0 {
			t.Errorf("another's kinds: %v off, %v", off, err)
		}
	})
}

// RunIdempotency checks that a key is claimed once before its work and
// keeps the answer of the request that did it.
func RunIdempotency(t *testing.T, open func(t *testing.T) Stores) {
	w := newWorld(t, open)
	now := time.Now()
	w.SetClock(func() time.Time { return now })
	hash := []byte("req")
	claim := func(key, by string) *app.StoredAnswer {
		t.Helper()
		held, err := w.ClaimKey(w.ctx, w.seller.ID, key, hash, by)
		must(t, err)
		return held
	}
	answer := func(status int) *app.StoredAnswer {
		return &app.StoredAnswer{RequestHash: hash, Status: status, Body: []byte(fmt.Sprintf(`{"status":%d}`, status))}
	}
	_, err := w.StoredAnswer(w.ctx, w.seller.ID, "key")
	wantKind(t, err, app.KindNotFound)

	t.Run("OneClaimOfRacers", func(t *testing.T) {
		for round := range rounds {
			key := fmt.Sprint("race", round)
			held := make([]*app.StoredAnswer, racers)
			for _, err := range race(racers, round, func(i int) (err error) {
				held[i], err = w.ClaimKey(w.ctx, w.seller.ID, key, hash, fmt.Sprint("req", i))
				return err
			}) {
				must(t, err)
			}
			owner := held[0].ClaimedBy
			for i, h := range held {
				if h.Answered() || h.ClaimedBy != owner {
					t.Errorf("racer %d found %+v, racer 0 %+v", i, h, held[0])
				}
			}
			// The winner's answer is kept, and a loser's is not.
			for i := range racers {
				must(t, w.KeepAnswer(w.ctx, w.seller.ID, key, fmt.Sprint("req", i), answer(200+i)))
			}
			got := claim(key, "late")
			if want := fmt.Sprint("req", got.Status-200); !got.Answered() || want != owner || string(got.Body) != fmt.Sprintf(`{"status":%d}`, got.Status) {
				t.Errorf("kept %+v, the work was %s's", got, owner)
			}
		}
	})
	t.Run("ReleasedForARetry", func(t *testing.T) {
		claim("released", "first")
		must(t, w.ReleaseClaim(w.ctx, w.seller.ID, "released", "other")) // not its claim
		if got := claim("released", "retry"); got.ClaimedBy != "first" {
			t.Fatalf("another's release freed the claim: %+v", got)
		}
		must(t, w.ReleaseClaim(w.ctx, w.seller.ID, "released", "first"))
		if got := claim("released", "retry"); got.ClaimedBy != "retry" || got.Answered() {
			t.Fatalf("after the release: %+v", got)
		}
		must(t, w.KeepAnswer(w.ctx, w.seller.ID, "released", "retry", answer(201)))
		must(t, w.ReleaseClaim(w.ctx, w.seller.ID, "released", "retry")) // an answer stays
		if got := claim("released", "again"); got.Status != 201 {
			t.Errorf("the answer went: %+v", got)
		}
	})
	t.Run("ClaimOfADeadProcess", func(t *testing.T) {
		claim("dead", "died")
		now = now.Add(app.IdempotencyLease - time.Second)
		if got := claim("dead", "retry"); got.ClaimedBy != "died" {
			t.Fatalf("taken over within the lease: %+v", got)
		}
		now = now.Add(2 * time.Second)
		if got := claim("dead", "retry"); got.ClaimedBy != "retry" || got.Answered() {
			t.Fatalf("past the lease: %+v", got)
		}
		// The process that had it cannot answer for the retry's work.
		must(t, w.KeepAnswer(w.ctx, w.seller.ID, "dead", "died", answer(409)))
		must(t, w.KeepAnswer(w.ctx, w.seller.ID, "dead", "retry", answer(201)))
		now = now.Add(app.IdempotencyLease + time.Second)
		if got := claim("dead", "third"); got.Status != 201 {
			t.Errorf("an answer past the lease was taken over: %+v", got)
		}
	})
	t.Run("ClaimWorkedInTheWorksTransaction", func(t *testing.T) {
		// A process that did the work and died before keeping its answer:
		// the work's write marked the claim, in its own transaction.
		claim("worked", "died")
		work := app.WithIdempotencyClaim(w.ctx, app.IdempotencyClaim{UserID: w.seller.ID, Key: "worked", By: "died"})
		must(t, w.CreateProduct(work, w.newProduct("Lamp")))
		must(t, w.ReleaseClaim(w.ctx, w.seller.ID, "worked", "died")) // a worked claim stays
		if got := claim("worked", "retry"); got.ClaimedBy != "died" || got.Abandoned {
			t.Fatalf("within the lease: %+v", got)
		}
		now = now.Add(app.IdempotencyLease + time.Second)
		if got := claim("worked", "retry"); got.ClaimedBy != "died" || got.Answered() || !got.Abandoned {
			t.Fatalf("past the lease, a worked claim was taken over or not told abandoned: %+v", got)
		}
		// A claim taken over refuses its old holder's writes.
		claim("lost", "slow")
		now = now.Add(app.IdempotencyLease + time.Second)
		if got := claim("lost", "retry"); got.ClaimedBy != "retry" {
			t.Fatalf("past the lease: %+v", got)
		}
		slow := app.WithIdempotencyClaim(w.ctx, app.IdempotencyClaim{UserID: w.seller.ID, Key: "lost", By: "slow"})
		lamp := w.newProduct("Slow lamp")
		if err := w.CreateProduct(slow, lamp); !errors.Is(err, app.ErrIdempotencyClaimLost) {
			t.Fatalf("a write under a claim taken over: %v", err)
		}
		mine, err := w.SellerProducts(w.ctx, w.seller.ID, app.Page{Limit: 100})
		must(t, err)
		if got := names(mine.Items, func(p app.Product) string { return p.Name }); strings.Contains(got, "Slow lamp") {
			t.Errorf("the refused write was kept: %s", got)
		}
	})
	t.Run("ForgetAnswersBefore", func(t *testing.T) {
		w := newWorld(t, open)
		now := time.Now()
		w.SetClock(func() time.Time { return now })
		keep := func(key string) {
			_, err := w.ClaimKey(w.ctx, w.seller.ID, key, hash, "req")
			must(t, err)
			must(t, w.KeepAnswer(w.ctx, w.seller.ID, key, "req", answer(201)))
		}
		keep("answered")
		_, err := w.ClaimKey(w.ctx, w.seller.ID, "claimed", hash, "req")
		must(t, err)
		now = now.Add(time.Hour)
		cutoff := now
		keep("recent")
		n, err := w.ForgetAnswersBefore(w.ctx, cutoff)
		if err != nil || n != 2 {
			t.Errorf("ForgetAnswersBefore = %d, %v; want the answer and the claim, 2", n, err)
		}
		_, err = w.StoredAnswer(w.ctx, w.seller.ID, "answered")
		wantKind(t, err, app.KindNotFound)
		if got, err := w.StoredAnswer(w.ctx, w.seller.ID, "recent"); err != nil || got.Status != 201 {
			t.Errorf("the recent answer: %+v, %v", got, err)
		}
		if got, err := w.ClaimKey(w.ctx, w.seller.ID, "claimed", hash, "retry"); err != nil || got.ClaimedBy != "retry" {
			t.Errorf("a forgotten claim still holds: %+v, %v", got, err)
		}
		if n, err := w.ForgetAnswersBefore(w.ctx, cutoff); err != nil || n != 0 {
			t.Errorf("forgetting again: %d, %v; want 0", n, err)
		}
	})
	t.Run("AnswerPastItsTTL", func(t *testing.T) {
		claim("old", "first")
		must(t, w.KeepAnswer(w.ctx, w.seller.ID, "old", "first", answer(201)))
		now = now.Add(app.IdempotencyTTL + time.Second)
		_, err := w.StoredAnswer(w.ctx, w.seller.ID, "old")
		wantKind(t, err, app.KindNotFound)
		if got := claim("old", "later"); got.ClaimedBy != "later" || got.Answered() {
			t.Errorf("an expired answer was replayed: %+v", got)
		}
	})
}
