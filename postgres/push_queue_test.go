package postgres_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"rehome/app"
	"rehome/postgres"
)

// pushUser stores an account with a browser subscribed, for push notes
// to be queued for.
func pushUser(t *testing.T, db *postgres.DB, name string) *app.User {
	t.Helper()
	u := &app.User{Name: name, Email: name + "@example.com", Role: app.RoleBuyer}
	ctx := context.Background()
	if err := db.CreateUser(ctx, u, []byte("hash")); err != nil {
		t.Fatal(err)
	}
	sub := app.PushSubscription{Endpoint: "https://push.example.net/" + name, Keys: app.PushKeys{P256dh: "key", Auth: "auth"}}
	owner := app.SessionOwner{UserID: u.ID, Device: "Firefox", SignedIn: time.Now(), LastSeen: time.Now()}
	if err := db.Sessions().CommitOwned(ctx, name+"'s phone", []byte("data"), time.Now().Add(time.Hour), owner); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SavePushSubscription(ctx, u.ID, app.PushFrom{Session: app.SessionID(name + "'s phone")}, sub); err != nil {
		t.Fatal(err)
	}
	return u
}

func pushNote(userID int64, tag string, queued time.Time) app.QueuedPush {
	return app.QueuedPush{UserID: userID, Kind: app.PushReply, Title: "Reply", Body: "Sam: Yes", Path: "/dashboard/messages/1",
		Tag: tag, Queued: queued}
}

// Senders of several instances, each claiming until nothing is left,
// deliver every note once between them, whichever instance queued it.
func TestPushClaimedOnceAcrossInstances(t *testing.T) {
	ctx := context.Background()
	dbs := openInstances(t, 3)
	u := pushUser(t, dbs[0], "ann")
	const notes, senders = 60, 6
	now := time.Now()
	for i := range notes {
		if err := dbs[i%len(dbs)].QueuePush(ctx, []app.QueuedPush{pushNote(u.ID, fmt.Sprint("note-", i), now)}); err != nil {
			t.Fatal(err)
		}
	}
	claimedOnce(t, "note", notes, senders, func(s int) (string, func() ([]int64, error)) {
		holder := fmt.Sprint("sender ", s)
		return holder, func() ([]int64, error) {
			due, err := dbs[s%len(dbs)].ClaimDuePush(ctx, holder, now, time.Hour, 3)
			var ids []int64
			for _, n := range due {
				ids = append(ids, n.ID)
			}
			return ids, err
		}
	})
}

// A note whose holder stopped without delivering it is delivered by
// another instance once the lease ends, and a holder's lost claim cannot
// be released by it from under the new holder.
func TestPushOfAStoppedInstanceIsTakenOver(t *testing.T) {
	ctx := context.Background()
	dbs := openInstances(t, 2)
	u := pushUser(t, dbs[0], "ann")
	now := time.Now()
	if err := dbs[0].QueuePush(ctx, []app.QueuedPush{pushNote(u.ID, "a", now)}); err != nil {
		t.Fatal(err)
	}
	const lease = time.Minute
	claimed, err := dbs[0].ClaimDuePush(ctx, "stopped", now, lease, 10)
	if err != nil || len(claimed) != 1 {
		t.Fatalf("the first instance claimed %v, %v", claimed, err)
	}
	for _, tc := range []struct {
		at   time.Time
		want int
	}{{now.Add(lease - time.Millisecond), 0}, {now.Add(lease), 1}} {
		got, err := dbs[1].ClaimDuePush(ctx, "other", tc.at, lease, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != tc.want {
			t.Errorf("at %v into the lease the other instance claimed %d notes, want %d", tc.at.Sub(now), len(got), tc.want)
		}
	}
	if err := dbs[0].ReleasePush(ctx, "stopped", []int64{claimed[0].ID}); err != nil {
		t.Fatal(err)
	}
	if got, err := dbs[0].ClaimDuePush(ctx, "third", time.Now(), lease, 10); err != nil || len(got) != 0 {
		t.Errorf("after the stopped holder's late release, claimed %v (%v), want the note kept by its new holder", got, err)
	}
}

// A deleted account takes its queued notes with it, and a note queued for
// it afterwards is not kept.
func TestPushOfADeletedAccount(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	gone, kept := pushUser(t, db, "gone"), pushUser(t, db, "kept")
	now := time.Now()
	if err := db.QueuePush(ctx, []app.QueuedPush{pushNote(gone.ID, "before", now), pushNote(kept.ID, "kept", now)}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool().Exec(ctx, `DELETE FROM users WHERE id = $1`, gone.ID); err != nil {
		t.Fatal(err)
	}
	if err := db.QueuePush(ctx, []app.QueuedPush{pushNote(gone.ID, "after", now)}); err != nil {
		t.Fatal(err)
	}
	due, err := db.ClaimDuePush(ctx, "sender", now, time.Minute, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(due) != 1 || due[0].Tag != "kept" {
		t.Errorf("claimed %+v, want only the note of the account that is there", due)
	}
}
