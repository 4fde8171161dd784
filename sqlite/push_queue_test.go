package sqlite_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"rehome/app"
)

// TestPushOfTheUnsubscribedTakesNoWrite: the notes of people with no
// browser subscribed are dropped before the one writer is asked for.
func TestPushOfTheUnsubscribedTakesNoWrite(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	ann := &app.User{Name: "Ann", Email: "ann@example.com", Role: app.RoleBuyer}
	bea := &app.User{Name: "Bea", Email: "bea@example.com", Role: app.RoleBuyer}
	must(t, db.CreateUser(ctx, ann, []byte("hash")))
	must(t, db.CreateUser(ctx, bea, []byte("hash")))
	owner := app.SessionOwner{UserID: bea.ID, Device: "Firefox", SignedIn: time.Now(), LastSeen: time.Now()}
	must(t, db.Sessions().CommitOwned(ctx, "bea's phone", []byte("data"), time.Now().Add(time.Hour), owner))
	if _, err := db.SavePushSubscription(ctx, bea.ID, app.PushFrom{Session: app.SessionID("bea's phone")}, app.PushSubscription{Endpoint: "https://push.example.com/1",
		Keys: app.PushKeys{P256dh: "key", Auth: "auth"}}); err != nil {
		t.Fatal(err)
	}
	var writes atomic.Int32
	db.ObserveWriteWaits(func(time.Duration) { writes.Add(1) })
	note := func(u *app.User) app.QueuedPush {
		return app.QueuedPush{UserID: u.ID, Kind: app.PushMessage, Title: "Hello", Queued: time.Now()}
	}

	must(t, db.QueuePush(ctx, []app.QueuedPush{note(ann)}))
	if n := writes.Load(); n != 0 {
		t.Errorf("a note for someone with no browser subscribed took %d writes", n)
	}
	must(t, db.QueuePush(ctx, []app.QueuedPush{note(ann), note(bea)}))
	if n := writes.Load(); n != 1 {
		t.Errorf("a note for someone subscribed took %d writes, want 1", n)
	}
	due, err := db.ClaimDuePush(ctx, "test", time.Now().Add(time.Minute), time.Minute, 10)
	if err != nil || len(due) != 1 || due[0].UserID != bea.ID {
		t.Errorf("queued %+v (%v), want Bea's note alone", due, err)
	}
}
