package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"rehome/api"
	"rehome/app"
)

func webServer(t *testing.T, files fstest.MapFS) *httptest.Server {
	t.Helper()
	e := newEnv(t)
	server := api.New(api.Config{
		Services: e.svc, CatalogueVersion: e.db.CatalogueVersion, SessionStore: e.sessions, Images: http.NotFoundHandler(), Web: files,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	srv := httptest.NewServer(server.Handler())
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, url string, headers ...string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	// A bare transport, so Go does not ask for and undo gzip by itself.
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	checkAnswer(t, res, body)
	res.Body = io.NopCloser(bytes.NewReader(body))
	return res
}

// How files are served is package webapp's test; this one is the web app
// within the server: each route's head, the security headers, and the
// paths that are not the web app's.
func TestWebApp(t *testing.T) {
	srv := webServer(t, fstest.MapFS{
		"index.html":           {Data: []byte("<!doctype html><title>Rehome</title>" + strings.Repeat(" ", 1000))},
		"assets/index-abc.js":  {Data: []byte(strings.Repeat("console.log('rehome');\n", 200))},
		"manifest.webmanifest": {Data: []byte(`{"name":"Rehome"}`)},
	})

	t.Run("the entry page revalidates with 304", func(t *testing.T) {
		etag := get(t, srv.URL+"/").Header.Get("ETag")
		if etag == "" {
			t.Fatal("no ETag on index.html")
		}
		if res := get(t, srv.URL+"/", "If-None-Match", etag); res.StatusCode != http.StatusNotModified {
			t.Errorf("status %d, want 304", res.StatusCode)
		}
	})
	t.Run("client routes get index.html with a strict policy", func(t *testing.T) {
		res := get(t, srv.URL+"/dashboard/myorders")
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || !strings.Contains(string(body), "<title>Rehome — ") {
			t.Fatalf("status %d body %.80s", res.StatusCode, body)
		}
		csp := res.Header.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self';", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("CSP %q lacks %q", csp, want)
			}
		}
		if strings.Contains(strings.SplitN(strings.SplitN(csp, "script-src", 2)[1], ";", 2)[0], "unsafe-inline") {
			t.Errorf("CSP allows inline scripts: %q", csp)
		}
		if res.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("Cache-Control %q", res.Header.Get("Cache-Control"))
		}
	})
	t.Run("api and images never fall back to html", func(t *testing.T) {
		for _, path := range []string{"/api/nothing", "/images/nothing.jpg", "/assets/gone-123.js"} {
			res := get(t, srv.URL+path)
			if res.StatusCode != http.StatusNotFound || strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				t.Errorf("%s: status %d, type %q", path, res.StatusCode, res.Header.Get("Content-Type"))
			}
		}
	})
}

func TestWebAppNotBuilt(t *testing.T) {
	srv := webServer(t, fstest.MapFS{".gitkeep": {}})
	res := get(t, srv.URL+"/")
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.Contains(string(body), "make build") {
		t.Errorf("status %d body %s", res.StatusCode, body)
	}
}

// API answers of a kilobyte or more are gzipped; smaller ones fit in a
// packet as they are.
func TestAPIAnswersAreGzipped(t *testing.T) {
	e := newEnv(t)
	res := get(t, e.srv.URL+"/api/categories", "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "" {
		t.Errorf("empty list: Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	admin, _ := e.admin("admin@example.com")
	for i := range 10 {
		expectStatus(t, admin.form("/api/categories", map[string]string{"name": fmt.Sprint("Category ", i)}, pngImage(t, 8, 8)), http.StatusCreated)
	}
	res = get(t, e.srv.URL+"/api/categories", "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("ten categories: Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var list app.List[app.Category]
	if err := json.NewDecoder(zr).Decode(&list); err != nil || list.Total != 10 {
		t.Errorf("decoded %d categories, %v", list.Total, err)
	}
}
