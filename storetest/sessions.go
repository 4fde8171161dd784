package storetest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"rehome/app"
)

// RunSessions checks the sessions of signed-in people: kept and found by
// token, listed per account, ended one at a time, and every write that
// ends some told.
func RunSessions(t *testing.T, open func(t *testing.T) Stores) {
	later := time.Now().Add(time.Hour)
	t.Run("RoundTrip", func(t *testing.T) {
		w := newWorld(t, open)
		must(t, w.CommitCtx(w.ctx, "live", []byte("data"), later))
		must(t, w.CommitCtx(w.ctx, "old", []byte("data"), time.Now().Add(-time.Second)))
		if data, found, err := w.FindCtx(w.ctx, "live"); err != nil || !found || string(data) != "data" {
			t.Fatalf("live: %q %v %v", data, found, err)
		}
		if _, found, err := w.FindCtx(w.ctx, "old"); err != nil || found {
			t.Errorf("an expired session: found %v, %v", found, err)
		}
		must(t, w.CommitCtx(w.ctx, "live", []byte("new"), later))
		if data, _, _ := w.FindCtx(w.ctx, "live"); string(data) != "new" {
			t.Errorf("after a second commit: %q", data)
		}
		must(t, w.DeleteCtx(w.ctx, "live"))
		if _, found, err := w.FindCtx(w.ctx, "live"); err != nil || found {
			t.Errorf("a deleted session: found %v, %v", found, err)
		}
	})
	t.Run("FoundUntilItsExpiryByTheStoresClock", func(t *testing.T) {
		// What the sessions cache above the store keeps: the data with its
		// expiry, judged later by the store's clock.
		w := newWorld(t, open)
		expiry := later.Truncate(time.Millisecond)
		must(t, w.CommitCtx(w.ctx, "live", []byte("data"), expiry))
		must(t, w.CommitCtx(w.ctx, "old", []byte("data"), time.Now().Add(-time.Second)))
		data, until, found, err := w.FindUntil(w.ctx, "live")
		if err != nil || !found || string(data) != "data" || !until.Equal(expiry) {
			t.Errorf("live: %q until %v, found %v, %v; want until %v", data, until, found, err, expiry)
		}
		if _, _, found, err := w.FindUntil(w.ctx, "old"); err != nil || found {
			t.Errorf("an expired session: found %v, %v", found, err)
		}
		if now := w.Now(); now.IsZero() || now.Location() != time.UTC || !now.Before(expiry) {
			t.Errorf("the store's clock says %v", now)
		}
	})
	t.Run("RoundTripWithoutContext", func(t *testing.T) {
		// scs's Store, which CtxStore embeds: the same sessions.
		w := newWorld(t, open)
		must(t, w.Commit("live", []byte("data"), later))
		must(t, w.Commit("old", []byte("data"), time.Now().Add(-time.Second)))
		if data, found, err := w.Find("live"); err != nil || !found || string(data) != "data" {
			t.Fatalf("live: %q %v %v", data, found, err)
		}
		if _, found, err := w.Find("old"); err != nil || found {
			t.Errorf("an expired session: found %v, %v", found, err)
		}
		must(t, w.Commit("live", []byte("new"), later))
		if data, found, err := w.FindCtx(w.ctx, "live"); err != nil || !found || string(data) != "new" {
			t.Errorf("after a second commit: %q %v %v", data, found, err)
		}
		must(t, w.Delete("live"))
		if _, found, err := w.Find("live"); err != nil || found {
			t.Errorf("a deleted session: found %v, %v", found, err)
		}
	})
	t.Run("AccountSessionsCurrentFirstThenLastSeen", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		start := time.Now().Add(-time.Hour).Truncate(time.Second)
		for i, device := range []string{"phone", "laptop", "tablet", "tv"} {
			seen := start.Add(time.Duration(i) * time.Minute)
			must(t, w.CommitOwned(w.ctx, device, []byte("data"), later, app.SessionOwner{UserID: bea.ID, Device: device, SignedIn: start, LastSeen: seen}))
		}
		must(t, w.CommitOwned(w.ctx, "expired", []byte("data"), time.Now().Add(-time.Second), app.SessionOwner{UserID: bea.ID, Device: "expired", SignedIn: start, LastSeen: start}))
		must(t, w.CommitOwned(w.ctx, "sam's", []byte("data"), later, app.SessionOwner{UserID: w.seller.ID, Device: "sam's", SignedIn: start, LastSeen: start}))
		must(t, w.CommitCtx(w.ctx, "signed out", []byte("data"), later))
		current := app.SessionID("laptop")
		for _, tc := range []struct {
			page app.Page
			want string
		}{
			{app.Page{Limit: 10}, "laptop tv tablet phone"},
			{app.Page{Limit: 2}, "laptop tv"},
			{app.Page{Limit: 2, Offset: 2}, "tablet phone"},
			{app.Page{Limit: 2, Offset: 4}, ""},
		} {
			list, err := w.AccountSessions(w.ctx, bea.ID, current, tc.page)
			must(t, err)
			if got := names(list.Items, func(s app.Session) string { return s.Device }); got != tc.want || list.Total != 4 {
				t.Errorf("page %+v: %q of %d, want %q of 4", tc.page, got, list.Total, tc.want)
			}
			for _, s := range list.Items {
				if s.ID != app.SessionID(s.Device) || s.Current != (s.ID == current) || !s.Created.Equal(start) {
					t.Errorf("session %+v", s)
				}
			}
		}
	})
	t.Run("EndAccountSession", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		owner := app.SessionOwner{UserID: bea.ID, Device: "phone", SignedIn: time.Now(), LastSeen: time.Now()}
		must(t, w.CommitOwned(w.ctx, "phone", []byte("data"), later, owner))
		wantKind(t, w.EndAccountSession(w.ctx, w.seller.ID, app.SessionID("phone")), app.KindNotFound)
		must(t, w.EndAccountSession(w.ctx, bea.ID, app.SessionID("phone")))
		if _, found, err := w.FindCtx(w.ctx, "phone"); err != nil || found {
			t.Errorf("an ended session: found %v, %v", found, err)
		}
		wantKind(t, w.EndAccountSession(w.ctx, bea.ID, app.SessionID("phone")), app.KindNotFound)
	})
	t.Run("EndOneSessionOnce", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		for round := range rounds {
			token := fmt.Sprint("phone", round)
			must(t, w.CommitOwned(w.ctx, token, []byte("data"), later, app.SessionOwner{UserID: bea.ID, Device: "phone", SignedIn: time.Now(), LastSeen: time.Now()}))
			count := outcomes(race(racers, round, func(int) error { return w.EndAccountSession(w.ctx, bea.ID, app.SessionID(token)) }))
			if count["ok"] != 1 || count[string(app.KindNotFound)] != racers-1 {
				t.Errorf("outcomes %v, want one ok and the rest not found", count)
			}
		}
	})
	t.Run("SessionsEndedAreTold", runSessionsEnded(open))
}

// runSessionsEnded: each write that ends sessions, whichever method made
// it, tells what it ended before it returns; others tell nothing.
func runSessionsEnded(open func(t *testing.T) Stores) func(t *testing.T) {
	return func(t *testing.T) {
		w := newWorld(t, open)
		var told []app.SessionsEnded
		w.OnSessionsEnded(func(e app.SessionsEnded) { told = append(told, e) })
		ann := w.user(t, "ann", app.RoleBuyer)
		owner := app.SessionOwner{UserID: ann.ID, Device: "Firefox", SignedIn: time.Now(), LastSeen: time.Now()}
		later := time.Now().Add(time.Hour)
		// Each write that raises the epoch raises it by one from the last.
		epoch := ann.SessionEpoch
		epochRose := func() []app.SessionsEnded {
			epoch++
			return []app.SessionsEnded{{Epochs: map[int64]int64{ann.ID: epoch}}}
		}
		sessionEnded := func(token string) func() []app.SessionsEnded {
			return func() []app.SessionsEnded { return []app.SessionsEnded{{Sessions: []string{app.SessionID(token)}}} }
		}

		cases := []struct {
			name  string
			write func(t *testing.T)
			want  func() []app.SessionsEnded
		}{
			{"a session signed in", func(t *testing.T) {
				must(t, w.CommitOwned(w.ctx, "phone", []byte("data"), later, owner))
				must(t, w.CommitOwned(w.ctx, "phone", []byte("more"), later, owner))
			}, nil},
			{"logout", func(t *testing.T) {
				must(t, w.DeleteCtx(w.ctx, "phone"))
			}, sessionEnded("phone")},
			{"a session ended from the list", func(t *testing.T) {
				must(t, w.CommitOwned(w.ctx, "laptop", []byte("data"), later, owner))
				must(t, w.EndAccountSession(w.ctx, ann.ID, app.SessionID("laptop")))
			}, sessionEnded("laptop")},
			{"a new password", func(t *testing.T) {
				_, err := w.SetPassword(w.ctx, ann.ID, []byte("new hash"))
				must(t, err)
			}, epochRose},
			{"signed out everywhere", func(t *testing.T) {
				_, err := w.EndSessions(w.ctx, ann.ID)
				must(t, err)
			}, epochRose},
			{"a password reset", func(t *testing.T) {
				must(t, w.CreatePasswordReset(w.ctx, app.PasswordReset{UserID: ann.ID, Email: ann.Email, TokenHash: []byte("t"), Expires: later}))
				_, err := w.UsePasswordReset(w.ctx, []byte("t"), []byte("reset hash"), time.Now())
				must(t, err)
			}, epochRose},
			{"the account claimed by its email's owner", func(t *testing.T) {
				_, _, err := w.ClaimAccount(w.ctx, app.AccountClaim{UserID: ann.ID, Email: ann.Email, Provider: "google", Subject: "g-1"})
				must(t, err)
			}, epochRose},
			{"a profile changed", func(t *testing.T) {
				_, err := w.UpdateProfile(w.ctx, ann.ID, app.Profile{Name: "Ann"})
				must(t, err)
			}, nil},
			{"the account deleted", func(t *testing.T) {
				must(t, w.DeleteUser(w.ctx, ann.ID, nil))
			}, func() []app.SessionsEnded { return []app.SessionsEnded{{Accounts: []int64{ann.ID}}} }},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				told = nil
				tc.write(t)
				var want []app.SessionsEnded
				if tc.want != nil {
					want = tc.want()
				}
				if !reflect.DeepEqual(told, want) {
					t.Errorf("told %+v, want %+v", told, want)
				}
			})
		}
	}
}
