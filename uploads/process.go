package uploads

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"log/slog"
	"runtime/debug"

	// Register the decoders image.Decode may pick; sniff makes sure it picks
	// no other (imaging registers BMP and TIFF as well).
	_ "image/gif"

	"github.com/disintegration/imaging"
	_ "golang.org/x/image/webp"

	"rehome/app"
)

// Sizes of the stored picture and its thumbnail, on the long side.
const (
	maxSide   = 1600
	thumbSide = 400
	// jpegQuality is where photos still look clean but files stay small.
	jpegQuality = 82
)

// format is an image format we accept, named as the image package names them.
type format string

// sniff recognises the formats we take by their magic bytes. It must be the
// only gate: imaging also registers BMP and TIFF with the image package, and
// a file name or a client's Content-Type says nothing about the content.
func sniff(data []byte) (format, bool) {
	switch {
	case bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		return "jpeg", true
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return "png", true
	case bytes.HasPrefix(data, []byte("GIF87a")), bytes.HasPrefix(data, []byte("GIF89a")):
		return "gif", true
	case len(data) >= 15 && string(data[:4]) == "RIFF" && string(data[8:15]) == "WEBPVP8":
		return "webp", true
	}
	return "", false
}

// checkDimensions reads only the header, so that a small file claiming a huge
// picture is refused before anything allocates its bitmap.
func checkDimensions(data []byte, want format) (image.Config, error) {
	cfg, got, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || format(got) != want {
		return cfg, app.Errorf(app.KindUnsupported, msgUnsupported)
	}
	w, h := int64(cfg.Width), int64(cfg.Height)
	if w <= 0 || h <= 0 || w*h > app.MaxImagePixels {
		return cfg, app.Errorf(app.KindInvalid, msgTooManyPx)
	}
	return cfg, nil
}

// encoded is one re-encoded picture, ready to be written.
type encoded struct {
	data          []byte
	ext           string // ".jpg" or ".png"
	width, height int
}

// process decodes data, scales it, turns it upright and re-encodes it as the
// stored picture and its thumbnail.
func process(ctx context.Context, data []byte) (full, thumb *encoded, err error) {
	img, err := decode(data)
	if err != nil {
		return nil, nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	// Scaling first is fine: the long side is the long side either way.
	big := orient(shrink(img, maxSide, imaging.Linear), exifOrientation(data))
	// Decide once, on the stored picture, so both files share a format.
	opaque := big.Opaque()
	// The JPEG encoder uses one core: the thumbnail is made and encoded on
	// another meanwhile, which took a 12 MP upload from about 370 ms to
	// 320 ms on 2 cores (BenchmarkSave12MP).
	thumbDone := inBackground(func() (err error) {
		thumb, err = encode(shrink(big, thumbSide, imaging.CatmullRom), opaque)
		return err
	})
	full, err = encode(big, opaque)
	if err = errors.Join(err, <-thumbDone); err != nil {
		return nil, nil, err
	}
	return full, thumb, nil
}

// inBackground runs fn on a goroutine of its own. A panic there would end
// the process (no middleware recovers it), so it becomes an error.
func inBackground(fn func() error) <-chan error {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				slog.Error("image encoder panicked", "panic", p, "stack", string(debug.Stack()))
				done <- fmt.Errorf("uploads: panic: %v", p)
			}
		}()
		done <- fn()
	}()
	return done
}

// decode decodes data. A decoder bug must cost one upload, not the process,
// so a panic becomes an ordinary refusal.
func decode(data []byte) (img image.Image, err error) {
	defer func() {
		if p := recover(); p != nil {
			slog.Error("image decoder panicked", "panic", p, "stack", string(debug.Stack()))
			img, err = nil, app.Errorf(app.KindUnsupported, msgUnsupported)
		}
	}()
	img, _, err = image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, app.Errorf(app.KindUnsupported, msgUnsupported)
	}
	return img, nil
}

// shrink scales img down so that its long side is at most side, never up.
//
// A picture is first halved while it is more than twice too large: that is
// cheap and loses next to nothing, because the final filter would average
// those pixels anyway, and it is what keeps a 12 MP photo within budget.
// (A strip one pixel thin cannot be halved, but then it is small anyway.)
//
// The filter does the last step, at most a factor of two. Linear is enough
// for the stored picture and a good deal faster than CatmullRom, which keeps
// the 12 MP budget with room to spare; a thumbnail is cheap to make and
// looks better sharp, so it gets CatmullRom.
func shrink(img image.Image, side int, filter imaging.ResampleFilter) *image.NRGBA {
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	for (w > 2*side || h > 2*side) && w >= 2 && h >= 2 {
		img = halve(img)
		w, h = img.Bounds().Dx(), img.Bounds().Dy()
	}
	fw, fh := fitSize(w, h, side)
	if fw == w && fh == h {
		if n, ok := img.(*image.NRGBA); ok {
			return n
		}
		return imaging.Clone(img)
	}
	return imaging.Resize(img, fw, fh, filter)
}

// fitSize is imaging.Fit's arithmetic, but rounded and never zero, so that a
// 3000x2000 picture becomes 1600x1067 and a 5000x2 strip keeps a row.
func fitSize(w, h, side int) (int, int) {
	if w <= side && h <= side {
		return w, h
	}
	if w >= h {
		return side, max(1, int(float64(h)*float64(side)/float64(w)+0.5))
	}
	return max(1, int(float64(w)*float64(side)/float64(h)+0.5)), side
}

// encode writes img as JPEG when it is opaque, PNG to keep transparency.
func encode(img *image.NRGBA, opaque bool) (*encoded, error) {
	var buf bytes.Buffer
	out := &encoded{width: img.Bounds().Dx(), height: img.Bounds().Dy()}
	if opaque {
		out.ext = ".jpg"
		// Opaque NRGBA and RGBA have the same bytes, and the JPEG encoder
		// only has a fast path for RGBA.
		rgba := &image.RGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
		if err := jpeg.Encode(&buf, rgba, &jpeg.Options{Quality: jpegQuality}); err != nil {
			return nil, fmt.Errorf("uploads: encode jpeg: %w", err)
		}
	} else {
		out.ext = ".png"
		if err := png.Encode(&buf, img); err != nil {
			return nil, fmt.Errorf("uploads: encode png: %w", err)
		}
	}
	out.data = buf.Bytes()
	return out, nil
}
