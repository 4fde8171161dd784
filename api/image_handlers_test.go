package api_test

import (
	"bytes"
	"image"
	_ "image/jpeg"
	"image/png"
	_ "image/png"
	"maps"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rehome/api"
	"rehome/app"
	"rehome/internal/wiring"
	"rehome/uploads"
)

// fileForm is a multipart form with one file part named field, called
// fileName, holding data; it returns the content type and the body.
func fileForm(t *testing.T, field, fileName string, data []byte) (string, *bytes.Buffer) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile(field, fileName)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(data)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return w.FormDataContentType(), &buf
}

func TestUploadImage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, _ := e.register("Uma Uploader", "uma@example.com", app.RoleBuyer)

	cases := []struct {
		name                    string
		width, height           int
		wantWidth, wantHeight   int
		thumbWidth, thumbHeight int
	}{
		{"small picture keeps its size", 50, 40, 50, 40, 50, 40},
		{"wide picture is scaled to 1600 and a 400 thumbnail", 2000, 10, 1600, 8, 400, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := c.form("/api/images", nil, pngImage(t, tc.width, tc.height))
			expectStatus(t, r, http.StatusCreated)
			raw := decode[map[string]any](t, r)
			if keys := slices.Sorted(maps.Keys(raw)); !slices.Equal(keys, []string{"height", "thumb_url", "url", "width"}) {
				t.Errorf("keys %v, want height, thumb_url, url, width", keys)
			}
			img := decode[app.Image](t, r)
			if img.Width != tc.wantWidth || img.Height != tc.wantHeight {
				t.Errorf("size %dx%d, want %dx%d", img.Width, img.Height, tc.wantWidth, tc.wantHeight)
			}
			if !strings.HasPrefix(img.URL, "/images/") || !strings.HasPrefix(img.ThumbURL, "/images/") || img.URL == img.ThumbURL {
				t.Fatalf("urls %q and %q, want two different URLs under /images/", img.URL, img.ThumbURL)
			}
			for _, file := range []struct {
				url  string
				w, h int
			}{{img.URL, tc.wantWidth, tc.wantHeight}, {img.ThumbURL, tc.thumbWidth, tc.thumbHeight}} {
				// Served to anyone, signed in or not.
				got := e.client().send("GET", file.url, "", nil)
				expectStatus(t, got, http.StatusOK)
				if ct := got.header.Get("Content-Type"); !strings.HasPrefix(ct, "image/") {
					t.Errorf("%s: Content-Type %q, want image/*", file.url, ct)
				}
				if cc := got.header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
					t.Errorf("%s: Cache-Control %q, want immutable", file.url, cc)
				}
				if got.header.Get("X-Content-Type-Options") != "nosniff" {
					t.Errorf("%s: X-Content-Type-Options %q, want nosniff", file.url, got.header.Get("X-Content-Type-Options"))
				}
				cfg, _, err := image.DecodeConfig(bytes.NewReader(got.body))
				if err != nil {
					t.Errorf("%s is not a picture: %v", file.url, err)
				} else if cfg.Width != file.w || cfg.Height != file.h {
					t.Errorf("%s is %dx%d, want %dx%d", file.url, cfg.Width, cfg.Height, file.w, file.h)
				}
			}
		})
	}

	t.Run("a GIF is taken", func(t *testing.T) {
		gif := []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
		expectStatus(t, c.form("/api/images", nil, gif), http.StatusCreated)
	})
}

// TestUploadedPicturesAreDecodedForTheirUploader: the intake learns whose
// picture it decodes, for their large ones take turns (uploads' tests show
// the turns); a picture given at registration is nobody's yet.
func TestUploadedPicturesAreDecodedForTheirUploader(t *testing.T) {
	t.Parallel()
	uploaders := make(chan int64, 2)
	e := serverWith(t, t.TempDir(), api.Config{}, func(m *wiring.Marketplace) {
		m.Images.ObserveDecodes(func(d uploads.Decode) func() {
			uploaders <- d.Uploader
			return func() {}
		})
	})
	c, u := e.register("Uma Uploader", "uma@example.com", app.RoleBuyer)
	if got := <-uploaders; got != 0 {
		t.Errorf("the picture given at registration was decoded for account %d, want none", got)
	}
	c.upload(pngImage(t, 50, 40))
	if got := <-uploaders; got != u.ID {
		t.Errorf("an upload by account %d was decoded for account %d", u.ID, got)
	}
}

func TestUploadImageRefusesBadUploads(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, _ := e.register("Uma Uploader", "uma@example.com", app.RoleBuyer)
	upload := func(field, fileName string, data []byte) *response {
		ct, body := fileForm(t, field, fileName, data)
		return c.send("POST", "/api/images", ct, body)
	}
	// A PNG signature followed by padding: too large is decided before decoding.
	bigFile := func(n int) []byte {
		data := make([]byte, n)
		copy(data, "\x89PNG\r\n\x1a\n")
		return data
	}
	const unsupported = "Use a JPEG, PNG, GIF or WebP image"

	cases := []refusal{
		{"a text file named picture.jpg", func() *response {
			return upload("image", "picture.jpg", []byte("this is not a picture at all\n"))
		}, http.StatusUnsupportedMediaType, unsupported, map[string]string{"image": unsupported}},
		{"a truncated PNG", func() *response {
			return upload("image", "picture.png", pngImage(t, 20, 20)[:30])
		}, http.StatusUnsupportedMediaType, unsupported, map[string]string{"image": unsupported}},
		{"an empty file", func() *response { return upload("image", "picture.png", nil) },
			http.StatusUnprocessableEntity, "The image is empty", map[string]string{"image": "The image is empty"}},
		{"11 MB file (over the image limit, under the form limit)", func() *response {
			return upload("image", "picture.png", bigFile(11_000_000))
		}, http.StatusRequestEntityTooLarge, "The image is larger than 10 MB", map[string]string{"image": "The image is larger than 10 MB"}},
		{"12 MiB form (over the form limit)", func() *response {
			return upload("image", "picture.png", bigFile(12<<20))
		}, http.StatusRequestEntityTooLarge, "The upload is larger than 10 MB", nil},
		{"no image field", func() *response { return c.form("/api/images", map[string]string{"name": "x"}, nil) },
			http.StatusUnprocessableEntity, app.RequiredMessage, map[string]string{"image": app.RequiredMessage}},
		{"the file under another field name", func() *response { return upload("photo", "picture.png", pngImage(t, 10, 10)) },
			http.StatusUnprocessableEntity, app.RequiredMessage, map[string]string{"image": app.RequiredMessage}},
		{"JSON content type", func() *response { return c.call("POST", "/api/images", map[string]string{"image": "x"}) },
			http.StatusUnsupportedMediaType, "Send the form as multipart/form-data", nil},
		{"raw PNG body", func() *response {
			return c.send("POST", "/api/images", "image/png", bytes.NewReader(pngImage(t, 10, 10)))
		}, http.StatusUnsupportedMediaType, "Send the form as multipart/form-data", nil},
		{"multipart without a boundary", func() *response {
			return c.send("POST", "/api/images", "multipart/form-data", strings.NewReader("garbage"))
		}, http.StatusBadRequest, "The form could not be read", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			expectError(t, tc.send(), tc.status, tc.message, tc.fields)
		})
	}
}

func TestImagePathsNeverReachTheDatabase(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.client()
	paths := []string{
		"/images/../rehome.db",
		"/images/%2e%2e/rehome.db",
		"/images/..%2frehome.db",
		"/images/..%2Frehome.db-wal",
		"/images/unknown.jpg",
		"/images/ffffffffffffffffffffffffffffffff.jpg",
		"/images/",
		"/images/.",
	}
	for _, path := range paths {
		t.Run(path, func(t *testing.T) {
			r := c.send("GET", path, "", nil)
			if r.status != http.StatusNotFound {
				t.Errorf("status %d, want 404", r.status)
			}
			if bytes.Contains(r.body, []byte("SQLite format")) {
				t.Errorf("the answer holds the database")
			}
		})
	}
	t.Run("/rehome.db is the web app, not the database", func(t *testing.T) {
		r := c.send("GET", "/rehome.db", "", nil)
		if bytes.Contains(r.body, []byte("SQLite format")) {
			t.Errorf("the answer holds the database")
		}
	})
}

// TestUploadsLeaveNoTemporaryFiles sends forms large enough to wait on disk
// while they are read: kept and refused pictures, and a sign-up, must leave
// nothing behind. Not parallel: it points TMPDIR at a directory of its own.
func TestUploadsLeaveNoTemporaryFiles(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	e := newEnv(t)
	c, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	// Random pixels do not compress: well over the megabyte kept in memory.
	noise := image.NewRGBA(image.Rect(0, 0, 800, 800))
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range noise.Pix {
		noise.Pix[i] = byte(rnd.Uint32())
	}
	var big bytes.Buffer
	if err := png.Encode(&big, noise); err != nil {
		t.Fatal(err)
	}
	if big.Len() < 2<<20 {
		t.Fatalf("the picture is only %d bytes", big.Len())
	}
	tooBig := append(bytes.Clone(big.Bytes()), make([]byte, app.MaxImageBytes)...)

	expectStatus(t, c.form("/api/images", nil, big.Bytes()), http.StatusCreated)
	expectStatus(t, c.form("/api/images", nil, tooBig[:app.MaxImageBytes+1000]), http.StatusRequestEntityTooLarge)
	expectStatus(t, c.form("/api/images", map[string]string{"other": "field"}, nil), http.StatusUnprocessableEntity)
	expectStatus(t, e.client().form("/api/auth/register", registerForm("Big Picture", "big@example.com", "Buyer"), big.Bytes()),
		http.StatusCreated)

	left, err := filepath.Glob(filepath.Join(tmp, "multipart-*"))
	if err != nil || len(left) > 0 {
		t.Errorf("temporary files left behind: %q %v", left, err)
	}
}
