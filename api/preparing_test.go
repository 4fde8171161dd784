package api_test

import (
	"net/http"
	"strings"
	"testing"

	"rehome/api"
)

// TestPreparingTheDemo: until the demo is written every request is answered
// that it is being prepared, as the document says, and never kept; then
// the marketplace answers.
func TestPreparingTheDemo(t *testing.T) {
	t.Parallel()
	written := make(chan struct{})
	e := serverWith(t, t.TempDir(), api.Config{DemoWritten: written})
	c := e.client()

	cases := []struct {
		name, method, path string
		wantType, wantBody string
	}{
		{"the health check", http.MethodGet, "/healthz", "application/json", `{"status":"preparing","error":"the demo marketplace is being prepared"}`},
		{"a list", http.MethodGet, "/api/categories", "application/json", `"error":"The demo marketplace is being prepared; try again in a few seconds."`},
		{"a sign-in", http.MethodPost, "/api/auth/login", "application/json", `"error":"The demo marketplace is being prepared`},
		{"the event stream", http.MethodGet, "/api/events", "application/json", `"error":"The demo marketplace is being prepared`},
		{"the home page", http.MethodGet, "/", "text/html", `<meta http-equiv="refresh" content="2">`},
		{"a listing's page", http.MethodGet, "/products/12", "text/html", "The demo marketplace is being prepared"},
		{"the app's script", http.MethodGet, "/sw.js", "text/html", "The demo marketplace is being prepared"},
		{"the crawlers' rules", http.MethodGet, "/robots.txt", "text/html", "The demo marketplace is being prepared"},
		{"a picture", http.MethodGet, "/images/nothing.jpg", "text/html", "The demo marketplace is being prepared"},
	}
	for _, tc := range cases {
		r := c.send(tc.method, tc.path, "application/json", strings.NewReader("{}"), "Accept", "text/html")
		expectStatus(t, r, http.StatusServiceUnavailable)
		if got := r.header.Get("Content-Type"); !strings.HasPrefix(got, tc.wantType) {
			t.Errorf("%s: Content-Type %q, want %s", tc.name, got, tc.wantType)
		}
		if !strings.Contains(string(r.body), tc.wantBody) {
			t.Errorf("%s: body %.300s, want %s", tc.name, r.body, tc.wantBody)
		}
		if got := r.header.Get("Retry-After"); got != "2" {
			t.Errorf("%s: Retry-After %q, want 2", tc.name, got)
		}
		if got := r.header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s: Cache-Control %q, want no-store", tc.name, got)
		}
		// The page shows under the usual policy: no script, inline style.
		if got := r.header.Get("Content-Security-Policy"); !strings.Contains(got, "script-src 'self';") {
			t.Errorf("%s: Content-Security-Policy %q", tc.name, got)
		}
	}
	page := c.call(http.MethodGet, "/", nil).body
	for _, outside := range []string{"<script", "src=", "href="} {
		if strings.Contains(string(page), outside) {
			t.Errorf("the page loads something (%s):\n%s", outside, page)
		}
	}

	close(written)
	expectStatus(t, c.call(http.MethodGet, "/healthz", nil), http.StatusOK)
	expectStatus(t, c.call(http.MethodGet, "/api/categories", nil), http.StatusOK)
	home := c.call(http.MethodGet, "/", nil)
	expectStatus(t, home, http.StatusOK)
	if strings.Contains(string(home.body), "being prepared") {
		t.Errorf("the home page still says the demo is being prepared")
	}
}
