package api

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"

	"github.com/go-chi/chi/v5"
	"github.com/klauspost/compress/gzip"
)

// webFiles serves the built web app. Vite puts content-hashed files under
// assets/, which never change and may be cached for a year; everything else,
// index.html first, must be revalidated on every visit so a new release is
// picked up. Any path that is not a file is a client-side route and gets
// index.html. Files are read and gzipped once, on first use: they are part of
// the binary and never change while it runs. index.html gets a head made
// for each route (page_heads.go), and the manifest the site's name
// (manifest.go).
type webFiles struct {
	fsys fs.FS
	srv  *Server

	mu    sync.Mutex
	files map[string]*keptBody
	pages map[string]*keptPage // by address; see page

	shellOnce sync.Once
	shell     pageShell

	manifestMu sync.Mutex
	manifests  *keptManifest
}

func (s *Server) webApp() *webFiles {
	return &webFiles{fsys: s.web, srv: s, files: map[string]*keptBody{}, pages: map[string]*keptPage{}}
}

func (wf *webFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	immutable := strings.HasPrefix(name, "assets/")
	f := wf.file(name)
	if f == nil && immutable {
		// A page from an older release asking for its old script must get an
		// honest 404, not HTML it would try to run.
		http.NotFound(w, r)
		return
	}
	if f == nil || name == "index.html" || name == "" {
		f = wf.page(r, "/"+name)
	}
	if immutable {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	f.serve(w, r)
}

// file returns the named file, or nil when there is none.
func (wf *webFiles) file(name string) *keptBody {
	if name == "" {
		name = "index.html"
	}
	wf.mu.Lock()
	defer wf.mu.Unlock()
	if f, ok := wf.files[name]; ok {
		return f
	}
	var f *keptBody
	if body, err := fs.ReadFile(wf.fsys, name); err == nil {
		f = newWebFile(name, body)
	}
	wf.files[name] = f
	return f
}

// index is the web app's entry page, or a plain notice when the web app was
// not built into this binary.
func (wf *webFiles) index() *keptBody {
	if f := wf.file("index.html"); f != nil {
		return f
	}
	return notBuilt
}

var notBuilt = newWebFile("index.html", []byte(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rehome</title></head><body><main><h1>Rehome</h1>
<p>The server is running, but this binary was built without the web app. Build it with <code>make build</code>.
The API answers under <a href="/api/categories">/api</a>.</p></main></body></html>
`))

// newWebFile keeps a file of the web app, gzipped at the best level: it is
// made once and sent to every visitor.
func newWebFile(name string, body []byte) *keptBody {
	contentType := mime.TypeByExtension(path.Ext(name))
	if path.Ext(name) == ".webmanifest" {
		contentType = "application/manifest+json" // not in Go's table
	}
	if contentType == "" {
		contentType = http.DetectContentType(body)
	}
	return newKeptBody(contentType, etagOf(body), body, gzip.BestCompression)
}

// etagOf is a strong ETag made of the body itself.
func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

func (s *Server) apiNotFound(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusNotFound, errorBody{Error: "Not found"})
}

// apiMethodNotAllowed names the methods the path does allow, as RFC 9110 asks;
// chi only does that in its own plain-text handler.
func (s *Server) apiMethodNotAllowed(w http.ResponseWriter, r *http.Request) {
	var allowed []string
	for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if s.router.Match(chi.NewRouteContext(), method, r.URL.Path) {
			allowed = append(allowed, method)
			if method == http.MethodGet {
				allowed = append(allowed, http.MethodHead) // see GetHead in routes.go
			}
		}
	}
	w.Header().Set("Allow", strings.Join(allowed, ", "))
	writeJSON(w, http.StatusMethodNotAllowed, errorBody{Error: "Method not allowed"})
}
