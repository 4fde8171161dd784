package sqlite_test

import (
	"context"
	"testing"
	"time"

	"rehome/app"
)

// TestPasswordResetLinks: a link works once, and not after it expires; an
// expired one is spent all the same.
func TestPasswordResetLinks(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	u := &app.User{Name: "Ann", Email: "ann@example.com", Role: app.RoleBuyer}
	must(t, db.CreateUser(ctx, u, []byte("old hash")))
	now := time.Now()
	must(t, db.CreatePasswordReset(ctx, app.PasswordReset{UserID: u.ID, TokenHash: []byte("fresh"), Expires: now.Add(time.Hour)}))
	must(t, db.CreatePasswordReset(ctx, app.PasswordReset{UserID: u.ID, TokenHash: []byte("stale"), Expires: now.Add(time.Minute)}))

	tests := []struct {
		name string
		hash string
		at   time.Time
		want app.Kind
	}{
		{"an expired link", "stale", now.Add(2 * time.Minute), app.KindNotFound},
		{"the expired link again", "stale", now, app.KindNotFound},
		{"an unknown link", "never", now, app.KindNotFound},
		{"a valid link", "fresh", now.Add(59 * time.Minute), ""},
		{"the same link again", "fresh", now, app.KindNotFound},
	}
	for _, tt := range tests {
		got, err := db.UsePasswordReset(ctx, []byte(tt.hash), []byte("new hash"), tt.at)
		if app.ErrorKind(err) != tt.want {
			t.Fatalf("%s: %v, want %q", tt.name, err, tt.want)
		}
		if err == nil && (got.ID != u.ID || got.SessionEpoch != 1) {
			t.Errorf("%s: the account reads %+v, want epoch 1", tt.name, got)
		}
	}
	_, hash, err := db.PasswordHash(ctx, "ann@example.com")
	if err != nil || string(hash) != "new hash" {
		t.Errorf("the password hash is %q (%v)", hash, err)
	}
}
