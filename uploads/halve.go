package uploads

import (
	"image"
	"image/color"
	"runtime"
	"sync"

	"github.com/disintegration/imaging"
)

// halve scales img to half its size by averaging each 2x2 block (a box
// filter). For the pixel layouts big photos decode to it reads the pixels
// directly, which is several times faster than a general resampling filter
// over 12 megapixels; anything else goes through imaging's box filter.
// An odd last row or column is dropped, which nobody can see.
func halve(img image.Image) *image.NRGBA {
	b := img.Bounds()
	w, h := b.Dx()/2, b.Dy()/2
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	var row func(y int)
	switch src := img.(type) {
	case *image.YCbCr:
		row = func(y int) { halveYCbCrRow(dst, src, y) }
	case *image.NRGBA:
		row = func(y int) { halveNRGBARow(dst, src, y) }
	default:
		return imaging.Resize(img, w, h, imaging.Box)
	}
	// Split the rows among the CPUs, as imaging does for its own filters.
	workers := min(runtime.GOMAXPROCS(0), h)
	var wg sync.WaitGroup
	for i := range workers {
		wg.Go(func() {
			for y := i * h / workers; y < (i+1)*h/workers; y++ {
				row(y)
			}
		})
	}
	wg.Wait()
	return dst
}

// halveYCbCrRow averages luma and chroma over each block and converts once,
// which is what converting each pixel and averaging would give, bar rounding.
func halveYCbCrRow(dst *image.NRGBA, src *image.YCbCr, y int) {
	sx, sy := src.Rect.Min.X, src.Rect.Min.Y+2*y
	out := dst.Pix[y*dst.Stride:]
	for x := range dst.Rect.Dx() {
		px, yy, cb, cr := sx+2*x, 0, 0, 0
		for _, p := range [4]image.Point{{px, sy}, {px + 1, sy}, {px, sy + 1}, {px + 1, sy + 1}} {
			yy += int(src.Y[src.YOffset(p.X, p.Y)])
			ci := src.COffset(p.X, p.Y)
			cb += int(src.Cb[ci])
			cr += int(src.Cr[ci])
		}
		r, g, b := color.YCbCrToRGB(uint8((yy+2)/4), uint8((cb+2)/4), uint8((cr+2)/4))
		out[4*x], out[4*x+1], out[4*x+2], out[4*x+3] = r, g, b, 0xff
	}
}

// halveNRGBARow weights colours by alpha, so that invisible pixels do not
// bleed their (meaningless) colour into visible neighbours.
func halveNRGBARow(dst *image.NRGBA, src *image.NRGBA, y int) {
	top := src.Pix[2*y*src.Stride:]
	bottom := src.Pix[(2*y+1)*src.Stride:]
	out := dst.Pix[y*dst.Stride:]
	for x := range dst.Rect.Dx() {
		var r, g, b, a int
		for _, p := range [4][]uint8{top[8*x:], top[8*x+4:], bottom[8*x:], bottom[8*x+4:]} {
			pa := int(p[3])
			r += int(p[0]) * pa
			g += int(p[1]) * pa
			b += int(p[2]) * pa
			a += pa
		}
		if a > 0 {
			out[4*x] = uint8((r + a/2) / a)
			out[4*x+1] = uint8((g + a/2) / a)
			out[4*x+2] = uint8((b + a/2) / a)
		}
		out[4*x+3] = uint8((a + 2) / 4)
	}
}
