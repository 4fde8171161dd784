package api_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"rehome/app"
)

// TestErrorAnswersAreJSON provokes one error of every kind the API has and
// checks that each is JSON with an error message and the API's headers.
func TestErrorAnswersAreJSON(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	buyer, _ := e.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
	anonymous := e.client()

	cases := []struct {
		name    string
		send    func() *response
		status  int
		message string
	}{
		{"unknown API path", func() *response { return anonymous.call("GET", "/api/whatever", nil) }, http.StatusNotFound, "Not found"},
		{"unknown nested API path", func() *response { return buyer.call("POST", "/api/whatever/else", `{}`) }, http.StatusNotFound, "Not found"},
		{"API root", func() *response { return anonymous.call("GET", "/api", nil) }, http.StatusNotFound, "Not found"},
		{"PUT on categories", func() *response { return admin.call("PUT", "/api/categories", `{}`) }, http.StatusMethodNotAllowed, "Method not allowed"},
		{"GET on login", func() *response { return anonymous.call("GET", "/api/auth/login", nil) }, http.StatusMethodNotAllowed, "Method not allowed"},
		{"PUT on a product", func() *response { return admin.call("PUT", "/api/products/1", `{}`) }, http.StatusMethodNotAllowed, "Method not allowed"},
		{"bad JSON", func() *response { return anonymous.call("POST", "/api/auth/login", `{`) }, http.StatusBadRequest, ""},
		{"not signed in", func() *response { return anonymous.call("GET", "/api/mybuyers", nil) }, http.StatusUnauthorized, "Please log in"},
		{"not allowed", func() *response {
			return buyer.form("/api/categories", map[string]string{"name": "Beds"}, pngImage(t, 10, 10))
		}, http.StatusForbidden, "You are not allowed to do that"},
		{"cross-origin", func() *response {
			return anonymous.send("POST", "/api/auth/logout", "", nil, "Sec-Fetch-Site", "cross-site")
		}, http.StatusForbidden, "Cross-origin requests are not allowed"},
		{"missing product", func() *response { return buyer.call("GET", "/api/products/424242", nil) }, http.StatusNotFound, "Product not found"},
		{"taken email", func() *response {
			return e.client().form("/api/auth/register", registerForm("Bea Again", "buyer@example.com", "Buyer"), pngImage(t, 10, 10))
		}, http.StatusConflict, "An account with this email already exists"},
		{"too large", func() *response {
			return anonymous.call("POST", "/api/auth/login", `{"email":"`+strings.Repeat("a", 70<<10)+`"}`)
		}, http.StatusRequestEntityTooLarge, ""},
		{"wrong media type", func() *response {
			return anonymous.send("POST", "/api/auth/login", "text/plain", strings.NewReader("{}"))
		}, http.StatusUnsupportedMediaType, ""},
		{"invalid input", func() *response { return anonymous.call("POST", "/api/auth/login", `{}`) },
			http.StatusUnprocessableEntity, "Please correct the highlighted fields"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.send()
			if r.status != tc.status {
				t.Errorf("status %d, want %d; body %s", r.status, tc.status, r.body)
			}
			if ct := r.header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q, want application/json", ct)
			}
			got := decode[map[string]any](t, r)
			if msg, ok := got["error"].(string); !ok || msg == "" {
				t.Errorf("body %s has no error message", r.body)
			} else if tc.message != "" && msg != tc.message {
				t.Errorf("error %q, want %q", msg, tc.message)
			}
			checkAPIHeaders(t, r)
		})
	}
}

func checkAPIHeaders(t *testing.T, r *response) {
	t.Helper()
	if cc := r.header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q, want no-store", cc)
	}
	if got := r.header.Get("X-Content-Type-Options"); got != "nosniff" {
		t.Errorf("X-Content-Type-Options %q, want nosniff", got)
	}
	if got := r.header.Get("X-Frame-Options"); got != "DENY" {
		t.Errorf("X-Frame-Options %q, want DENY", got)
	}
}

func TestSuccessfulAPIAnswersAreNotCached(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, _ := e.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
	// The public lists are kept and revalidated instead; see TestPublicListsRevalidate.
	for _, path := range []string{"/api/booked", "/api/auth/me", "/api/users/seller/buyer@example.com"} {
		t.Run(path, func(t *testing.T) {
			r := c.call("GET", path, nil)
			expectStatus(t, r, http.StatusOK)
			if ct := r.header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q, want application/json", ct)
			}
			checkAPIHeaders(t, r)
		})
	}
}

// RFC 9110 section 15.5.6: a 405 answer must say which methods the resource takes.
func TestMethodNotAllowedNamesTheAllowedMethods(t *testing.T) {
	e := newEnv(t)
	r := e.client().call("PUT", "/api/categories", `{}`)
	expectStatus(t, r, http.StatusMethodNotAllowed)
	if allow := r.header.Get("Allow"); !strings.Contains(allow, "GET") || !strings.Contains(allow, "POST") {
		t.Errorf("Allow %q, want GET and POST", allow)
	}
	r = e.client().call("PUT", "/api/posts/1", `{}`)
	expectStatus(t, r, http.StatusMethodNotAllowed)
	if allow := r.header.Get("Allow"); allow != "GET, HEAD, PATCH, DELETE" {
		t.Errorf("Allow %q, want GET, HEAD, PATCH, DELETE", allow)
	}
}

func TestWebAppRoutes(t *testing.T) {
	t.Parallel()
	// A stand-in for the built web app, so this test does not depend on a web build.
	index := []byte("<!doctype html><title>Rehome</title>")
	srv := webServer(t, fstest.MapFS{
		"index.html": {Data: index},
	})
	c := &client{t: t, base: srv.URL, http: &http.Client{}}

	// Client-side routes all get the web app's index page, checked on every visit.
	for _, path := range []string{"/", "/index.html", "/home", "/login", "/dashboard/myorders", "/categories/Tables",
		"/dashboard/dashboard/myproducts/a@b.co", "/no/such/page"} {
		t.Run(path, func(t *testing.T) {
			r := c.send("GET", path, "", nil)
			expectStatus(t, r, http.StatusOK)
			if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Errorf("Content-Type %q, want text/html", ct)
			}
			if cc := r.header.Get("Cache-Control"); cc != "no-cache" {
				t.Errorf("Cache-Control %q, want no-cache", cc)
			}
			if r.header.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("X-Content-Type-Options missing")
			}
			// With the head made for the page (share_test.go).
			if !bytes.HasPrefix(r.body, []byte("<!doctype html><title>Rehome")) || !bytes.Contains(r.body, []byte(`property="og:site_name"`)) {
				t.Errorf("body %q is not the web app's index.html with its head", r.body)
			}
		})
	}

	t.Run("/robots.txt", func(t *testing.T) {
		r := c.send("GET", "/robots.txt", "", nil)
		expectStatus(t, r, http.StatusOK)
		if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
			t.Errorf("Content-Type %q, want text/plain", ct)
		}
		if !strings.Contains(string(r.body), "User-agent") {
			t.Errorf("body %q is not robots.txt", r.body)
		}
		if cc := r.header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("Cache-Control %q, want no-cache", cc)
		}
	})

	t.Run("HEAD of a client route", func(t *testing.T) {
		expectStatus(t, c.send("HEAD", "/dashboard/myorders", "", nil), http.StatusOK)
	})

	t.Run("POST to a page is not allowed", func(t *testing.T) {
		r := c.send("POST", "/dashboard/myorders", "", nil)
		expectStatus(t, r, http.StatusMethodNotAllowed)
		if allow := r.header.Get("Allow"); allow != "GET, HEAD" {
			t.Errorf("Allow %q, want GET, HEAD", allow)
		}
	})
}

// A missing build file under /assets/ is a stale or broken link, not a page:
// answering it with index.html and 200 makes the browser report a MIME-type
// error for the script instead of a 404.
func TestMissingAssetIsNotFound(t *testing.T) {
	e := newEnv(t)
	r := e.client().send("GET", "/assets/index-deadbeef.js", "", nil)
	expectStatus(t, r, http.StatusNotFound)
}
