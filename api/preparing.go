package api

import (
	"html"
	"net/http"
	"strings"

	"rehome/app"
	"rehome/translations"
)

// A demo marketplace takes seconds to write ('rehome serve --demo' on an
// empty database), and the server listens from the start: until
// Config.DemoWritten is closed, every request is answered here with a 503
// that says so. The answers are never kept: a browser or the service
// worker that kept the page would show it after the demo is there.

// preparingRetry is the Retry-After of the answers, in seconds: the page
// reloads itself as often.
const preparingRetry = "2"

// preparing is said while the demo is written.
var preparing = waiting{
	retry:   preparingRetry,
	message: "The demo marketplace is being prepared; try again in a few seconds.",
	heading: "Preparing the demo",
	text:    "The demo marketplace is being prepared: its people, listings and pictures are being written. This page reloads itself when it is ready, in a few seconds.",
}

// waiting is what a 503 says while the marketplace is not there yet: the
// message of an Error under /api, and the heading and text of a page
// anywhere else, all in English and translated in the catalogs.
type waiting struct {
	retry, message, heading, text string
}

// page is a self-contained page that says why the marketplace is not there
// yet and reloads itself every retry seconds: the content security policy
// allows no inline script, so it does with a meta refresh.
func (wt waiting) page(l app.Language) string {
	heading := html.EscapeString(translations.Translate(l, wt.heading))
	return `<!doctype html>
<html lang="` + string(l) + `">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="` + wt.retry + `">
<title>` + heading + ` · Rehome</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:#faf7f2;color:#1c1917;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:26rem;padding:2rem;text-align:center}
h1{margin:0 0 .5rem;font-size:1.5rem;color:#0f766e}
p{margin:0}
</style>
</head>
<body>
<main>
<h1>` + heading + `</h1>
<p>` + html.EscapeString(translations.Translate(l, wt.text)) + `</p>
</main>
</body>
</html>
`
}

// untilDemoWritten answers every request as preparing until the demo is
// written, then steps aside.
func (s *Server) untilDemoWritten(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-s.demoWritten:
			next.ServeHTTP(w, r)
			return
		default:
		}
		unavailable(w, r, healthBody{Status: "preparing", Error: "the demo marketplace is being prepared"}, preparing)
	})
}

// unavailable is a 503 that the server is not ready yet, never kept, with
// Retry-After: health at /healthz, the message as an Error under /api, and
// the page anywhere else, in the browser's language (the marketplace's own
// may not be known yet).
func unavailable(w http.ResponseWriter, r *http.Request, health healthBody, wt waiting) {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Retry-After", wt.retry)
	h.Add("Vary", "Accept-Language")
	language := translations.Negotiate("", r.Header.Get("Accept-Language"), app.English)
	switch path := r.URL.Path; {
	case path == healthPath:
		writeJSON(w, http.StatusServiceUnavailable, health)
	case path == "/api" || strings.HasPrefix(path, "/api/"):
		writeJSON(w, http.StatusServiceUnavailable, errorBody{Error: translations.Translate(language, wt.message)})
	default:
		h.Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(wt.page(language))) // #nosec G705 -- constants and catalog texts, escaped; the language is one of ours
	}
}
