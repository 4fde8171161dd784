package demo

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
)

// canvas is a picture being drawn, with the random source of its seed.
type canvas struct {
	img *image.RGBA
	rnd *rand.Rand
}

func newCanvas(w, h, seed int) *canvas {
	return &canvas{
		img: image.NewRGBA(image.Rect(0, 0, w, h)),
		rnd: rand.New(rand.NewPCG(uint64(seed), 0x7265686f6d65)), // #nosec G115 G404 -- the same pictures every run, no secret
	}
}

// between is a random number in [lo, hi).
func (c *canvas) between(lo, hi float64) float64 { return lo + c.rnd.Float64()*(hi-lo) }

// chance is true with probability p.
func (c *canvas) chance(p float64) bool { return c.rnd.Float64() < p }

// pick is a random index below n.
func (c *canvas) pick(n int) int { return c.rnd.IntN(n) }

func (c *canvas) jpeg() []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, c.img, &jpeg.Options{Quality: 85}); err != nil {
		panic(err) // encoding to memory cannot fail
	}
	return buf.Bytes()
}

// paint blends a shape into the picture: dist tells how far a point is
// outside it, soft how wide its edge is (1 for crisp), and the colour goes
// from top at y0 to bottom at y1. The colour's alpha is the shape's opacity.
// Points in the box inside (which may be empty) are known to be well within
// the shape, so their distance is not asked.
func (c *canvas) paint(x0, y0, x1, y1, soft float64, top, bottom color.RGBA, inside [4]float64, dist func(x, y float64) float64) {
	b := c.img.Bounds()
	grow := soft/2 + 1
	ix0, iy0 := max(b.Min.X, int(math.Floor(x0-grow))), max(b.Min.Y, int(math.Floor(y0-grow)))
	ix1, iy1 := min(b.Max.X, int(math.Ceil(x1+grow))), min(b.Max.Y, int(math.Ceil(y1+grow)))
	// The pixels whose centres lie in the inside box.
	in0, in1 := int(math.Ceil(inside[0]-0.5)), int(math.Floor(inside[2]-0.5))
	inTop, inBottom := inside[1]-0.5, inside[3]-0.5
	for y := iy0; y < iy1; y++ {
		py := float64(y) + 0.5
		col := top
		if top != bottom && y1 > y0 {
			col = mix(top, bottom, (py-y0)/(y1-y0))
		}
		r, g, bl, op := float64(col.R), float64(col.G), float64(col.B), float64(col.A)/255
		row := c.img.Pix[y*c.img.Stride:]
		skip0, skip1 := ix1, ix1 // the run of pixels known to be inside
		if float64(y) >= inTop && float64(y) <= inBottom && in0 <= in1 {
			skip0, skip1 = max(ix0, in0), min(ix1, in1+1)
		}
		for x := ix0; x < ix1; x++ {
			a := op
			if x == skip0 && skip0 < skip1 {
				c.blendRun(row[4*skip0:4*skip1], col, op)
				x = skip1 - 1
				continue
			}
			cover := 0.5 - dist(float64(x)+0.5, py)/soft
			if cover <= 0 {
				continue
			}
			if cover < 1 {
				a *= cover
			}
			p := row[x*4 : x*4+3 : x*4+3]
			p[0] = uint8(float64(p[0]) + (r-float64(p[0]))*a + 0.5)
			p[1] = uint8(float64(p[1]) + (g-float64(p[1]))*a + 0.5)
			p[2] = uint8(float64(p[2]) + (bl-float64(p[2]))*a + 0.5)
		}
	}
}

// blendRun lays col over a run of pixels with opacity op.
func (c *canvas) blendRun(pix []uint8, col color.RGBA, op float64) {
	if op >= 1 {
		for i := 0; i+3 < len(pix); i += 4 {
			pix[i], pix[i+1], pix[i+2] = col.R, col.G, col.B
		}
		return
	}
	r, g, b := float64(col.R), float64(col.G), float64(col.B)
	for i := 0; i+3 < len(pix); i += 4 {
		pix[i] = uint8(float64(pix[i]) + (r-float64(pix[i]))*op + 0.5)
		pix[i+1] = uint8(float64(pix[i+1]) + (g-float64(pix[i+1]))*op + 0.5)
		pix[i+2] = uint8(float64(pix[i+2]) + (b-float64(pix[i+2]))*op + 0.5)
	}
}

// fill paints a crisp shape of one colour.
func (c *canvas) fill(x0, y0, x1, y1 float64, col color.RGBA, dist func(x, y float64) float64) {
	c.paint(x0, y0, x1, y1, 1, col, col, [4]float64{}, dist)
}

// The signed distances of the shapes.

func length(x, y float64) float64 { return math.Sqrt(x*x + y*y) }

func boxDist(x, y, x0, y0, x1, y1, r float64) float64 {
	hx, hy := (x1-x0)/2, (y1-y0)/2
	r = max(0, min(r, hx, hy))
	qx := math.Abs(x-(x0+x1)/2) - hx + r
	qy := math.Abs(y-(y0+y1)/2) - hy + r
	return length(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r
}

func ellipseDist(x, y, cx, cy, rx, ry float64) float64 {
	px, py := (x-cx)/rx, (y-cy)/ry
	k0 := length(px, py)
	k1 := length(px/rx, py/ry)
	if k1 == 0 {
		return -min(rx, ry)
	}
	return k0 * (k0 - 1) / k1
}

func segmentDist(x, y, ax, ay, bx, by float64) float64 {
	px, py, dx, dy := x-ax, y-ay, bx-ax, by-ay
	h := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		h = min(1, max(0, (px*dx+py*dy)/l))
	}
	return length(px-dx*h, py-dy*h)
}

// The shapes.

func (c *canvas) rect(x0, y0, x1, y1 float64, col color.RGBA) { c.rrect(x0, y0, x1, y1, 0, col) }

func (c *canvas) rrect(x0, y0, x1, y1, r float64, col color.RGBA) {
	c.rrectV(x0, y0, x1, y1, r, col, col)
}

// rrectV is a rounded rectangle shaded from top to bottom.
func (c *canvas) rrectV(x0, y0, x1, y1, r float64, top, bottom color.RGBA) {
	m := max(min(r, (x1-x0)/2, (y1-y0)/2), 0.5) + 0.5
	c.paint(x0, y0, x1, y1, 1, top, bottom, [4]float64{x0 + m, y0 + m, x1 - m, y1 - m},
		func(x, y float64) float64 { return boxDist(x, y, x0, y0, x1, y1, r) })
}

func (c *canvas) ellipse(cx, cy, rx, ry float64, col color.RGBA) {
	ix, iy := rx*0.7-1, ry*0.7-1
	c.paint(cx-rx, cy-ry, cx+rx, cy+ry, 1, col, col, [4]float64{cx - ix, cy - iy, cx + ix, cy + iy},
		func(x, y float64) float64 { return ellipseDist(x, y, cx, cy, rx, ry) })
}

func (c *canvas) disc(cx, cy, r float64, col color.RGBA) { c.ellipse(cx, cy, r, r, col) }

// ring is the outline of an ellipse, w wide.
func (c *canvas) ring(cx, cy, rx, ry, w float64, col color.RGBA) {
	c.fill(cx-rx-w, cy-ry-w, cx+rx+w, cy+ry+w, col, func(x, y float64) float64 {
		return math.Abs(ellipseDist(x, y, cx, cy, rx, ry)) - w/2
	})
}

// dome is the top half of an ellipse.
func (c *canvas) dome(cx, cy, rx, ry float64, col color.RGBA) {
	c.fill(cx-rx, cy-ry, cx+rx, cy, col, func(x, y float64) float64 {
		return max(ellipseDist(x, y, cx, cy, rx, ry), y-cy)
	})
}

// bowl is the bottom half of an ellipse.
func (c *canvas) bowl(cx, cy, rx, ry float64, col color.RGBA) {
	c.fill(cx-rx, cy, cx+rx, cy+ry, col, func(x, y float64) float64 {
		return max(ellipseDist(x, y, cx, cy, rx, ry), cy-y)
	})
}

// line is a stroke with round ends.
func (c *canvas) line(ax, ay, bx, by, w float64, col color.RGBA) {
	c.fill(min(ax, bx)-w, min(ay, by)-w, max(ax, bx)+w, max(ay, by)+w, col, func(x, y float64) float64 {
		return segmentDist(x, y, ax, ay, bx, by) - w/2
	})
}

// poly fills a convex polygon given as x, y pairs.
func (c *canvas) poly(col color.RGBA, pts ...float64) {
	type edge struct{ nx, ny, d float64 }
	n := len(pts) / 2
	area := 0.0
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := range n {
		j := (i + 1) % n
		area += pts[2*i]*pts[2*j+1] - pts[2*j]*pts[2*i+1]
		x0, y0 = min(x0, pts[2*i]), min(y0, pts[2*i+1])
		x1, y1 = max(x1, pts[2*i]), max(y1, pts[2*i+1])
	}
	edges := make([]edge, 0, n)
	for i := range n {
		j := (i + 1) % n
		ex, ey := pts[2*j]-pts[2*i], pts[2*j+1]-pts[2*i+1]
		l := math.Hypot(ex, ey)
		if l == 0 {
			continue
		}
		nx, ny := ey/l, -ex/l
		if area < 0 {
			nx, ny = -nx, -ny
		}
		edges = append(edges, edge{nx, ny, nx*pts[2*i] + ny*pts[2*i+1]})
	}
	c.fill(x0, y0, x1, y1, col, func(x, y float64) float64 {
		d := math.Inf(-1)
		for _, e := range edges {
			d = max(d, e.nx*x+e.ny*y-e.d)
		}
		return d
	})
}

// leaf is an ellipse turned by angle (radians), for leaves and petals.
func (c *canvas) leaf(cx, cy, rx, ry, angle float64, col color.RGBA) {
	sin, cos := math.Sincos(angle)
	r := max(rx, ry)
	c.fill(cx-r, cy-r, cx+r, cy+r, col, func(x, y float64) float64 {
		dx, dy := x-cx, y-cy
		return ellipseDist(cos*dx+sin*dy, -sin*dx+cos*dy, 0, 0, rx, ry)
	})
}

// shadow is a soft dark ellipse on the floor under a piece, darkest in the
// middle and fading out beyond rx, ry.
func (c *canvas) shadow(cx, cy, rx, ry float64) {
	rx, ry = rx*1.15, ry*1.7
	col := color.RGBA{40, 30, 20, 120}
	c.paint(cx-rx, cy-ry, cx+rx, cy+ry, 1, col, col, [4]float64{}, func(x, y float64) float64 {
		t := length((x-cx)/rx, (y-cy)/ry)
		f := min(1, max(0, (1-t)/0.7))
		return 0.5 - f*f*(3-2*f) // the smoothstep of f, as a cover
	})
}

// glow is a soft light around a lamp.
func (c *canvas) glow(cx, cy, r float64, col color.RGBA) {
	c.paint(cx-r/2, cy-r/2, cx+r/2, cy+r/2, r, col, col, [4]float64{}, func(x, y float64) float64 {
		return length(x-cx, y-cy) - r/2
	})
}

// vgrad fills a whole-pixel rectangle with a vertical gradient, fast.
func (c *canvas) vgrad(x0, y0, x1, y1 int, top, bottom color.RGBA) {
	b := c.img.Bounds()
	x0, y0, x1, y1 = max(x0, b.Min.X), max(y0, b.Min.Y), min(x1, b.Max.X), min(y1, b.Max.Y)
	for y := y0; y < y1; y++ {
		col := mix(top, bottom, float64(y-y0)/float64(max(1, y1-y0-1)))
		row := c.img.Pix[y*c.img.Stride:]
		for x := x0; x < x1; x++ {
			row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = col.R, col.G, col.B, 255
		}
	}
}

// grain draws faint stripes across wood, along the longer side.
func (c *canvas) grain(x0, y0, x1, y1 float64, wood color.RGBA) {
	line := fade(shade(wood, 0.8), 0.35)
	if x1-x0 >= y1-y0 {
		for y := y0 + c.between(3, 8); y < y1-2; y += c.between(5, 12) {
			a, b := x0+c.between(0, (x1-x0)*0.3), x1-c.between(0, (x1-x0)*0.3)
			c.rect(a, y, b, y+1.2, line)
		}
		return
	}
	for x := x0 + c.between(3, 8); x < x1-2; x += c.between(5, 12) {
		a, b := y0+c.between(0, (y1-y0)*0.3), y1-c.between(0, (y1-y0)*0.3)
		c.rect(x, a, x+1.2, b, line)
	}
}

// knob is a small round handle with a glint.
func (c *canvas) knob(x, y, r float64, metal color.RGBA) {
	c.disc(x, y, r, shade(metal, 0.75))
	c.disc(x-r*0.2, y-r*0.2, r*0.7, metal)
	c.disc(x-r*0.35, y-r*0.35, r*0.25, shade(metal, 1.6))
}
