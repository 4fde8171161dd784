package webapp_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"rehome/api/httpcache"
	"rehome/api/webapp"
)

var script = strings.Repeat("console.log('rehome');\n", 200)

// files serves a built web app whose routes all get the page "a route".
func files() *webapp.Files {
	route := httpcache.NewKeptBody("text/html; charset=utf-8", `"route"`, []byte("a route"), gzip.BestSpeed)
	return webapp.New(fstest.MapFS{
		"index.html":           {Data: []byte("<!doctype html><title>Rehome</title>")},
		"assets/index-abc.js":  {Data: []byte(script)},
		"manifest.webmanifest": {Data: []byte(`{"name":"Rehome"}`)},
	}, func(*http.Request, string) *httpcache.KeptBody { return route })
}

func serve(h http.Handler, method, path string, headers ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestFiles(t *testing.T) {
	web := files()
	tests := []struct {
		name, method, path string
		headers            []string
		status             int
		cacheControl       string
		contentType        string // its start
		encoding           string
		body               string // unzipped; empty: not checked
	}{
		{"hashed assets are immutable and gzipped when accepted", "GET", "/assets/index-abc.js", []string{"Accept-Encoding", "br, gzip"},
			200, "public, max-age=31536000, immutable", "text/javascript", "gzip", script},
		{"plain without Accept-Encoding", "GET", "/assets/index-abc.js", nil,
			200, "public, max-age=31536000, immutable", "text/javascript", "", script},
		{"the manifest has its own media type", "GET", "/manifest.webmanifest", nil,
			200, "no-cache", "application/manifest+json", "", `{"name":"Rehome"}`},
		{"client routes get their page", "GET", "/dashboard/myorders", nil, 200, "no-cache", "text/html", "", "a route"},
		{"so does the entry page itself", "GET", "/index.html", nil, 200, "no-cache", "text/html", "", "a route"},
		{"an old release's asset is an honest 404", "GET", "/assets/gone-123.js", nil, 404, "", "text/plain", "", ""},
		{"only reads", "POST", "/", nil, 405, "", "text/plain", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := serve(web, tt.method, tt.path, tt.headers...)
			h := rec.Header()
			if rec.Code != tt.status || h.Get("Cache-Control") != tt.cacheControl ||
				!strings.HasPrefix(h.Get("Content-Type"), tt.contentType) || h.Get("Content-Encoding") != tt.encoding {
				t.Fatalf("status %d, Cache-Control %q, Content-Type %q, Content-Encoding %q",
					rec.Code, h.Get("Cache-Control"), h.Get("Content-Type"), h.Get("Content-Encoding"))
			}
			var body io.Reader = rec.Body
			if tt.encoding == "gzip" {
				zr, err := gzip.NewReader(rec.Body)
				if err != nil {
					t.Fatal(err)
				}
				body = zr
			}
			if got, _ := io.ReadAll(body); tt.body != "" && !bytes.Equal(got, []byte(tt.body)) {
				t.Errorf("body %.80q, want %.80q", got, tt.body)
			}
		})
	}
}

func TestRevalidationAnswers304(t *testing.T) {
	web := files()
	etag := serve(web, "GET", "/assets/index-abc.js").Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	if rec := serve(web, "GET", "/assets/index-abc.js", "If-None-Match", etag); rec.Code != http.StatusNotModified {
		t.Errorf("status %d, want 304", rec.Code)
	}
}

func TestNotBuilt(t *testing.T) {
	web := webapp.New(fstest.MapFS{".gitkeep": {}}, nil)
	if index := web.Index(); !strings.Contains(string(index.Body()), "make build") {
		t.Errorf("index %s", index.Body())
	}
	if manifest, err := web.Manifest("Our Street"); manifest != nil || err != nil {
		t.Errorf("a manifest without one built: %v, %v", manifest, err)
	}
}
