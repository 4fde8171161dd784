package uploads_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/disintegration/imaging"

	"rehome/app"
	"rehome/uploads"
)

func save(t testing.TB, s *testStore, data []byte) *app.Image {
	t.Helper()
	img, err := s.Save(context.Background(), 0, bytes.NewReader(data))
	if err != nil {
		t.Fatalf("Save: %v", err)
	}
	return img
}

func wantKind(t *testing.T, err error, kind app.Kind) {
	t.Helper()
	var e *app.Error
	if !errors.As(err, &e) || e.Kind != kind {
		t.Fatalf("got error %v, want kind %q", err, kind)
	}
}

// storedAs reads a stored picture, which must be in format and of w×h pixels.
func storedAs(t *testing.T, s *testStore, url, format string, w, h int) image.Image {
	t.Helper()
	_, img, got := stored(t, s, url)
	if got != format {
		t.Fatalf("%s stored as %s, want %s", url, got, format)
	}
	assertSize(t, url, img, w, h)
	return img
}

func assertSize(t *testing.T, what string, img image.Image, w, h int) {
	t.Helper()
	if got := img.Bounds().Size(); got != image.Pt(w, h) {
		t.Errorf("%s is %v, want %dx%d", what, got, w, h)
	}
}

func isRed(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r>>8 > 200 && g>>8 < 60 && b>>8 < 60
}

func TestSaveTurnsJPEGUprightAndDropsMetadata(t *testing.T) {
	forEachBackend(t, func(t *testing.T, s *testStore) {
		upload := encodeJPEG(t, cornerPicture(300, 200), 90, exifAPP1(6))
		if !bytes.Contains(upload, gpsBytes()) {
			t.Fatal("test upload lacks its GPS block")
		}

		img := save(t, s, upload)

		if img.Width != 200 || img.Height != 300 {
			t.Errorf("reported %dx%d, want 200x300", img.Width, img.Height)
		}
		data, pic, format := stored(t, s, img.URL)
		if format != "jpeg" || !strings.HasSuffix(img.URL, ".jpg") {
			t.Errorf("stored as %s at %s, want jpeg", format, img.URL)
		}
		assertSize(t, "stored picture", pic, 200, 300)
		// Orientation 6 means "rotate 90° clockwise to view": the top left
		// corner ends up top right.
		if !isRed(pic.At(175, 25)) {
			t.Errorf("top right is %v, want the red corner", pic.At(175, 25))
		}
		for _, p := range []image.Point{{25, 25}, {25, 275}, {175, 275}} {
			if isRed(pic.At(p.X, p.Y)) {
				t.Errorf("red at %v; the corner is in the wrong place", p)
			}
		}
		if bytes.Contains(data, []byte("Exif")) {
			t.Error("stored file still has an Exif block")
		}
		if bytes.Contains(data, gpsBytes()) {
			t.Error("stored file still has the GPS coordinates")
		}
		if thumb, _, _ := stored(t, s, img.ThumbURL); bytes.Contains(thumb, []byte("Exif")) {
			t.Error("thumbnail has an Exif block")
		}
	})
}

func TestSaveKeepsTransparencyAsPNG(t *testing.T) {
	s := newStore(t)
	src := image.NewNRGBA(image.Rect(0, 0, 64, 48))
	for y := range 48 {
		for x := range 64 {
			src.SetNRGBA(x, y, color.NRGBA{0, 200, 0, uint8(x * 4)})
		}
	}

	img := save(t, s, encodePNG(t, src))

	if !strings.HasSuffix(img.URL, ".png") || !strings.HasSuffix(img.ThumbURL, "-thumb.png") {
		t.Errorf("URLs %s, %s: want PNG", img.URL, img.ThumbURL)
	}
	if img.Width != 64 || img.Height != 48 {
		t.Errorf("reported %dx%d, want 64x48", img.Width, img.Height)
	}
	pic := storedAs(t, s, img.URL, "png", 64, 48)
	if _, _, _, a := pic.At(0, 10).RGBA(); a != 0 {
		t.Errorf("left edge alpha %d, want transparent", a)
	}
	_, thumb, _ := stored(t, s, img.ThumbURL)
	assertSize(t, "thumbnail", thumb, 64, 48) // never upscaled
}

func TestSaveScalesLargePictureDown(t *testing.T) {
	s := newStore(t)
	// An alpha channel that is fully opaque still makes a JPEG.
	src := image.NewNRGBA(image.Rect(0, 0, 3000, 2000))
	for i := 3; i < len(src.Pix); i += 4 {
		src.Pix[i-3], src.Pix[i] = uint8(i), 255
	}

	img := save(t, s, encodePNG(t, src))

	if img.Width != 1600 || img.Height != 1067 {
		t.Errorf("reported %dx%d, want 1600x1067", img.Width, img.Height)
	}
	storedAs(t, s, img.URL, "jpeg", 1600, 1067)
	storedAs(t, s, img.ThumbURL, "jpeg", 400, 267)
}

func TestSaveTallPictureThumbnail(t *testing.T) {
	s := newStore(t)
	img := save(t, s, encodeJPEG(t, photo(1000, 2500), 80, nil))
	if img.Width != 640 || img.Height != 1600 {
		t.Errorf("reported %dx%d, want 640x1600", img.Width, img.Height)
	}
	_, thumb, _ := stored(t, s, img.ThumbURL)
	assertSize(t, "thumbnail", thumb, 160, 400)
}

func TestSaveGIFKeepsFirstFrame(t *testing.T) {
	s := newStore(t)
	img := save(t, s, encodeGIF(t, 40, 30))
	pic := storedAs(t, s, img.URL, "jpeg", 40, 30)
	if !isRed(pic.At(20, 15)) {
		t.Errorf("centre is %v, want the red first frame", pic.At(20, 15))
	}
}

func TestSaveWebP(t *testing.T) {
	s := newStore(t)
	red := color.NRGBA{255, 0, 0, 255}
	clear := color.NRGBA{0, 0, 255, 0}
	// Left half opaque red, right half transparent.
	upload := webpLossless(60, 20, red, clear, func(x, _ int) bool { return x >= 30 })

	img := save(t, s, upload)

	pic := storedAs(t, s, img.URL, "png", 60, 20)
	if !isRed(pic.At(5, 10)) {
		t.Errorf("left is %v, want red", pic.At(5, 10))
	}
	if _, _, _, a := pic.At(55, 10).RGBA(); a != 0 {
		t.Errorf("right has alpha %d, want transparent", a)
	}

	opaque := webpLossless(1, 1, red, red, func(int, int) bool { return false })
	if img := save(t, s, opaque); img.Width != 1 || img.Height != 1 || !strings.HasSuffix(img.URL, ".jpg") {
		t.Errorf("1x1 opaque WebP saved as %+v", img)
	}
}

func TestSaveRefusesWhatIsNotAPicture(t *testing.T) {
	s := newStore(t)
	for name, data := range map[string][]byte{
		"text":            []byte("hello, I am not a picture"),
		"html":            []byte("<svg onload=alert(1)>"),
		"bmp":             []byte("BM" + strings.Repeat("\x00", 100)),
		"tiff":            []byte("II*\x00" + strings.Repeat("\x00", 100)),
		"jpeg magic only": {0xff, 0xd8, 0xff},
		"truncated png":   encodePNG(t, cornerPicture(100, 100))[:200],
	} {
		t.Run(name, func(t *testing.T) {
			_, err := s.Save(context.Background(), 0, bytes.NewReader(data))
			wantKind(t, err, app.KindUnsupported)
			if got := app.ErrorMessage(err); name == "text" && got != "Use a JPEG, PNG, GIF or WebP image" {
				t.Errorf("message %q", got)
			}
		})
	}
	assertEmpty(t, s)
}

func TestSaveRefusesEmpty(t *testing.T) {
	s := newStore(t)
	_, err := s.Save(context.Background(), 0, strings.NewReader(""))
	wantKind(t, err, app.KindInvalid)
}

// zeros is an endless stream of zero bytes that were never allocated.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestSaveRefusesTooManyBytes(t *testing.T) {
	s := newStore(t)
	// A real JPEG start, so that only the size can be the reason.
	head := encodeJPEG(t, cornerPicture(10, 10), 90, nil)
	body := io.MultiReader(bytes.NewReader(head), io.LimitReader(zeros{}, app.MaxImageBytes+1-int64(len(head))))
	_, err := s.Save(context.Background(), 0, body)
	wantKind(t, err, app.KindTooLarge)
	if got := app.ErrorMessage(err); got != "The image is larger than 10 MB" {
		t.Errorf("message %q", got)
	}

	// An endless stream is cut off too.
	_, err = s.Save(context.Background(), 0, zeros{})
	wantKind(t, err, app.KindTooLarge)
	assertEmpty(t, s)
}

func TestSaveRefusesHugeDimensionsWithoutDecoding(t *testing.T) {
	s := newStore(t)
	for name, data := range map[string][]byte{
		"png 100000x100000": pngHeaderOnly(100000, 100000),
		"png 8000x5001":     pngHeaderOnly(8000, 5001), // just over 40 MP
		"jpeg 65535x65535":  jpegHeaderOnly(65535, 65535),
		"gif 65535x65535":   gifHeaderOnly(65535, 65535),
		"gif 0x0":           gifHeaderOnly(0, 0),
		"webp 16384x16384":  webpHeaderOnly(16384, 16384),
	} {
		t.Run(name, func(t *testing.T) {
			if len(data) > 1024 {
				t.Fatalf("test file is %d bytes; it should be tiny", len(data))
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := s.Save(context.Background(), 0, bytes.NewReader(data))
			runtime.ReadMemStats(&after)
			wantKind(t, err, app.KindInvalid)
			if got := app.ErrorMessage(err); got != "The image is too large: at most 40 megapixels" {
				t.Errorf("message %q", got)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 50<<20 {
				t.Errorf("allocated %d MB to refuse it", n>>20)
			}
		})
	}
	assertEmpty(t, s)
}

func TestSaveHonoursCancellation(t *testing.T) {
	forEachBackend(t, func(t *testing.T, s *testStore) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := s.Save(ctx, 0, bytes.NewReader(encodeJPEG(t, cornerPicture(100, 100), 90, nil)))
		if !errors.Is(err, context.Canceled) {
			t.Errorf("got %v, want context.Canceled", err)
		}
		assertEmpty(t, s)
	})
}

func TestSaveIssuesFreshNamesAndLeavesNoTemporaryFiles(t *testing.T) {
	forEachBackend(t, func(t *testing.T, s *testStore) {
		upload := encodeJPEG(t, cornerPicture(100, 100), 90, nil)
		a, b := save(t, s, upload), save(t, s, upload)
		if a.URL == b.URL {
			t.Errorf("same upload twice got the same URL %s", a.URL)
		}
		var want []string
		for _, img := range []*app.Image{a, b} {
			base := strings.TrimSuffix(strings.TrimPrefix(img.URL, "/images/"), ".jpg")
			if len(base) != 32 || img.ThumbURL != "/images/"+base+"-thumb.jpg" {
				t.Errorf("unexpected URLs %+v", img)
			}
			want = append(want, path.Base(img.URL), path.Base(img.ThumbURL))
		}
		got := s.list()
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("stored %q, want only the 4 images %q", got, want)
		}
	})
}

// Images are public: whoever runs the server may serve the directory with
// another web server.
func TestSaveMakesFilesReadableByAll(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "images")
	s, err := uploads.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	save(t, diskView(t, s, dir), encodeJPEG(t, cornerPicture(100, 100), 90, nil))
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Errorf("directory holds %d entries, want 2", len(entries))
	}
	for _, e := range entries {
		if info, _ := e.Info(); info.Mode().Perm() != 0o644 {
			t.Errorf("%s has mode %v", e.Name(), info.Mode())
		}
	}
}

// TestSaveAppliesEveryOrientation checks all eight EXIF orientations, in both
// byte orders, against what imaging.AutoOrientation makes of the same upload.
func TestSaveAppliesEveryOrientation(t *testing.T) {
	s := newStore(t)
	for _, order := range []binary.AppendByteOrder{binary.BigEndian, binary.LittleEndian} {
		for o := range uint16(9) { // 0 is not a valid orientation: left as is
			sizes := []image.Point{{300, 200}}
			if order == binary.AppendByteOrder(binary.BigEndian) {
				sizes = append(sizes, image.Pt(2000, 1000)) // turned after scaling
			}
			for _, size := range sizes {
				name := fmt.Sprintf("%v/%d/%v", order, o, size)
				upload := encodeJPEG(t, cornerPicture(size.X, size.Y), 90, exifAPP1In(order, o))
				want, err := imaging.Decode(bytes.NewReader(upload), imaging.AutoOrientation(true))
				if err != nil {
					t.Fatal(err)
				}
				img := save(t, s, upload)
				data, got, _ := stored(t, s, img.URL)
				wantW, wantH := want.Bounds().Dx(), want.Bounds().Dy()
				if wantW > 1600 || wantH > 1600 { // 2000x1000 is scaled to 1600x800
					wantW, wantH = wantW*4/5, wantH*4/5
				}
				if got.Bounds().Size() != image.Pt(wantW, wantH) || img.Width != wantW || img.Height != wantH {
					t.Errorf("%s: stored %v, reported %dx%d, want %dx%d", name, got.Bounds().Size(), img.Width, img.Height, wantW, wantH)
					continue
				}
				// The red corner must be where imaging puts it.
				for _, c := range [][2]float64{{0.05, 0.05}, {0.95, 0.05}, {0.05, 0.95}, {0.95, 0.95}} {
					wantRed := isRed(want.At(int(c[0]*float64(want.Bounds().Dx())), int(c[1]*float64(want.Bounds().Dy()))))
					gotRed := isRed(got.At(int(c[0]*float64(wantW)), int(c[1]*float64(wantH))))
					if gotRed != wantRed {
						t.Errorf("%s: red at %v is %v, want %v", name, c, gotRed, wantRed)
					}
				}
				if bytes.Contains(data, []byte("Exif")) || bytes.Contains(data, gpsBytesIn(order)) {
					t.Errorf("%s: metadata survived", name)
				}
			}
		}
	}
}

func TestSaveExtremeShapes(t *testing.T) {
	s := newStore(t)
	for _, c := range []struct{ w, h, wantW, wantH int }{
		{40000, 1, 1600, 1},
		{1, 40000, 1, 1600},
		{20001, 3, 1600, 1},
		{6000, 2, 1600, 1},
		{1, 1, 1, 1},
	} {
		src := image.NewRGBA(image.Rect(0, 0, c.w, c.h))
		for i := range src.Pix {
			src.Pix[i] = 200
		}
		img := save(t, s, encodePNG(t, src))
		_, pic, _ := stored(t, s, img.URL)
		assertSize(t, fmt.Sprintf("%dx%d stored", c.w, c.h), pic, c.wantW, c.wantH)
		if _, thumb, _ := stored(t, s, img.ThumbURL); thumb.Bounds().Dx() < 1 || thumb.Bounds().Dy() < 1 {
			t.Errorf("%dx%d: empty thumbnail", c.w, c.h)
		}
	}
}

// Invisible pixels have a colour too; scaling down must not let it bleed
// into their visible neighbours.
func TestSaveScalesTransparencyWithoutBleeding(t *testing.T) {
	s := newStore(t)
	src := image.NewNRGBA(image.Rect(0, 0, 4000, 400))
	for y := range 400 {
		for x := range 4000 {
			c := color.NRGBA{0, 255, 0, 0} // invisible green
			if x >= 2001 {                 // odd, so that a 2x2 block straddles the edge
				c = color.NRGBA{255, 0, 0, 255}
			}
			src.SetNRGBA(x, y, c)
		}
	}
	img := save(t, s, encodePNG(t, src))
	pic := storedAs(t, s, img.URL, "png", 1600, 160)
	for x := 780; x < 820; x++ {
		c := color.NRGBAModel.Convert(pic.At(x, 80)).(color.NRGBA)
		if c.A > 0 && (c.G > 10 || c.R < 245) {
			t.Errorf("pixel %d is %v: green bled in", x, c)
		}
	}
	if _, _, _, a := pic.At(100, 80).RGBA(); a != 0 {
		t.Errorf("left side has alpha %d", a)
	}
}

func TestSaveConcurrently(t *testing.T) {
	upload := encodeJPEG(t, photo(1200, 900), 85, exifAPP1(6))
	forEachBackend(t, func(t *testing.T, s *testStore) {
		urls := make(chan string, 8)
		var wg sync.WaitGroup
		for range cap(urls) {
			wg.Go(func() {
				img, err := s.Save(context.Background(), 0, bytes.NewReader(upload))
				if err != nil {
					t.Error(err)
					return
				}
				urls <- img.URL
			})
		}
		wg.Wait()
		close(urls)
		seen := map[string]bool{}
		for url := range urls {
			if seen[url] {
				t.Errorf("%s issued twice", url)
			}
			seen[url] = true
			if _, pic, _ := stored(t, s, url); pic.Bounds().Size() != image.Pt(900, 1200) {
				t.Errorf("%s is %v", url, pic.Bounds().Size())
			}
		}
		if n := len(s.list()); n != 2*cap(urls) {
			t.Errorf("%d files stored, want %d", n, 2*cap(urls))
		}
	})
}
