package api_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rehome/api"
)

// TestStarting: while the server waits for its database, every request is
// answered that it is starting, with Retry-After, and never kept.
func TestStarting(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(api.Starting())
	defer srv.Close()
	cases := []struct {
		name, method, path string
		wantType, wantBody string
	}{
		{"the health check", http.MethodGet, "/healthz", "application/json", `{"status":"starting"}`},
		{"a list", http.MethodGet, "/api/categories", "application/json", `{"error":"The marketplace is starting; try again in a few seconds."}`},
		{"a sign-in", http.MethodPost, "/api/auth/login", "application/json", `"error":"The marketplace is starting`},
		{"the home page", http.MethodGet, "/", "text/html", `<meta http-equiv="refresh" content="5">`},
		{"a picture", http.MethodGet, "/images/nothing.jpg", "text/html", "The marketplace is starting"},
	}
	for _, tc := range cases {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader("{}"))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body strings.Builder
		_, _ = io.Copy(&body, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body.String(), tc.wantBody) {
			t.Errorf("%s: %d %.300s, want 503 and %s", tc.name, res.StatusCode, body.String(), tc.wantBody)
		}
		if got := res.Header.Get("Content-Type"); !strings.HasPrefix(got, tc.wantType) {
			t.Errorf("%s: Content-Type %q, want %s", tc.name, got, tc.wantType)
		}
		if res.Header.Get("Retry-After") != "5" || res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: Retry-After %q, Cache-Control %q", tc.name, res.Header.Get("Retry-After"), res.Header.Get("Cache-Control"))
		}
		if got := res.Header.Get("Content-Security-Policy"); !strings.Contains(got, "script-src 'self';") {
			t.Errorf("%s: Content-Security-Policy %q", tc.name, got)
		}
	}
}
