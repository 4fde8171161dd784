package sqlite_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"rehome/app"
)

// TestExpiredSessionsEndedAreTold: the store's own cleanup of expired
// sessions is told as any other write that ends sessions is (storetest's
// Sessions holds the rest).
func TestExpiredSessionsEndedAreTold(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	var told []app.SessionsEnded
	db.OnSessionsEnded(func(e app.SessionsEnded) { told = append(told, e) })
	store := db.Sessions()
	ann := mpUser(t, db, "ann", app.RoleBuyer)
	owner := app.SessionOwner{UserID: ann.ID, Device: "Firefox", SignedIn: time.Now(), LastSeen: time.Now()}
	must(t, store.CommitOwned(ctx, "old", []byte("data"), time.Now().Add(-time.Second), owner))
	must(t, store.CommitOwned(ctx, "live", []byte("data"), time.Now().Add(time.Hour), owner))
	if n, err := store.DeleteExpired(ctx); err != nil || n != 1 {
		t.Errorf("deleted %d expired, %v; want 1", n, err)
	}
	if want := []app.SessionsEnded{{Sessions: []string{app.SessionID("old")}}}; !reflect.DeepEqual(told, want) {
		t.Errorf("told %+v, want %+v", told, want)
	}
	if _, found, err := store.FindCtx(ctx, "live"); err != nil || !found {
		t.Errorf("a live session after the cleanup: found %v, %v", found, err)
	}
}
