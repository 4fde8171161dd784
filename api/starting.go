package api

import "net/http"

// 'rehome serve' listens before its database is open: a PostgreSQL server
// not reachable yet (the machine booted and Rehome came up first) is waited
// for, and meanwhile every request is answered here with a 503 that says
// the server is starting, which a load balancer's health check and a
// browser both understand as "come back soon".

// startingRetry is the Retry-After of the answers, in seconds.
const startingRetry = "5"

// starting is said while the server waits for its database.
var starting = waiting{
	retry:   startingRetry,
	message: "The marketplace is starting; try again in a few seconds.",
	heading: "Starting",
	text:    "The marketplace is starting. This page reloads itself when it is ready.",
}

// Starting answers every request while the server waits for its database:
// /healthz with {"status":"starting"}, any path under /api with an Error,
// any other with a page that reloads itself; all 503 with Retry-After.
func Starting() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The usual headers, but those that depend on the marketplace's
		// settings (HTTPS behind a proxy, card payments) are not known yet.
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Permissions-Policy", permissionsPolicy)
		unavailable(w, r, healthBody{Status: "starting"}, starting)
	})
}
