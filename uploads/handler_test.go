package uploads_test

import (
	"bytes"
	"image"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func serve(h http.Handler, method, target string, header http.Header) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestHandlerServesIssuedImages(t *testing.T) {
	s, dir := newStore(t)
	jpg := save(t, s, encodeJPEG(t, cornerPicture(300, 200), 90, nil))
	png := save(t, s, encodePNG(t, image.NewNRGBA(image.Rect(0, 0, 10, 10)))) // transparent
	h := http.StripPrefix("/images/", s.Handler())

	for url, contentType := range map[string]string{
		jpg.URL: "image/jpeg", jpg.ThumbURL: "image/jpeg",
		png.URL: "image/png", png.ThumbURL: "image/png",
	} {
		rec := serve(h, http.MethodGet, url, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d", url, rec.Code)
		}
		for name, want := range map[string]string{
			"Content-Type":            contentType,
			"Cache-Control":           "public, max-age=31536000, immutable",
			"X-Content-Type-Options":  "nosniff",
			"Content-Security-Policy": "default-src 'none'",
		} {
			if got := rec.Header().Get(name); got != want {
				t.Errorf("GET %s: %s is %q, want %q", url, name, got, want)
			}
		}
		onDisk, err := os.ReadFile(filepath.Join(dir, strings.TrimPrefix(url, "/images/")))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(rec.Body.Bytes(), onDisk) {
			t.Errorf("GET %s: body differs from the stored file", url)
		}
	}

	// Conditional and partial requests work, thanks to http.ServeContent.
	rec := serve(h, http.MethodGet, jpg.URL, http.Header{"If-Modified-Since": {time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)}})
	if rec.Code != http.StatusNotModified {
		t.Errorf("If-Modified-Since: %d, want 304", rec.Code)
	}
	etag := serve(h, http.MethodGet, jpg.URL, nil).Header().Get("ETag")
	if rec := serve(h, http.MethodGet, jpg.URL, http.Header{"If-None-Match": {etag}}); etag == "" || rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match %q: %d, want 304", etag, rec.Code)
	}
	rec = serve(h, http.MethodGet, jpg.URL, http.Header{"Range": {"bytes=0-1"}})
	if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), []byte{0xff, 0xd8}) {
		t.Errorf("Range: %d %x, want 206 ffd8", rec.Code, rec.Body.Bytes())
	}
	if rec := serve(h, http.MethodHead, jpg.URL, nil); rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Errorf("HEAD: %d with %d bytes", rec.Code, rec.Body.Len())
	}
	if rec := serve(h, http.MethodPost, jpg.URL, nil); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d, want 405", rec.Code)
	}
}

func TestHandlerServesNothingElse(t *testing.T) {
	s, dir := newStore(t)
	img := save(t, s, encodeJPEG(t, cornerPicture(30, 20), 90, nil))
	name := strings.TrimPrefix(img.URL, "/images/")
	// Things that really are in the directory, but were not issued.
	for _, f := range []string{".hidden", ".upload-123", "notes.txt", strings.Repeat("a", 32) + ".gif"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("secret"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, strings.Repeat("b", 32)+".jpg"), 0o755); err != nil {
		t.Fatal(err)
	}
	h := http.StripPrefix("/images/", s.Handler())

	for _, target := range []string{
		"/images/..%2fetc%2fpasswd",
		"/images/..%2F" + name,
		"/images/",
		"/images/.hidden",
		"/images/.upload-123",
		"/images/notes.txt",
		"/images/" + strings.Repeat("a", 32) + ".gif",
		"/images/" + strings.Repeat("b", 32) + ".jpg",         // a directory
		"/images/" + strings.Repeat("0", 32) + ".jpg",         // never issued
		"/images/" + strings.ToUpper(name),                    // wrong case
		"/images/" + strings.TrimSuffix(name, ".jpg"),         // no extension
		"/images/" + name + "/",                               // trailing slash
		"/images/sub%2f" + name,                               // a path, not a name
		"/images/" + strings.Replace(name, ".jpg", ".png", 1), // other format
	} {
		rec := serve(h, http.MethodGet, target, nil)
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", target, rec.Code)
		}
		if strings.Contains(rec.Body.String(), "secret") {
			t.Errorf("GET %s leaked a file", target)
		}
	}

	// The handler refuses a traversal by itself, however it is mounted.
	req := httptest.NewRequest(http.MethodGet, "/x", nil)
	req.URL.Path = "../etc/passwd"
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusNotFound {
		t.Errorf("../etc/passwd: %d, want 404", rec.Code)
	}
}
