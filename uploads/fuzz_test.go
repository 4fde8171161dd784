package uploads_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"path"
	"testing"

	"rehome/app"
)

// FuzzSave feeds Save arbitrary bytes: it must never panic, and must either
// refuse with a kind the HTTP layer shows to the user, or store two files
// that decode to what it reported.
func FuzzSave(f *testing.F) {
	f.Add(encodeJPEG(f, cornerPicture(30, 20), 80, exifAPP1(6)))
	f.Add(encodeJPEG(f, cornerPicture(30, 20), 80, nil))
	f.Add(encodePNG(f, cornerPicture(20, 30)))
	f.Add(encodePNG(f, image.NewNRGBA(image.Rect(0, 0, 5, 5))))
	f.Add(encodeGIF(f, 12, 8))
	f.Add(webpLossless(9, 7, color.NRGBA{1, 2, 3, 255}, color.NRGBA{200, 100, 0, 128}, func(x, y int) bool { return x > y }))
	f.Add([]byte("hello, I am not a picture"))
	f.Add(pngHeaderOnly(100000, 100000))
	f.Add(jpegHeaderOnly(65535, 65535))

	s := newStore(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		// A few dozen bytes of WebP or PNG can legally describe a 40 MP
		// picture, which takes seconds to decode; the fuzzer finds those
		// quickly and then does little else. Their handling is no different
		// from a small picture's, so leave them to the unit tests.
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err == nil && cfg.Width*cfg.Height > 1<<20 && cfg.Width*cfg.Height <= app.MaxImagePixels {
			t.Skip("legal but slow")
		}
		img, err := s.Save(context.Background(), 0, bytes.NewReader(data))
		if err != nil {
			var e *app.Error
			if !errors.As(err, &e) {
				t.Fatalf("error is not an *app.Error: %v", err)
			}
			switch e.Kind {
			case app.KindTooLarge, app.KindInvalid, app.KindUnsupported:
			default:
				t.Fatalf("unexpected kind %q: %v", e.Kind, err)
			}
			return
		}
		for _, url := range []string{img.URL, img.ThumbURL} {
			_, pic, _ := stored(t, s, url)
			size := pic.Bounds().Size()
			if size.X < 1 || size.Y < 1 || size.X > 1600 || size.Y > 1600 {
				t.Errorf("%s is %v", url, size)
			}
			if url == img.URL && size != image.Pt(img.Width, img.Height) {
				t.Errorf("stored %v, reported %dx%d", size, img.Width, img.Height)
			}
			s.drop(path.Base(url)) // keep the directory small over a long run
		}
	})
}
