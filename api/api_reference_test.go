package api_test

import (
	"net/http"
	"strings"
	"testing"
)

func TestAPIReference(t *testing.T) {
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	visitor := e.client()

	for _, tc := range []struct {
		name, siteName, title string
	}{
		{"in the site's name", "", "<title>API reference · Rehome</title>"},
		{"renamed, escaped", "Riverside & Co", "<title>API reference · Riverside &amp; Co</title>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.siteName != "" {
				expectStatus(t, admin.call("PUT", "/api/site", map[string]any{"name": tc.siteName}), http.StatusOK)
			}
			r := visitor.call("GET", "/docs/api", nil)
			expectStatus(t, r, http.StatusOK)
			page := string(r.body)
			for _, want := range []string{tc.title, `<script src="/docs/scalar.js"></script><script src="/docs/api.js"></script>`, `href="/"`} {
				if !strings.Contains(page, want) {
					t.Errorf("the page has no %s:\n%s", want, page)
				}
			}
			if ct := r.header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
			// Scalar, set up by pwa/public/docs/api.js, needs nothing more than the app does.
			if policy, app := r.header.Get("Content-Security-Policy"), visitor.call("GET", "/", nil).header.Get("Content-Security-Policy"); policy != app {
				t.Errorf("policy %q, the app's %q", policy, app)
			}
		})
	}
}
