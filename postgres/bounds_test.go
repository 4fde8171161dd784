package postgres_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/internal/pgtest"
	"rehome/postgres"
)

// withParams adds query parameters to a database URL.
func withParams(url, params string) string {
	if strings.Contains(url, "?") {
		return url + "&" + params
	}
	return url + "?" + params
}

// TestAWaitOnABusyDatabaseIsBounded: a call that finds every connection of
// the pool in use, or the row it writes locked by another transaction,
// gives up after the bound its URL sets and says the database is busy (a
// 503 with Retry-After), however long the other holds on; it does not take
// the database for down: once the other lets go, the next call succeeds.
func TestAWaitOnABusyDatabaseIsBounded(t *testing.T) {
	ctx := context.Background()
	// lockUser holds the user's row in a transaction of another client,
	// until the returned function ends it.
	lockUser := func(t *testing.T, url string, db *postgres.DB, userID int64) func() {
		other, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { other.Close(ctx) })
		tx, err := other.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, `SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, userID); err != nil {
			t.Fatal(err)
		}
		return func() { tx.Rollback(ctx) }
	}
	cases := []struct {
		name   string
		params string
		hold   func(t *testing.T, url string, db *postgres.DB, userID int64) (release func())
	}{
		{"every connection in use", "pool_max_conns=1&pool_acquire_timeout=100ms",
			func(t *testing.T, _ string, db *postgres.DB, _ int64) func() {
				conn, err := db.Pool().Acquire(ctx)
				if err != nil {
					t.Fatal(err)
				}
				return conn.Release
			}},
		{"the row locked, past lock_timeout", "lock_timeout=100ms", lockUser},
		{"the row locked, past statement_timeout", "lock_timeout=0&statement_timeout=100ms", lockUser},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			url := pgtest.NewDatabase(t)
			db, err := postgres.Open(ctx, withParams(url, tc.params))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			user := newUser(t, db, "ann@example.com")

			release := tc.hold(t, url, db, user.ID)
			_, err = db.SetPassword(ctx, user.ID, []byte("new hash"))
			release()
			var e *app.Error
			if !errors.Is(err, app.ErrBusy) || !errors.As(err, &e) {
				t.Fatalf("err %v, want the database busy", err)
			}
			if e.Kind != app.KindUnavailable || e.RetryAfterSeconds <= 0 || e.Message != app.DatabaseBusyMessage {
				t.Errorf("error %+v, want unavailable with Retry-After and %q", e, app.DatabaseBusyMessage)
			}
			if _, err := db.SetPassword(ctx, user.ID, []byte("new hash")); err != nil {
				t.Errorf("once the other let go: %v", err)
			}
		})
	}
}

// TestABoundInTheURLMustBeADuration: a pool_acquire_timeout that is not a
// positive duration is refused at Open, not taken as no bound.
func TestABoundInTheURLMustBeADuration(t *testing.T) {
	url := pgtest.NewDatabase(t)
	for _, value := range []string{"3", "soon", "-1s", "0s"} {
		if db, err := postgres.Open(context.Background(), withParams(url, "pool_acquire_timeout="+value)); err == nil {
			db.Close()
			t.Errorf("pool_acquire_timeout=%s: opened", value)
		}
	}
}

// TestANewConnectionIsGivenTheConnectTimeout: the bound on waiting for a
// connection in use does not cut short the making of a new one, which the
// connect timeout bounds: a store whose pool waits next to nothing still
// opens (and brings its schema up to date on a new connection).
func TestANewConnectionIsGivenTheConnectTimeout(t *testing.T) {
	db, err := postgres.Open(context.Background(), withParams(pgtest.NewDatabase(t), "pool_acquire_timeout=1ns"))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
}

// TestTheStatementBoundsHaveDefaults: each connection of the pool starts
// with the statement bounds, the URL's where it sets one; the connection
// the migrations ran on unbounded comes back to the pool bounded.
func TestTheStatementBoundsHaveDefaults(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		params string
		want   map[string]string
	}{
		{"pool_max_conns=1", map[string]string{"statement_timeout": "30s", "lock_timeout": "5s", "idle_in_transaction_session_timeout": "1min"}},
		{"pool_max_conns=1&statement_timeout=0&lock_timeout=10s", map[string]string{"statement_timeout": "0", "lock_timeout": "10s", "idle_in_transaction_session_timeout": "1min"}},
	}
	for _, tc := range cases {
		db, err := postgres.Open(ctx, withParams(pgtest.NewDatabase(t), tc.params))
		if err != nil {
			t.Fatal(err)
		}
		for name, want := range tc.want {
			var got string
			if err := db.Pool().QueryRow(ctx, `SELECT current_setting($1)`, name).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s: %s %s, want %s", tc.params, name, got, want)
			}
		}
		db.Close()
	}
}

// TestRebuildingTheSearchIsNotBounded: an admin's change of the
// marketplace's language rebuilds every listing's search document in one
// statement, which a large marketplace takes longer over than a request's
// statement may run: it is not cut off.
func TestRebuildingTheSearchIsNotBounded(t *testing.T) {
	ctx := context.Background()
	url := pgtest.NewDatabase(t)
	db, err := postgres.Open(ctx, withParams(url, "statement_timeout=20ms"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	other, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close(ctx)
	for _, sql := range []string{
		`INSERT INTO users (name, email, password_hash, role, created) VALUES ('Sam', 'sam@example.com', '\x00', 'Seller', 0)`,
		`INSERT INTO images (url, thumb_url, width, height, created) VALUES ('/images/a.jpg', '/images/a-thumb.jpg', 10, 10, 0)`,
		`INSERT INTO categories (name, name_key, image, thumb_url, created) VALUES ('Tables', 'tables', '/images/a.jpg', '/images/a-thumb.jpg', 0)`,
		`INSERT INTO products (category_id, seller_id, name, description, image, thumb_url, condition, location, resale_price, seller_phone, created)
		 SELECT 1, 1, 'Oak table ' || i, 'Well kept, a little worn at the corners ' || md5(i::text), '/images/a.jpg', '/images/a-thumb.jpg',
		        'Good', 'Riverside', 100, '', i
		 FROM generate_series(1, 5000) i`,
	} {
		if _, err := other.Exec(ctx, sql); err != nil {
			t.Fatalf("%v\n%s", err, sql)
		}
	}
	if err := db.UseSearchLanguage(ctx, app.German); err != nil {
		t.Fatal(err)
	}
}
