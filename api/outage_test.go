package api_test

import (
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"rehome/api"
	"rehome/app"
	"rehome/internal/pgtest"
	"rehome/internal/tcpproxy"
	"rehome/internal/testlog"
	"rehome/uploads/s3test"
)

// TestASharedDatabaseOrBucketDown: while the PostgreSQL database or the
// object store that the instances share is down (or hangs), the instance stays in
// the load balancer's pool (/healthz 200 degraded), serves the web app,
// and the pictures while only the database is down; a request that needs
// what is down answers 503 with Retry-After, never 500; the log says once
// that it went down and once that it is back; once back, all is as before.
func TestASharedDatabaseOrBucketDown(t *testing.T) {
	if !onPostgres {
		t.Skip("a test of PostgreSQL and an object store shared by instances")
	}
	dir := t.TempDir()
	databaseURL, database := tcpproxy.Through(t, pgtest.NewDatabase(t))
	bucketURL, bucket := tcpproxy.Through(t, s3test.Server(t))
	placeOnPostgres(t, dir, databaseURL, bucketURL)
	logs := &testlog.Buffer{}
	e := serverWith(t, dir, api.Config{
		Logger: slog.New(slog.NewTextHandler(logs, nil)),
		Web: fstest.MapFS{
			"index.html":          {Data: []byte("<!doctype html><title>Rehome</title>")},
			"assets/index-abc.js": {Data: []byte("console.log('rehome');\n")},
		},
	})

	admin, _ := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 8, 8)), http.StatusCreated)
	seller, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	picture := seller.upload(pngImage(t, 40, 30))
	r := seller.call("POST", "/api/products", productBody("Tables", picture.URL))
	expectStatus(t, r, http.StatusCreated)
	product := fmt.Sprintf("/api/products/%d", decode[app.Product](t, r).ID)

	servesTheWebApp := func() {
		t.Helper()
		for _, path := range []string{"/", "/products/1", "/assets/index-abc.js"} {
			expectStatus(t, e.client().call("GET", path, nil), http.StatusOK)
		}
	}
	unavailable := func(r *response, message string) {
		t.Helper()
		expectError(t, r, http.StatusServiceUnavailable, message, nil)
		if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s <= 0 {
			t.Errorf("Retry-After %q", r.header.Get("Retry-After"))
		}
	}
	expectHealth(t, e, health{Status: "ok", Database: "ok", Pictures: "ok"})

	database.Down()
	expectHealth(t, e, health{Status: "degraded", Database: "unreachable", Pictures: "ok"})
	for range 5 {
		unavailable(seller.call("GET", product, nil), app.DatabaseUnreachableMessage)
		unavailable(seller.call("GET", "/api/auth/me", nil), app.DatabaseUnreachableMessage)
		unavailable(e.client().call("POST", "/api/auth/login", map[string]string{"email": "sam@example.com", "password": testPassword}),
			app.DatabaseUnreachableMessage)
		servesTheWebApp()
		expectStatus(t, e.client().call("GET", picture.URL, nil), http.StatusOK)
		// A crawler is told to come back, not that the marketplace
		// disallows all or lists nothing.
		for _, path := range []string{"/robots.txt", "/sitemap.xml"} {
			r := e.client().call("GET", path, nil)
			if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") == "" || !strings.Contains(string(r.body), app.DatabaseUnreachableMessage) {
				t.Errorf("GET %s: %d, Retry-After %q, %.200s; want 503 saying the database cannot be reached", path, r.status, r.header.Get("Retry-After"), r.body)
			}
		}
	}
	database.Up()
	expectHealth(t, e, health{Status: "ok", Database: "ok", Pictures: "ok"})
	expectStatus(t, seller.call("GET", product, nil), http.StatusOK)

	// A database that takes connections but answers nothing is given up
	// on, not waited for.
	database.Hang()
	for range 3 {
		unavailable(seller.call("GET", product, nil), app.DatabaseUnreachableMessage)
		servesTheWebApp()
	}
	expectHealth(t, e, health{Status: "degraded", Database: "unreachable", Pictures: "ok"})
	database.Up()
	expectHealth(t, e, health{Status: "ok", Database: "ok", Pictures: "ok"})
	expectStatus(t, seller.call("GET", product, nil), http.StatusOK)

	bucket.Down()
	expectHealth(t, e, health{Status: "degraded", Database: "ok", Pictures: "unreachable"})
	for range 3 {
		unavailable(seller.form("/api/images", nil, pngImage(t, 20, 20)), app.PicturesUnreachableMessage)
		unavailable(e.client().call("GET", picture.URL, nil), app.PicturesUnreachableMessage)
		expectStatus(t, seller.call("GET", product, nil), http.StatusOK)
		servesTheWebApp()
	}
	bucket.Up()
	expectHealth(t, e, health{Status: "ok", Database: "ok", Pictures: "ok"})
	expectStatus(t, e.client().call("GET", picture.URL, nil), http.StatusOK)
	seller.upload(pngImage(t, 20, 20))

	// One line as each outage begins and one as it ends: the database
	// was down twice, the pictures once.
	for line, want := range map[string]int{`msg="database unreachable"`: 2, `msg="database reachable again"`: 2,
		`msg="picture store unreachable"`: 1, `msg="picture store reachable again"`: 1} {
		if n := strings.Count(logs.String(), line); n != want {
			t.Errorf("%d lines with %s, want %d:\n%s", n, line, want, logs)
		}
	}
	for _, never := range []string{"level=ERROR msg=\"internal error\"", "status=500", "a write was refused"} {
		if strings.Contains(logs.String(), never) {
			t.Errorf("the log has %s:\n%s", never, logs)
		}
	}
}
