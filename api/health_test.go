package api_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHealthz(t *testing.T) {
	t.Parallel()
	e, logs := behindProxies(t)
	check := func(wantStatus int, wantError string) {
		t.Helper()
		r := e.client().call(http.MethodGet, "/healthz", nil)
		expectStatus(t, r, wantStatus)
		h := decode[health](t, r)
		if !strings.Contains(h.Error, wantError) || (wantError == "") != (h.Status == "ok" || h.Status == "degraded") {
			t.Errorf("answer %s, want an error with %q", r.body, wantError)
		}
		if strings.Contains(string(r.body), e.dir) {
			t.Errorf("the answer names the data directory: %s", r.body)
		}
		if len(r.header.Values("Set-Cookie")) > 0 {
			t.Errorf("a health check set a cookie: %q", r.header.Values("Set-Cookie"))
		}
		if cc := r.header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("Cache-Control %q, want no-store", cc)
		}
		// A load balancer's check may ask with HEAD: the same answer, no body.
		head := e.client().call(http.MethodHead, "/healthz", nil)
		expectStatus(t, head, wantStatus)
		if len(head.body) != 0 || head.header.Get("Content-Type") != r.header.Get("Content-Type") || head.header.Get("Cache-Control") != "no-store" {
			t.Errorf("HEAD answered %q with %v", head.body, head.header)
		}
	}

	check(http.StatusOK, "")
	expectHealth(t, e, health{Status: "ok", Database: "ok", Pictures: "ok"})

	if !onPostgres { // pictures in a bucket: uploads' and marketplace's tests break one
		brokenImageDirectory(t, e, check)
	}

	e.db.Close()
	if onPostgres {
		// Shared by every instance: this one still serves the web app.
		check(http.StatusOK, "")
		expectHealth(t, e, health{Status: "degraded", Database: "unreachable", Pictures: "ok"})
	} else {
		check(http.StatusServiceUnavailable, "the database does not answer")
		expectHealth(t, e, health{Status: "unavailable", Database: "unreachable", Pictures: "ok", Error: "the database does not answer"})
	}

	if strings.Contains(logs.String(), "/healthz") {
		t.Errorf("health checks were logged:\n%s", logs)
	}
}

type health struct {
	Status   string `json:"status"`
	Database string `json:"database"`
	Pictures string `json:"pictures"`
	Error    string `json:"error"`
}

// expectHealth checks what /healthz says, whole.
func expectHealth(t *testing.T, e *env, want health) {
	t.Helper()
	r := e.client().call(http.MethodGet, "/healthz", nil)
	got := decode[health](t, r)
	if rest, ok := strings.CutPrefix(got.Error, want.Error); ok && rest != "" {
		got.Error = want.Error // the cause, after what fails, varies
	}
	if got != want {
		t.Errorf("/healthz: %s, want %+v", r.body, want)
	}
}

// brokenImageDirectory puts a file where e's image directory should be, so
// that nothing can be stored, checks /healthz says so, and puts it back.
func brokenImageDirectory(t *testing.T, e *env, check func(wantStatus int, wantError string)) {
	t.Helper()
	images := filepath.Join(e.dir, "images")
	if err := os.Rename(images, images+".away"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(images, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	check(http.StatusServiceUnavailable, "the image directory is not writable")
	expectHealth(t, e, health{Status: "unavailable", Database: "ok", Pictures: "unreachable", Error: "the image directory is not writable"})

	if err := os.Remove(images); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(images+".away", images); err != nil {
		t.Fatal(err)
	}
	check(http.StatusOK, "")
}
