package pgcopy_test

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/crypto/bcrypt"

	"rehome/app"
	"rehome/internal/demo"
	"rehome/internal/pgcopy"
	"rehome/internal/pgtest"
	"rehome/internal/wiring"
	"rehome/postgres"
)

// The rows the demo content leaves out, so that every table has one. Each
// has a NULL, a flag or a byte string where its table has one.
var extraRows = map[string]string{
	"sessions": `INSERT INTO sessions (token, data, expiry, id, user_id, device, signed_in, last_seen)
		VALUES ('tok-1', x'00ff10', 4102444800000, 'sid-1', (SELECT min(id) FROM users), 'Firefox', 1700000000000, NULL)`,
	"idempotency_keys": `INSERT INTO idempotency_keys (user_id, key, request_hash, status, body, created, claimed_by)
		VALUES ((SELECT min(id) FROM users), 'k1', x'0102', 201, x'7b7d', 1700000000000, 'req-1')`,
	"identities":      `INSERT INTO identities (provider, subject, user_id, created) VALUES ('google', 'sub-1', (SELECT max(id) FROM users), 1700000000000)`,
	"payment_events":  `INSERT INTO payment_events (id, received) VALUES ('evt_1', 1700000000000)`,
	"password_resets": `INSERT INTO password_resets (token_hash, user_id, expires, email, mailed) VALUES (x'aa', (SELECT min(id) FROM users), 1700000000000, 'a@b.test', 1)`,
	"email_changes":   `INSERT INTO email_changes (token_hash, user_id, new_email, expires) VALUES (x'bb', (SELECT min(id) FROM users), 'new@b.test', 1700000000000)`,
	"email_verifications": `INSERT INTO email_verifications (token_hash, user_id, email, expires)
		VALUES (x'cc', (SELECT max(id) FROM users), 'v@b.test', 1700000000000)`,
	"mail_queue": `INSERT INTO mail_queue (recipient, subject, text_body, html_body, queued, attempts, next_try, last_error, claimed_by)
		VALUES ('a@b.test', 'Hi', 'text', '<p>html</p>', 1700000000000, 1, 1700000000000, 'refused', NULL)`,
	"push_subscriptions": `INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, browser, system, subscribed, last_sent)
		SELECT user_id, id, 'https://push.example/1', 'key', 'auth', 'Firefox', 'Linux', 1700000000000, NULL
		FROM sessions WHERE user_id IS NOT NULL ORDER BY token LIMIT 1`,
	"push_kinds_off": `INSERT INTO push_kinds_off (user_id, kind) VALUES ((SELECT min(id) FROM users), 'message')`,
	"blocks":         `INSERT INTO blocks (blocker_id, blocked_id, created) VALUES ((SELECT min(id) FROM users), (SELECT max(id) FROM users), 1700000000000)`,
	"leases":         `INSERT INTO leases (name, holder, expires) VALUES ('periodic jobs', 'host-1', 1700000000000)`,
	"reports":        `INSERT INTO reports (product_id, latest_reason, updated) VALUES ((SELECT min(id) FROM products), 'spam', 1700000000000)`,
	"reporters": `INSERT INTO reporters (report_id, user_id, reason, created)
		VALUES ((SELECT min(id) FROM reports), (SELECT max(id) FROM users), 'spam', 1700000000000)`,
	"conversations": `INSERT INTO conversations (product_ref, product_id, buyer_id, seller_id, product, image, thumb_url, price, updated)
		SELECT id, id, (SELECT max(id) FROM users), seller_id, name, image, thumb_url, resale_price, 1700000000000 FROM products ORDER BY id LIMIT 1`,
	"messages": `INSERT INTO messages (conversation_id, sender_id, text, pickup_at, accepted, created, declined)
		SELECT id, buyer_id, 'Is it still there?', 1700000000000, 1, 1700000000000, 0 FROM conversations ORDER BY id LIMIT 1`,
	"push_queue": `INSERT INTO push_queue (user_id, kind, title, body, path, tag, queued, next_try, claimed_by)
		VALUES ((SELECT min(id) FROM users), 'message', 'New message', 'Is it still there?', '/messages/1', 'm1', 1700000000000, 1700000000000, NULL)`,
	"category_renames": `INSERT INTO category_renames (name_key, category_id) VALUES ('old name', (SELECT min(id) FROM categories))`,
	"bookings_seen":    `INSERT INTO bookings_seen (user_id, booking_id) SELECT seller_id, id FROM bookings ORDER BY id LIMIT 1`,
	"posts": `INSERT INTO posts (slug, title, body, author_id, author_name, created, updated)
		VALUES ('hello', 'Hello', 'Body', NULL, 'Gone', 1700000000000, 1700000000000)`,
}

// dir holds the SQLite marketplace the tests copy, filled only when a test
// runs (see source).
var (
	dir    string
	filled *wiring.Marketplace
)

func TestMain(m *testing.M) {
	var err error
	if dir, err = os.MkdirTemp("", "pgcopy-"); err != nil {
		panic(err)
	}
	code := m.Run()
	if filled != nil {
		filled.Close()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// source is one SQLite marketplace with a row in every table, filled once
// for the tests (the demo's pictures take a while to draw).
var source = sync.OnceValues(func() (*wiring.Marketplace, error) {
	ctx := context.Background()
	m, err := wiring.Open(ctx, wiring.Location{Dir: dir}, wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}})
	if err != nil {
		return nil, err
	}
	if err := demo.Fill(ctx, m.Services, m.Store, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		return nil, err
	}
	write, _ := m.DB.Pools()
	for _, table := range []string{"sessions", "idempotency_keys", "identities", "payment_events", "password_resets",
		"email_changes", "email_verifications", "mail_queue", "push_subscriptions", "push_kinds_off", "leases",
		"reports", "reporters", "conversations", "messages", "posts", "push_queue", "blocks", "category_renames",
		"bookings_seen"} {
		var n int
		if err := write.QueryRowContext(ctx, `SELECT count(*) FROM `+table).Scan(&n); err != nil {
			return nil, err
		}
		if n > 0 {
			continue
		}
		if _, err := write.ExecContext(ctx, extraRows[table]); err != nil {
			return nil, errors.New(table + ": " + err.Error())
		}
	}
	// A listing with its measures, one of them a whole number.
	if _, err := write.ExecContext(ctx, `UPDATE products SET width_cm = 80, depth_cm = 40.5 WHERE id = (SELECT min(id) FROM products)`); err != nil {
		return nil, err
	}
	filled = m
	return m, nil
})

func sqliteOf(t *testing.T) *sql.DB {
	t.Helper()
	m, err := source()
	if err != nil {
		t.Fatal(err)
	}
	_, read := m.DB.Pools()
	return read
}

// emptyPostgres is a new database with the schema and no rows.
func emptyPostgres(t *testing.T) *pgxpool.Pool {
	t.Helper()
	url := pgtest.NewDatabase(t)
	db, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db.Pool()
}

func copyInto(t *testing.T, from *sql.DB, to *pgxpool.Pool) []pgcopy.Table {
	t.Helper()
	copied, err := pgcopy.Copy(context.Background(), from, to)
	if err != nil {
		t.Fatal(err)
	}
	return copied
}

// TestCopyAndCheck: every table is copied, each with rows, and compares
// equal; the counts the database keeps are not counted twice; new ids
// continue past the copied ones.
func TestCopyAndCheck(t *testing.T) {
	ctx := context.Background()
	to := emptyPostgres(t)
	from := sqliteOf(t)
	copied := copyInto(t, from, to)
	if len(copied) != 31 {
		t.Errorf("copied %d tables, want the 31 both schemas have: %v", len(copied), copied)
	}
	for _, c := range copied {
		if c.Rows == 0 {
			t.Errorf("table %s: no rows copied; the test should fill every table", c.Name)
		}
		if strings.HasPrefix(c.Name, "products_") {
			t.Errorf("copied %s, one of SQLite's search tables", c.Name)
		}
	}
	checked, err := pgcopy.Check(ctx, from, to)
	if err != nil {
		t.Fatalf("check after copy: %v", err)
	}
	for i := range checked {
		if checked[i] != copied[i] {
			t.Errorf("checked %v, copied %v", checked[i], copied[i])
		}
	}

	var open, listed int
	if err := to.QueryRow(ctx, `SELECT (SELECT sum(open_bookings) FROM products), (SELECT sum(listed) FROM categories)`).Scan(&open, &listed); err != nil {
		t.Fatal(err)
	}
	if open == 0 || listed == 0 {
		t.Errorf("open bookings %d, listed %d: the data should have some of each, so that counting twice shows", open, listed)
	}

	var before, next int64
	if err := to.QueryRow(ctx, `SELECT max(id) FROM audit_log`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	err = to.QueryRow(ctx, `INSERT INTO audit_log (created, actor_name, actor_email, action, target_type, target_id, target)
		VALUES (1, 'a', 'a@b.test', 'x', 'user', 1, 't') RETURNING id`).Scan(&next)
	if err != nil || next != before+1 {
		t.Errorf("a new row's id is %d (%v), want %d", next, err, before+1)
	}
}

// TestCheckFindsDifferences: one change in PostgreSQL after the copy, and
// the check fails naming the table, the row and what differs.
func TestCheckFindsDifferences(t *testing.T) {
	cases := []struct {
		name   string
		change string
		want   pgcopy.Difference // What is matched as a prefix
	}{
		{"a text", `UPDATE products SET name = name || '!' WHERE id = (SELECT max(id) FROM products)`,
			pgcopy.Difference{Table: "products", What: "column name is "}},
		{"a flag", `UPDATE users SET verified = NOT verified WHERE id = (SELECT min(id) FROM users)`,
			pgcopy.Difference{Table: "users", What: "column verified is false in SQLite and true in PostgreSQL"}},
		{"a byte string", `UPDATE sessions SET data = '\x00'::bytea`,
			pgcopy.Difference{Table: "sessions", Key: `token="tok-1"`, What: `column data is \x00ff10 in SQLite and \x00 in PostgreSQL`}},
		{"a NULL", `UPDATE sessions SET last_seen = 5`,
			pgcopy.Difference{Table: "sessions", Key: `token="tok-1"`, What: "column last_seen is NULL in SQLite and 5 in PostgreSQL"}},
		{"a value made NULL", `UPDATE posts SET author_id = NULL`,
			pgcopy.Difference{Table: "posts", What: "column author_id is "}},
		{"a row gone", `DELETE FROM payment_events`,
			pgcopy.Difference{Table: "payment_events", Key: `id="evt_1"`, What: "in SQLite, missing in PostgreSQL"}},
		{"a row gone between others", `DELETE FROM audit_log WHERE id = 1`,
			pgcopy.Difference{Table: "audit_log", Key: "id=1", What: "in SQLite, where PostgreSQL's next row is id=2"}},
		{"a row more", `INSERT INTO site_settings (name, value) VALUES ('zzz', 'extra')`,
			pgcopy.Difference{Table: "site_settings", Key: `name="zzz"`, What: "in PostgreSQL, not in SQLite"}},
	}
	if pgtest.Server() == "" {
		emptyPostgres(t) // skips
	}
	from := sqliteOf(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			to := emptyPostgres(t)
			copyInto(t, from, to)
			if _, err := to.Exec(ctx, tc.change); err != nil {
				t.Fatal(err)
			}
			_, err := pgcopy.Check(ctx, from, to)
			var d *pgcopy.Difference
			if !errors.As(err, &d) {
				t.Fatalf("check: %v, want a difference", err)
			}
			if d.Table != tc.want.Table || (tc.want.Key != "" && d.Key != tc.want.Key) || !strings.HasPrefix(d.What, tc.want.What) {
				t.Errorf("difference %q, want table %s, row %q, %q...", d.Error(), tc.want.Table, tc.want.Key, tc.want.What)
			}
		})
	}
}

// TestCopyRefusesRows: a database with a row in any table copied into is
// refused, and keeps only that row.
func TestCopyRefusesRows(t *testing.T) {
	ctx := context.Background()
	to := emptyPostgres(t)
	from := sqliteOf(t)
	if _, err := to.Exec(ctx, `INSERT INTO site_settings (name, value) VALUES ('title', 'Mine')`); err != nil {
		t.Fatal(err)
	}
	_, err := pgcopy.Copy(ctx, from, to)
	if !errors.Is(err, pgcopy.ErrNotEmpty) || !strings.Contains(err.Error(), "site_settings") {
		t.Fatalf("copy into a database with a row: %v, want ErrNotEmpty naming site_settings", err)
	}
	var users int
	if err := to.QueryRow(ctx, `SELECT count(*) FROM users`).Scan(&users); err != nil || users != 0 {
		t.Errorf("%d users (%v) after a refused copy, want none", users, err)
	}
}
