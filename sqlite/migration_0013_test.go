package sqlite_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"rehome/sqlite"
)

// TestMigrationEmailVerified: accounts from before email_verified count as
// proven when linked to a provider, or admins; the rest do not. A reset
// link from before is bound to the account's email then.
func TestMigrationEmailVerified(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rehome.db")
	old := migratedBefore(t, path, "0013")
	now := time.Now().UnixMilli()
	for _, step := range []string{
		`PRAGMA user_version = 12`,
		`INSERT INTO users (id, name, email, password_hash, role, created) VALUES
			(1, 'Ada', 'ada@example.com', x'01', 'Admin', 0),
			(2, 'Gia', 'gia@example.com', x'', 'Buyer', 0),
			(3, 'Pat', 'pat@example.com', x'01', 'Seller', 0),
			(4, 'Sam', 'sam@example.com', x'01', 'Seller', 0)`,
		`INSERT INTO identities (provider, subject, user_id, created) VALUES ('google', 'g-2', 2, 0), ('google', 'g-3', 3, 0)`,
		`INSERT INTO password_resets (token_hash, user_id, expires) VALUES (x'aa', 4, ` + itoa(now+3_600_000) + `)`,
	} {
		if _, err := old.ExecContext(ctx, step); err != nil {
			t.Fatalf("%s: %v", strings.Fields(step)[0], err)
		}
	}
	must(t, old.Close())

	db, err := sqlite.Open(ctx, path)
	must(t, err)
	defer db.Close()
	for id, want := range map[int64]bool{1: true, 2: true, 3: true, 4: false} {
		u, err := db.UserByID(ctx, id)
		must(t, err)
		if u.EmailVerified != want {
			t.Errorf("%s (%s): email_verified %v, want %v", u.Name, u.Role, u.EmailVerified, want)
		}
	}
	// The link from before still works for the email it was made for; no
	// one knows whether it was mailed, so it proves nothing.
	u, err := db.UsePasswordReset(ctx, []byte{0xaa}, []byte("new hash"), time.Now())
	if err != nil || u.ID != 4 || u.EmailVerified {
		t.Errorf("the reset link from before: %+v, %v", u, err)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
