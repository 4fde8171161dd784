package uploads

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

// TestHalve compares the fast paths with the obvious definition: convert
// every pixel, then average each 2x2 block (alpha-weighted).
func TestHalve(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const w, h = 37, 23 // odd, so the last row and column are dropped
	var inputs []image.Image
	for _, ratio := range []image.YCbCrSubsampleRatio{
		image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio444,
	} {
		m := image.NewYCbCr(image.Rect(0, 0, w, h), ratio)
		for i := range m.Y {
			m.Y[i] = uint8(64 + rng.IntN(129))
		}
		// Moderate luma and chroma keep every pixel inside the RGB cube, where
		// converting is linear and so commutes with averaging.
		for i := range m.Cb {
			m.Cb[i], m.Cr[i] = uint8(96+rng.IntN(64)), uint8(96+rng.IntN(64))
		}
		inputs = append(inputs, m)
	}
	n := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range n.Pix {
		n.Pix[i] = uint8(rng.IntN(256))
	}
	for i := 3; i < len(n.Pix)/2; i += 4 {
		n.Pix[i] = 255 // half opaque, half with random alpha
	}
	inputs = append(inputs, n)
	// Premultiplied, so no colour may exceed its alpha.
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(rgba.Pix); i += 4 {
		a := uint8(255)
		if i >= len(rgba.Pix)/2 {
			a = uint8(rng.IntN(256))
		}
		for c := range 3 {
			rgba.Pix[i+c] = uint8(rng.IntN(int(a) + 1))
		}
		rgba.Pix[i+3] = a
	}
	gray := image.NewGray(image.Rect(0, 0, w, h))
	for i := range gray.Pix {
		gray.Pix[i] = uint8(rng.IntN(256))
	}
	inputs = append(inputs, rgba, gray)

	for _, src := range inputs {
		got := halve(src)
		if got.Bounds() != image.Rect(0, 0, w/2, h/2) {
			t.Fatalf("%T: bounds %v", src, got.Bounds())
		}
		for y := range h / 2 {
			for x := range w / 2 {
				var r, g, b, a float64
				for _, p := range []image.Point{{2 * x, 2 * y}, {2*x + 1, 2 * y}, {2 * x, 2*y + 1}, {2*x + 1, 2*y + 1}} {
					c := color.NRGBAModel.Convert(src.At(p.X, p.Y)).(color.NRGBA)
					r += float64(c.R) * float64(c.A)
					g += float64(c.G) * float64(c.A)
					b += float64(c.B) * float64(c.A)
					a += float64(c.A)
				}
				want := color.NRGBA{A: uint8(a/4 + 0.5)}
				if a > 0 {
					want.R, want.G, want.B = uint8(r/a+0.5), uint8(g/a+0.5), uint8(b/a+0.5)
				}
				c := got.NRGBAAt(x, y)
				// Averaging YCbCr before converting rounds differently.
				tol := 1
				if _, ok := src.(*image.YCbCr); ok {
					tol = 4
				}
				if want.A == 0 {
					continue // colour of an invisible pixel is irrelevant
				}
				if diff(c.R, want.R) > tol || diff(c.G, want.G) > tol || diff(c.B, want.B) > tol || diff(c.A, want.A) > 1 {
					t.Fatalf("%T at %d,%d: got %v, want %v", src, x, y, c, want)
				}
			}
		}
	}
}

func diff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
