package uploads_test

import (
	"bytes"
	"fmt"
	"image"
	"net/http"
	"net/http/httptest"
	"path"
	"strconv"
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
	forEachBackend(t, testHandlerServesIssuedImages)
}

func testHandlerServesIssuedImages(t *testing.T, s *testStore) {
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
			"ETag":                    `"` + path.Base(url) + `"`,
		} {
			if got := rec.Header().Get(name); got != want {
				t.Errorf("GET %s: %s is %q, want %q", url, name, got, want)
			}
		}
		kept, err := s.read(path.Base(url))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(rec.Body.Bytes(), kept) {
			t.Errorf("GET %s: body differs from the stored file", url)
		}
		if got := rec.Header().Get("Content-Length"); got != strconv.Itoa(len(kept)) {
			t.Errorf("GET %s: Content-Length %s, want %d", url, got, len(kept))
		}
		if rec.Header().Get("Last-Modified") == "" {
			t.Errorf("GET %s: no Last-Modified", url)
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
	whole, err := s.read(path.Base(jpg.URL))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		ranges string
		want   []byte
	}{
		{"bytes=0-1", whole[:2]},
		{"bytes=10-19", whole[10:20]},
		{"bytes=-4", whole[len(whole)-4:]},
		{fmt.Sprintf("bytes=%d-", len(whole)-3), whole[len(whole)-3:]},
	} {
		rec = serve(h, http.MethodGet, jpg.URL, http.Header{"Range": {c.ranges}})
		if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), c.want) {
			t.Errorf("Range %s: %d %x, want 206 %x", c.ranges, rec.Code, rec.Body.Bytes(), c.want)
		}
	}
	if rec := serve(h, http.MethodGet, jpg.URL, http.Header{"Range": {"bytes=0-1,4-5"}}); rec.Code != http.StatusPartialContent ||
		!bytes.Contains(rec.Body.Bytes(), whole[:2]) || !bytes.Contains(rec.Body.Bytes(), whole[4:6]) {
		t.Errorf("two ranges: %d %q", rec.Code, rec.Body.Bytes())
	}
	if rec := serve(h, http.MethodHead, jpg.URL, nil); rec.Code != http.StatusOK || rec.Body.Len() != 0 ||
		rec.Header().Get("Content-Length") != strconv.Itoa(len(whole)) {
		t.Errorf("HEAD: %d with %d bytes, Content-Length %s", rec.Code, rec.Body.Len(), rec.Header().Get("Content-Length"))
	}
	if rec := serve(h, http.MethodPost, jpg.URL, nil); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d, want 405", rec.Code)
	}

	// A picture gone from storage is not found, not an error.
	s.drop(path.Base(png.URL))
	if rec := serve(h, http.MethodGet, png.URL, nil); rec.Code != http.StatusNotFound {
		t.Errorf("GET of a removed picture: %d, want 404", rec.Code)
	}
	if rec := serve(h, http.MethodHead, png.URL, nil); rec.Code != http.StatusNotFound {
		t.Errorf("HEAD of a removed picture: %d, want 404", rec.Code)
	}
}

func TestHandlerServesNothingElse(t *testing.T) {
	forEachBackend(t, testHandlerServesNothingElse)
}

func testHandlerServesNothingElse(t *testing.T, s *testStore) {
	img := save(t, s, encodeJPEG(t, cornerPicture(30, 20), 90, nil))
	name := strings.TrimPrefix(img.URL, "/images/")
	// Things that really are stored, but were not issued.
	for _, f := range []string{".hidden", ".upload-123", ".health", "notes.txt", strings.Repeat("a", 32) + ".gif"} {
		s.plant(f, []byte("secret"))
	}
	s.plantDir(strings.Repeat("b", 32) + ".jpg")
	h := http.StripPrefix("/images/", s.Handler())

	for _, target := range []string{
		"/images/..%2fetc%2fpasswd",
		"/images/..%2F" + name,
		"/images/",
		"/images/.hidden",
		"/images/.upload-123",
		"/images/.health",
		"/images/notes.txt",
		"/images/" + strings.Repeat("a", 32) + ".gif",
		"/images/" + strings.Repeat("b", 32) + ".jpg",         // a directory, a key prefix
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
