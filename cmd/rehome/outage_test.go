package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"rehome/app"
	"rehome/internal/pgtest"
	"rehome/internal/tcpproxy"
	"rehome/uploads/s3test"
)

// TestSharedDependenciesStopAndStart runs two real binaries behind HAProxy
// set up as docs/deploy.md says, each reaching the one PostgreSQL database
// and the one object store through a proxy that the test stops and starts.
// While the object store is down, the marketplace serves all but pictures;
// while the database is down, the web app and the pictures; a request that
// needs what is down answers 503 with Retry-After and an error to read,
// never 500, and the balancer keeps both instances. Once back, all works
// without a restart, and each instance said once that it went down and
// once that it came back. Instance b logs as JSON: every line of its log,
// whichever package wrote it, must be.
func TestSharedDependenciesStopAndStart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the real binary twice")
	}
	databaseURL, database := tcpproxy.Through(t, pgtest.NewDatabase(t))
	bucketURL, bucket := tcpproxy.Through(t, s3test.Server(t))
	a, b, balancer := startBehindHAProxy(t, databaseURL, bucketURL, []string{"REHOME_LOG_FORMAT=json"})
	instances := []*process{a, b}

	// The marketplace as it is before anything stops: a public listing
	// with a picture, its seller and a buyer, each signed up from an
	// address of their own (the balancer's would be one for all).
	admin := browser(1)
	mustStatus(t, http.StatusOK)(postJSON(admin, a.base+"/api/auth/login", map[string]string{"email": "ada@example.com", "password": "admin password 1"}))
	mustStatus(t, http.StatusCreated)(postPicture(admin, a.base+"/api/categories", map[string]string{"name": "Tables"}))
	public, _ := http.NewRequest(http.MethodPut, a.base+"/api/site", strings.NewReader(`{"public_listings": true}`))
	public.Header.Set("Content-Type", "application/json")
	mustStatus(t, http.StatusOK)(admin.Do(public))
	seller, buyer := browser(2), browser(3)
	if _, ok := created(signUp(seller, a.base, "seller@example.com", "Seller")); !ok {
		t.Fatal("seller sign-up failed")
	}
	if _, ok := created(signUp(buyer, a.base, "buyer@example.com", "Buyer")); !ok {
		t.Fatal("buyer sign-up failed")
	}
	picture := upload(t, seller, balancer)
	id, ok := created(postJSON(seller, balancer+"/api/products", map[string]any{"category": "Tables", "product": "Oak table",
		"description": "Solid oak.", "image": picture, "condition": "Good", "location": "Riverside", "original_price": 500,
		"resale_price": "120", "seller_phone": "+1 555 0100", "purchase_year": 2019, "use_period": "5 years"}))
	if !ok {
		t.Fatal("listing failed")
	}
	messages := balancer + "/api/products/" + strconv.FormatInt(id, 10) + "/messages"
	sent := 0
	message := func() (*http.Response, error) {
		sent++
		return postJSON(buyer, messages, map[string]string{"text": fmt.Sprint("Still there? ", sent)}, "Idempotency-Key", fmt.Sprint("m", sent))
	}
	login := func() (*http.Response, error) {
		return postJSON(browser(4), balancer+"/api/auth/login", map[string]string{"email": "seller@example.com", "password": "a long password"})
	}
	visitor := browser(5)
	listings := balancer + "/api/categories/Tables"

	// Each check is made twice in a row: the balancer takes turns, so
	// each instance answers it.
	twice := func(checks ...func()) {
		t.Helper()
		for _, check := range checks {
			check()
			check()
		}
	}
	works := func() {
		t.Helper()
		twice(
			func() { mustStatus(t, http.StatusOK)(visitor.Get(balancer + "/")) },
			func() { mustStatus(t, http.StatusOK)(login()) },
			func() { mustStatus(t, http.StatusOK)(visitor.Get(listings)) },
			func() { mustStatus(t, http.StatusOK)(visitor.Get(balancer + picture)) },
			func() { mustStatus(t, http.StatusCreated)(message()) },
			func() { upload(t, seller, balancer) },
		)
	}
	healthy := func(database, pictures string) {
		t.Helper()
		status := "ok"
		if database != "ok" || pictures != "ok" {
			status = "degraded"
		}
		want := fmt.Sprintf(`{"status":%q,"database":%q,"pictures":%q}`, status, database, pictures)
		for _, p := range instances {
			res, err := http.Get(p.base + "/healthz")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK || strings.TrimSpace(string(body)) != want {
				t.Errorf("%s/healthz: %d %s, want 200 %s", p.base, res.StatusCode, body, want)
			}
		}
	}
	// waitForLog waits until each instance has logged line: the balancer's
	// health checks, every half second, find the change if no request does.
	waitForLog := func(line string) {
		t.Helper()
		for _, p := range instances {
			if !p.logs.WaitFor(line, time.Minute) {
				t.Fatalf("%s never logged %q:\n%s", p.base, line, p.logs)
			}
		}
	}
	works()
	healthy("ok", "ok")

	bucket.Down()
	waitForLog("picture store unreachable")
	healthy("ok", "unreachable")
	twice(
		func() { mustStatus(t, http.StatusOK)(visitor.Get(balancer + "/")) },
		func() { mustStatus(t, http.StatusOK)(login()) },
		func() { mustStatus(t, http.StatusOK)(visitor.Get(listings)) },
		func() { mustStatus(t, http.StatusCreated)(message()) },
		func() { unavailable(t, app.PicturesUnreachableMessage)(visitor.Get(balancer + picture)) },
		func() {
			unavailable(t, app.PicturesUnreachableMessage)(postPicture(seller, balancer+"/api/images", nil))
		},
	)
	bucket.Up()
	waitForLog("picture store reachable again")
	healthy("ok", "ok")
	works()

	database.Down()
	waitForLog("database unreachable")
	healthy("unreachable", "ok")
	twice(
		func() { mustStatus(t, http.StatusOK)(visitor.Get(balancer + "/")) },
		func() { mustStatus(t, http.StatusOK)(visitor.Get(balancer + picture)) },
		func() { unavailable(t, app.DatabaseUnreachableMessage)(visitor.Get(listings)) },
		func() { unavailable(t, app.DatabaseUnreachableMessage)(login()) },
	)
	database.Up()
	waitForLog("database reachable again")
	healthy("ok", "ok")
	works()

	// Each instance answered what needs the database while it was down.
	for _, p := range instances {
		logs := p.logs.String()
		if !strings.Contains(logs, `path=/api/categories/Tables status=503`) && !strings.Contains(logs, `"path":"/api/categories/Tables","status":503`) {
			t.Errorf("%s answered no listings while the database was down: the balancer kept it out:\n%s", p.base, logs)
		}
	}

	// One line as each outage began and one as it ended, on each
	// instance, whatever failed meanwhile: requests, health checks, or
	// the connections that listen to the other instances.
	for _, p := range instances {
		logs := p.logs.String()
		for _, say := range []string{"picture store unreachable", "picture store reachable again", "database unreachable", "database reachable again"} {
			if n := strings.Count(logs, `msg="`+say+`"`) + strings.Count(logs, `"msg":"`+say+`"`); n != 1 {
				t.Errorf("%s logged %q %d times, want once:\n%s", p.base, say, n, logs)
			}
		}
		for _, never := range []string{"internal error", "cannot listen to other instances"} {
			if strings.Contains(logs, never) {
				t.Errorf("%s logged %q:\n%s", p.base, never, logs)
			}
		}
		// An error each request that needed what was down is what the
		// lines above stand for.
		for _, line := range strings.Split(logs, "\n") {
			if (strings.Contains(line, "level=ERROR") || strings.Contains(line, `"level":"ERROR"`)) && !strings.Contains(line, ` unreachable"`) {
				t.Errorf("%s logged an error besides the outages': %s", p.base, line)
			}
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(b.logs.String()), "\n") {
		var entry struct{ Level, Msg string }
		if err := json.Unmarshal([]byte(line), &entry); err != nil || entry.Level == "" || entry.Msg == "" {
			t.Errorf("instance b logs as JSON, but wrote %q", line)
		}
	}
}

// upload stores a picture through base and returns its URL.
func upload(t *testing.T, c *http.Client, base string) string {
	t.Helper()
	var picture struct{ URL string }
	res, err := postPicture(c, base+"/api/images", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusCreated || json.NewDecoder(res.Body).Decode(&picture) != nil {
		body, _ := io.ReadAll(res.Body)
		t.Fatalf("upload through %s: %d %s", base, res.StatusCode, body)
	}
	return picture.URL
}

// unavailable checks an answer is the 503 of a shared dependency that is
// down: a pause to wait before trying again, and an error to read.
func unavailable(t *testing.T, message string) func(*http.Response, error) {
	return func(res *http.Response, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		var e struct{ Error string }
		json.Unmarshal(body, &e)
		if res.StatusCode != http.StatusServiceUnavailable || e.Error != message {
			t.Errorf("%s %s: %d %s, want 503 with %q", res.Request.Method, res.Request.URL, res.StatusCode, body, message)
		}
		if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || s <= 0 {
			t.Errorf("%s %s: Retry-After %q", res.Request.Method, res.Request.URL, res.Header.Get("Retry-After"))
		}
	}
}
