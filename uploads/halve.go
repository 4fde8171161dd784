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
// An odd last row or column is dropped, which nobody can see. Budget: a
// 12 MP upload stored with its thumbnail in 400 ms (docs/benchmarks.md).
// It also makes no intermediate copy, which imaging's two passes do: for an
// 8-bit PNG that is 2 bytes a pixel less at the peak (see decodeBudget).
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
	case *image.RGBA: // 8-bit RGB PNGs
		row = func(y int) { halveRGBARow(dst, src, y) }
	case *image.Gray: // greyscale JPEGs and PNGs
		row = func(y int) { halveGrayRow(dst, src, y) }
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
// which is what converting each pixel and averaging would give, bar rounding
// and the clamping of colours outside the RGB cube. A JPEG decoder that
// scales while decoding averages in YCbCr the same way.
func halveYCbCrRow(dst *image.NRGBA, src *image.YCbCr, y int) {
	out := dst.Pix[y*dst.Stride:]
	if src.SubsampleRatio == image.YCbCrSubsampleRatio420 && src.Rect.Min.X%2 == 0 && src.Rect.Min.Y%2 == 0 {
		// What almost every camera writes: a block is exactly one chroma
		// sample, so index the planes directly instead of via COffset.
		top := src.Y[2*y*src.YStride:]
		bottom := src.Y[(2*y+1)*src.YStride:]
		cb, cr := src.Cb[y*src.CStride:], src.Cr[y*src.CStride:]
		for x := range dst.Rect.Dx() {
			luma := (int(top[2*x]) + int(top[2*x+1]) + int(bottom[2*x]) + int(bottom[2*x+1]) + 2) / 4
			r, g, b := color.YCbCrToRGB(uint8(luma), cb[x], cr[x]) // #nosec G115 -- a mean of four bytes is a byte
			out[4*x], out[4*x+1], out[4*x+2], out[4*x+3] = r, g, b, 0xff
		}
		return
	}
	sx, sy := src.Rect.Min.X, src.Rect.Min.Y+2*y
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
		p, q, s, t := top[8*x:8*x+4], top[8*x+4:8*x+8], bottom[8*x:8*x+4], bottom[8*x+4:8*x+8]
		o := out[4*x : 4*x+4]
		if p[3]&q[3]&s[3]&t[3] == 0xff { // opaque, as photos are: a plain mean
			for c := range 3 {
				o[c] = uint8((int(p[c]) + int(q[c]) + int(s[c]) + int(t[c]) + 2) / 4) // #nosec G115 -- a mean of four bytes
			}
			o[3] = 0xff
			continue
		}
		a := int(p[3]) + int(q[3]) + int(s[3]) + int(t[3])
		if a > 0 {
			for c := range 3 {
				sum := int(p[c])*int(p[3]) + int(q[c])*int(q[3]) + int(s[c])*int(s[3]) + int(t[c])*int(t[3])
				o[c] = uint8((sum + a/2) / a) // #nosec G115 -- a weighted mean of bytes
			}
		} else {
			o[0], o[1], o[2] = 0, 0, 0
		}
		o[3] = uint8((a + 2) / 4) // #nosec G115 -- a mean of four bytes
	}
}

// halveRGBARow averages premultiplied colours, which weights them by alpha
// as halveNRGBARow does, and takes the alpha out again.
func halveRGBARow(dst *image.NRGBA, src *image.RGBA, y int) {
	top := src.Pix[2*y*src.Stride:]
	bottom := src.Pix[(2*y+1)*src.Stride:]
	out := dst.Pix[y*dst.Stride:]
	for x := range dst.Rect.Dx() {
		p, q, s, t := top[8*x:8*x+4], top[8*x+4:8*x+8], bottom[8*x:8*x+4], bottom[8*x+4:8*x+8]
		o := out[4*x : 4*x+4]
		a := int(p[3]) + int(q[3]) + int(s[3]) + int(t[3])
		for c := range 3 {
			sum := int(p[c]) + int(q[c]) + int(s[c]) + int(t[c])
			switch {
			case a == 4*0xff: // opaque, as every PNG without alpha is
				o[c] = uint8((sum + 2) / 4) // #nosec G115 -- a mean of four bytes
			case a > 0:
				o[c] = uint8(min(255, (sum*0xff+a/2)/a)) // #nosec G115 -- clamped
			default:
				o[c] = 0
			}
		}
		o[3] = uint8((a + 2) / 4) // #nosec G115 -- a mean of four bytes
	}
}

func halveGrayRow(dst *image.NRGBA, src *image.Gray, y int) {
	top := src.Pix[2*y*src.Stride:]
	bottom := src.Pix[(2*y+1)*src.Stride:]
	out := dst.Pix[y*dst.Stride:]
	for x := range dst.Rect.Dx() {
		v := uint8((int(top[2*x]) + int(top[2*x+1]) + int(bottom[2*x]) + int(bottom[2*x+1]) + 2) / 4) // #nosec G115 -- a mean of four bytes
		out[4*x], out[4*x+1], out[4*x+2], out[4*x+3] = v, v, v, 0xff
	}
}
