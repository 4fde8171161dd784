package sqlite_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rehome/app"
	"rehome/sqlite"
)

// TestMigrationPushEndsWithSession: subscriptions kept before, which no
// session owns, are dropped; subscribing again ties the new one to its
// session, which takes it along when it ends.
func TestMigrationPushEndsWithSession(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rehome.db")
	old := migratedBefore(t, path, "0030")
	later := time.Now().Add(time.Hour).UnixMilli()
	for _, step := range []string{
		`PRAGMA user_version = 29`,
		`INSERT INTO users (id, name, email, password_hash, role, created) VALUES (1, 'Bea', 'bea@example.com', x'01', 'Buyer', 0)`,
		`INSERT INTO sessions (token, data, expiry, id, user_id, device, signed_in, last_seen) VALUES ('tok', x'00', ?1, '` +
			app.SessionID("tok") + `', 1, 'Firefox', 0, 0)`,
		`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, subscribed) VALUES (1, 'https://push.example.net/1', 'k', 'a', 0)`,
	} {
		if _, err := old.ExecContext(ctx, step, later); err != nil {
			t.Fatalf("%s: %v", strings.Fields(step)[0], err)
		}
	}
	must(t, old.Close())

	db, err := sqlite.Open(ctx, path)
	must(t, err)
	defer db.Close()
	if subs, err := db.PushSubscriptions(ctx, 1); err != nil || len(subs) != 0 {
		t.Fatalf("kept from before: %v, %v", subs, err)
	}
	sub := app.PushSubscription{Endpoint: "https://push.example.net/1", Keys: app.PushKeys{P256dh: "k", Auth: "a"}}
	if _, err := db.SavePushSubscription(ctx, 1, app.PushFrom{Session: app.SessionID("tok")}, sub); err != nil {
		t.Fatal(err)
	}
	must(t, db.Sessions().DeleteCtx(ctx, "tok"))
	if subs, err := db.PushSubscriptions(ctx, 1); err != nil || len(subs) != 0 {
		t.Errorf("after its session ended: %v, %v", subs, err)
	}
}
