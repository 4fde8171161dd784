package postgres_test

import (
	"context"
	"testing"
	"time"

	"rehome/app"
	"rehome/postgres"
)

// TestLinkSpentAfterItsAccountIsHeld checks the lock order of spending a
// one-time link: its account's row first, its own row after, as every
// write that voids links takes them (trigger links_end_with_credentials).
// A change of the account is under way, holding the account's row; the
// link is spent meanwhile. The spend must wait without touching the link,
// so that the change can still void it: in the other order the two
// deadlock, and PostgreSQL breaks that only after a second.
func TestLinkSpentAfterItsAccountIsHeld(t *testing.T) {
	later := time.Now().Add(time.Hour)
	for _, tc := range []struct {
		name   string
		table  string
		create func(ctx context.Context, db *postgres.DB, u *app.User, token []byte) error
		use    func(ctx context.Context, db *postgres.DB, token []byte) error
	}{
		{"PasswordReset", "password_resets", func(ctx context.Context, db *postgres.DB, u *app.User, token []byte) error {
			return db.CreatePasswordReset(ctx, app.PasswordReset{UserID: u.ID, Email: u.Email, TokenHash: token, Expires: later})
		}, func(ctx context.Context, db *postgres.DB, token []byte) error {
			_, err := db.UsePasswordReset(ctx, token, []byte("new hash"), time.Now())
			return err
		}},
		{"EmailVerification", "email_verifications", func(ctx context.Context, db *postgres.DB, u *app.User, token []byte) error {
			return db.CreateEmailVerification(ctx, app.EmailVerification{UserID: u.ID, Email: u.Email, TokenHash: token, Expires: later})
		}, func(ctx context.Context, db *postgres.DB, token []byte) error {
			_, err := db.UseEmailVerification(ctx, token, time.Now())
			return err
		}},
		{"EmailChange", "email_changes", func(ctx context.Context, db *postgres.DB, u *app.User, token []byte) error {
			return db.CreateEmailChange(ctx, app.EmailChange{UserID: u.ID, NewEmail: "new@example.com", TokenHash: token, Expires: later})
		}, func(ctx context.Context, db *postgres.DB, token []byte) error {
			_, _, err := db.UseEmailChange(ctx, token, time.Now())
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := t.Context()
			db := mustOpenDB(t)
			u := &app.User{Name: "Bea", Email: "bea@example.com", Role: app.RoleBuyer}
			if err := db.CreateUser(ctx, u, []byte("hash")); err != nil {
				t.Fatal(err)
			}
			token := []byte("token")
			if err := tc.create(ctx, db, u, token); err != nil {
				t.Fatal(err)
			}

			change, err := db.Pool().Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer change.Rollback(context.WithoutCancel(ctx))
			_, err = change.Exec(ctx, `UPDATE users SET name = name WHERE id = $1`, u.ID)
			if err != nil {
				t.Fatal(err)
			}

			spent := make(chan error, 1)
			go func() { spent <- tc.use(ctx, db, token) }()
			waitForALockWait(t, db, spent)

			// The spend waits and holds no lock on the link meanwhile.
			_, err = change.Exec(ctx, `SELECT 1 FROM `+tc.table+` WHERE token_hash = $1 FOR UPDATE NOWAIT`, token)
			if err != nil {
				t.Fatalf("the link is held by its spend before its account is: %v", err)
			}
			// A new session epoch voids the link (trigger); the spend then finds nothing.
			_, err = change.Exec(ctx, `UPDATE users SET session_epoch = session_epoch + 1 WHERE id = $1`, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if err := change.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			if err := <-spent; app.ErrorKind(err) != app.KindNotFound {
				t.Errorf("spending a link voided meanwhile: %v, want not found", err)
			}
		})
	}
}

// waitForALockWait returns once a connection to db waits for a lock. It
// fails the test if done is sent to first: the call it watches returned
// without waiting.
func waitForALockWait(t *testing.T, db *postgres.DB, done <-chan error) {
	t.Helper()
	for {
		select {
		case err := <-done:
			t.Fatalf("the call returned without waiting for the account's row: %v", err)
		default:
		}
		var waiting int
		err := db.Pool().QueryRow(t.Context(), `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting)
		if err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			return
		}
	}
}
