package sqlite_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"rehome/app"
)

// TestSessionsEndedAreTold: each write that ends sessions, whichever
// method made it, tells what it ended once committed; others tell nothing.
func TestSessionsEndedAreTold(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	var told []app.SessionsEnded
	db.OnSessionsEnded(func(e app.SessionsEnded) { told = append(told, e) })
	store := db.Sessions()
	ann := mpUser(t, db, "ann", app.RoleBuyer)
	owner := app.SessionOwner{UserID: ann.ID, Device: "Firefox", SignedIn: time.Now(), LastSeen: time.Now()}

	cases := []struct {
		name  string
		write func(t *testing.T)
		want  []app.SessionsEnded
	}{
		{"a session signed in", func(t *testing.T) {
			must(t, store.CommitOwned(ctx, "phone", []byte("data"), time.Now().Add(time.Hour), owner))
			must(t, store.CommitOwned(ctx, "phone", []byte("more"), time.Now().Add(time.Hour), owner))
		}, nil},
		{"logout", func(t *testing.T) {
			must(t, store.DeleteCtx(ctx, "phone"))
		}, []app.SessionsEnded{{Sessions: []string{app.SessionID("phone")}}}},
		{"a session ended from the list", func(t *testing.T) {
			must(t, store.CommitOwned(ctx, "laptop", []byte("data"), time.Now().Add(time.Hour), owner))
			must(t, db.EndAccountSession(ctx, ann.ID, app.SessionID("laptop")))
		}, []app.SessionsEnded{{Sessions: []string{app.SessionID("laptop")}}}},
		{"sessions expired", func(t *testing.T) {
			must(t, store.CommitOwned(ctx, "old", []byte("data"), time.Now().Add(-time.Second), owner))
			if _, err := store.DeleteExpired(ctx); err != nil {
				t.Fatal(err)
			}
		}, []app.SessionsEnded{{Sessions: []string{app.SessionID("old")}}}},
		{"a new password", func(t *testing.T) {
			if _, err := db.SetPassword(ctx, ann.ID, []byte("new hash")); err != nil {
				t.Fatal(err)
			}
		}, []app.SessionsEnded{{Epochs: map[int64]int64{ann.ID: ann.SessionEpoch + 1}}}},
		{"signed out everywhere", func(t *testing.T) {
			if _, err := db.EndSessions(ctx, ann.ID); err != nil {
				t.Fatal(err)
			}
		}, []app.SessionsEnded{{Epochs: map[int64]int64{ann.ID: ann.SessionEpoch + 2}}}},
		{"a profile changed", func(t *testing.T) {
			if _, err := db.UpdateProfile(ctx, ann.ID, "Ann", "", "", "", false); err != nil {
				t.Fatal(err)
			}
		}, nil},
		{"the account deleted", func(t *testing.T) {
			must(t, db.DeleteUser(ctx, ann.ID, nil))
		}, []app.SessionsEnded{{Accounts: []int64{ann.ID}}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			told = nil
			tc.write(t)
			if !reflect.DeepEqual(told, tc.want) {
				t.Errorf("told %+v, want %+v", told, tc.want)
			}
		})
	}
}
