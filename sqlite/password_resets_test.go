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
	link := func(hash string, expires time.Time) app.PasswordReset {
		return app.PasswordReset{UserID: u.ID, Email: u.Email, TokenHash: []byte(hash), Expires: expires}
	}

	tests := []struct {
		name   string
		create *app.PasswordReset // made just before
		hash   string
		at     time.Time
		want   app.Kind
	}{
		{"an expired link", new(link("stale", now.Add(time.Minute))), "stale", now.Add(2 * time.Minute), app.KindNotFound},
		{"the expired link again", nil, "stale", now, app.KindNotFound},
		{"an unknown link", nil, "never", now, app.KindNotFound},
		{"a valid link", new(link("fresh", now.Add(time.Hour))), "fresh", now.Add(59 * time.Minute), ""},
		{"the same link again", nil, "fresh", now, app.KindNotFound},
	}
	for _, tt := range tests {
		if tt.create != nil {
			must(t, db.CreatePasswordReset(ctx, *tt.create))
		}
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
