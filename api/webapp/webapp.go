// Package webapp serves the built web app's files: read and gzipped once,
// hashed assets cached for a year, everything else revalidated, and every
// path that is not a file answered with the entry page. What the entry page
// says in its <head> for each route is the link-preview feature of package
// api (share.go, page_heads.go): it renders heads from the marketplace's
// data, while this package only serves bytes it is given, so it knows
// nothing of products or the site's settings.
package webapp

import (
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"

	"rehome/api/httpcache"
)

// Files serves the built web app. Vite puts content-hashed files under
// assets/, which never change and may be cached for a year; everything else,
// index.html first, must be revalidated on every visit so a new release is
// picked up. Any path that is not a file is a client-side route and gets
// the page Page makes for it. Files are read and gzipped once, on first use:
// they are part of the binary and never change while it runs.
type Files struct {
	fsys fs.FS
	// page is the entry page for the route at path.
	page func(r *http.Request, path string) *httpcache.KeptBody

	mu    sync.Mutex
	files map[string]*httpcache.KeptBody

	manifestMu sync.Mutex
	manifests  *keptManifest
}

// New serves fsys, with page making the entry page of each route.
func New(fsys fs.FS, page func(r *http.Request, path string) *httpcache.KeptBody) *Files {
	return &Files{fsys: fsys, page: page, files: map[string]*httpcache.KeptBody{}}
}

func (wf *Files) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	immutable := strings.HasPrefix(name, "assets/")
	f := wf.File(name)
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
	f.Serve(w, r)
}

// File returns the named file, or nil when there is none.
func (wf *Files) File(name string) *httpcache.KeptBody {
	if name == "" {
		name = "index.html"
	}
	wf.mu.Lock()
	defer wf.mu.Unlock()
	if f, ok := wf.files[name]; ok {
		return f
	}
	var f *httpcache.KeptBody
	if body, err := fs.ReadFile(wf.fsys, name); err == nil {
		f = newFile(name, body)
	}
	wf.files[name] = f
	return f
}

// Index is the web app's entry page, or a plain notice when the web app was
// not built into this binary.
func (wf *Files) Index() *httpcache.KeptBody {
	if f := wf.File("index.html"); f != nil {
		return f
	}
	return notBuilt
}

var notBuilt = newFile("index.html", []byte(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rehome</title></head><body><main><h1>Rehome</h1>
<p>The server is running, but this binary was built without the web app. Build it with <code>make build</code>.
The API answers under <a href="/api/categories">/api</a>.</p></main></body></html>
`))

// contentTypes are the types of the files a built web app holds, as Go's
// own table gives them. mime.TypeByExtension would find them too, but its
// first call reads the system's tables, and Debian's (shared-mime-info)
// then holds 1.5 MB of the heap for as long as the server runs (budget:
// peak RSS, docs/benchmarks.md).
var contentTypes = map[string]string{
	".css":         "text/css; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".ico":         "image/vnd.microsoft.icon",
	".jpg":         "image/jpeg",
	".js":          "text/javascript; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".mjs":         "text/javascript; charset=utf-8",
	".png":         "image/png",
	".svg":         "image/svg+xml",
	".txt":         "text/plain; charset=utf-8",
	".wasm":        "application/wasm",
	".webmanifest": "application/manifest+json",
	".webp":        "image/webp",
	".woff2":       "font/woff2",
	".xml":         "text/xml; charset=utf-8",
}

// newFile keeps a file of the web app, gzipped at the best level: it is
// made once and sent to every visitor.
func newFile(name string, body []byte) *httpcache.KeptBody {
	contentType, ok := contentTypes[strings.ToLower(path.Ext(name))]
	if !ok {
		contentType = http.DetectContentType(body)
	}
	return httpcache.NewKeptBody(contentType, httpcache.ETagOf(body), body, gzip.BestCompression)
}
