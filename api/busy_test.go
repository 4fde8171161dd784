package api_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rehome/api"
	"rehome/app"
	"rehome/internal/pgtest"
	"rehome/uploads/s3test"
)

// TestABusyDatabaseAnswers503: while every connection of the instance's
// pool is in use, or a table the request reads is locked by another
// client, a request waits the bounds its database URL sets and then
// answers 503 with Retry-After and the busy message, in the person's
// language, never 500 and never as long as the other holds on; once the
// other lets go, the same request succeeds.
func TestABusyDatabaseAnswers503(t *testing.T) {
	if !onPostgres {
		t.Skip("a test of the PostgreSQL store's bounds")
	}
	ctx := context.Background()
	base := pgtest.NewDatabase(t)
	dir := t.TempDir()
	bounded, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := bounded.Query()
	q.Set("pool_max_conns", "1")
	q.Set("pool_acquire_timeout", "1s")
	q.Set("lock_timeout", "500ms")
	bounded.RawQuery = q.Encode()
	placeOnPostgres(t, dir, bounded.String(), s3test.Server(t))
	e := serverWith(t, dir, api.Config{})
	seller, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	// A request that reads the database: the session and the account
	// come from the caches above the store.
	me := func() *response { return seller.call("GET", "/api/auth/sessions", nil) }
	expectStatus(t, me(), http.StatusOK)

	cases := []struct {
		name string
		hold func(t *testing.T) (release func())
	}{
		{"every connection in use", func(t *testing.T) func() {
			conn, err := e.db.(interface{ Pool() *pgxpool.Pool }).Pool().Acquire(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return conn.Release
		}},
		{"the table locked", func(t *testing.T) func() {
			other, err := pgx.Connect(ctx, base)
			if err != nil {
				t.Fatal(err)
			}
			tx, err := other.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tx.Exec(ctx, `LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE`); err != nil {
				t.Fatal(err)
			}
			return func() { tx.Rollback(ctx); other.Close(ctx) }
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			release := tc.hold(t)
			r := me()
			german := seller.send("GET", "/api/auth/sessions", "", nil, "Accept-Language", "de")
			release()
			expectError(t, r, http.StatusServiceUnavailable, app.DatabaseBusyMessage, nil)
			if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s <= 0 {
				t.Errorf("Retry-After %q", r.header.Get("Retry-After"))
			}
			expectError(t, german, http.StatusServiceUnavailable, "Der Marktplatz ist gerade ausgelastet: Versuche es gleich noch einmal.", nil)
			expectStatus(t, me(), http.StatusOK)
		})
	}
}
