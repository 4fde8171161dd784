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

// TestMigrationOneLinkPerAccount: of two links of one account kept before,
// the one that expires last stays and works; the other is void.
func TestMigrationOneLinkPerAccount(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rehome.db")
	old := migratedBefore(t, path, "0019")
	later := time.Now().Add(time.Hour).UnixMilli()
	for _, step := range []string{
		`PRAGMA user_version = 18`,
		`INSERT INTO users (id, name, email, password_hash, role, created) VALUES (1, 'Bea', 'bea@example.com', x'01', 'Buyer', 0)`,
		`INSERT INTO password_resets (token_hash, user_id, email, mailed, expires) VALUES
			(x'0a', 1, 'bea@example.com', 1, ?1 - 1000), (x'0b', 1, 'bea@example.com', 1, ?1)`,
		`INSERT INTO email_verifications (token_hash, user_id, email, expires) VALUES
			(x'0c', 1, 'bea@example.com', ?1), (x'0d', 1, 'bea@example.com', ?1 - 1000)`,
		`INSERT INTO email_changes (token_hash, user_id, new_email, expires) VALUES
			(x'0e', 1, 'bea@new.test', ?1 - 1000), (x'0f', 1, 'bea@new.test', ?1)`,
	} {
		if _, err := old.ExecContext(ctx, step, later); err != nil {
			t.Fatalf("%s: %v", strings.Fields(step)[0], err)
		}
	}
	must(t, old.Close())

	db, err := sqlite.Open(ctx, path)
	must(t, err)
	defer db.Close()
	now := time.Now()
	for _, tc := range []struct {
		name string
		use  func() error
		want app.Kind
	}{
		{"OlderVerification", func() error { _, err := db.UseEmailVerification(ctx, []byte{0x0d}, now); return err }, app.KindNotFound},
		{"NewerVerification", func() error { _, err := db.UseEmailVerification(ctx, []byte{0x0c}, now); return err }, ""},
		{"OlderChange", func() error { _, _, err := db.UseEmailChange(ctx, []byte{0x0e}, now); return err }, app.KindNotFound},
		{"NewerChange", func() error { _, _, err := db.UseEmailChange(ctx, []byte{0x0f}, now); return err }, ""},
		// The email change voided the reset links, so make a fresh pair.
		{"OlderReset", func() error {
			must(t, db.CreatePasswordReset(ctx, app.PasswordReset{UserID: 1, Email: "bea@new.test", TokenHash: []byte{1}, Expires: now.Add(time.Hour)}))
			must(t, db.CreatePasswordReset(ctx, app.PasswordReset{UserID: 1, Email: "bea@new.test", TokenHash: []byte{2}, Expires: now.Add(time.Hour)}))
			_, err := db.UsePasswordReset(ctx, []byte{1}, []byte("hash"), now)
			return err
		}, app.KindNotFound},
		{"NewerReset", func() error { _, err := db.UsePasswordReset(ctx, []byte{2}, []byte("hash"), now); return err }, ""},
	} {
		if err := tc.use(); app.ErrorKind(err) != tc.want {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
