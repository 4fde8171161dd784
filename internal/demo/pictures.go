package demo

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"strings"
)

// Pictures are flat illustrations, drawn here so the demo needs no files and
// no network: a room (or a kitchen, or a garden), a soft shadow and the piece
// itself, built from rectangles, rounded rectangles, discs and gradients.
// The seed picks colours, proportions and details, so no two listings look
// alike. Shapes are anti-aliased through their signed distance: negative
// inside, positive outside, in pixels.

const picW, picH = 800, 600

// The room's geometry: the wall meets the floor at horizon, and pieces stand
// on ground, a little in front of the wall.
const (
	horizon = 405.0
	ground  = 492.0
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

// Colours.

// #nosec G115 -- the bytes of a 0xRRGGBB colour
func hex(v uint32) color.RGBA { return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255} }

// mix goes from a (t=0) to b (t=1).
func mix(a, b color.RGBA, t float64) color.RGBA {
	t = min(1, max(0, t))
	m := func(u, v uint8) uint8 { return uint8(float64(u) + (float64(v)-float64(u))*t + 0.5) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), m(a.A, b.A)}
}

// shade darkens a colour (f < 1) or lightens it towards white (f > 1, where
// 2 is white).
func shade(c color.RGBA, f float64) color.RGBA {
	if f > 1 {
		out := mix(c, color.RGBA{255, 255, 255, 255}, f-1)
		out.A = c.A
		return out
	}
	out := mix(color.RGBA{0, 0, 0, 255}, c, f)
	out.A = c.A
	return out
}

// fade makes a colour see-through.
func fade(c color.RGBA, opacity float64) color.RGBA {
	c.A = uint8(opacity*255 + 0.5)
	return c
}

func luma(c color.RGBA) float64 {
	return (0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)) / 255
}

var (
	fabrics = []color.RGBA{
		hex(0x8fa68e), hex(0xd4a03a), hex(0xc4694a), hex(0x2f4a6d), hex(0xd79a9a), hex(0x2e7d7a),
		hex(0x4a4e54), hex(0xcfc3ae), hex(0x3f6b4e), hex(0xa9542e), hex(0x6a86a8), hex(0x7a4a68),
		hex(0x8a8b4a), hex(0xe3d5bb), hex(0xc98a2b), hex(0x9aa0a6), hex(0x5c6e91), hex(0xb85c6e),
	}
	woods = []color.RGBA{
		hex(0xc89b63), hex(0xd8b27a), hex(0x7a5236), hex(0x9c6b3f), hex(0xe0c08a), hex(0x5e4130),
		hex(0xf1ede6), hex(0x34302d), hex(0xb98552),
	}
	metals = []color.RGBA{hex(0xc9a24b), hex(0x2d2d2d), hex(0xb8bec4), hex(0xb8734a)}
	walls  = []color.RGBA{
		hex(0xefe7db), hex(0xe0e8df), hex(0xdde5ee), hex(0xf2e0d6), hex(0xebe1cb), hex(0xe6e1ec),
		hex(0xd9e6e2), hex(0xf4efe6), hex(0xc9d6cf), hex(0xbfcad8), hex(0xdcc6b4), hex(0xd6d2c4),
		hex(0xa7b6c4), hex(0xb3c0aa), hex(0xc9ab94),
	}
	floors = []color.RGBA{
		hex(0xc7a27a), hex(0xd2a86e), hex(0x8c6446), hex(0xb7afa4), hex(0xe0cdb0), hex(0xa98a6a),
	}
)

// Colours a listing may ask for by name: its fabric or paint, its wood and
// its metal (legs, handles, lamp stands).
var (
	colourNames = map[string]color.RGBA{
		"sage": hex(0x8fa68e), "mustard": hex(0xd4a03a), "terracotta": hex(0xc4694a), "navy": hex(0x2f4a6d),
		"pink": hex(0xd79a9a), "teal": hex(0x2e7d7a), "charcoal": hex(0x4a4e54), "oatmeal": hex(0xcfc3ae),
		"green": hex(0x3f6b4e), "rust": hex(0xa9542e), "blue": hex(0x6a86a8), "plum": hex(0x7a4a68),
		"cream": hex(0xefe3c4), "grey": hex(0x9aa0a6), "tan": hex(0xb07a4a), "white": hex(0xf3f3f1),
		"steel": hex(0xc5cacf), "mint": hex(0xa8d5c2), "red": hex(0xc9483f), "black": hex(0x3a3a3c),
	}
	woodNames = map[string]color.RGBA{
		"oak": hex(0xc89b63), "lightoak": hex(0xd8b27a), "walnut": hex(0x7a5236), "teak": hex(0x9c6b3f),
		"pine": hex(0xe0c08a), "darkwood": hex(0x5e4130), "painted": hex(0xf1ede6), "ebony": hex(0x34302d),
		"beech": hex(0xd9b48a), "greypaint": hex(0xb9bcb8), "sagepaint": hex(0x9fb3a0),
	}
	metalNames = map[string]color.RGBA{
		"brass": hex(0xc9a24b), "blackmetal": hex(0x2d2d2d), "chrome": hex(0xb8bec4), "copper": hex(0xb8734a),
	}
)

// style is a picture's colour scheme. A listing may set its main colour
// and its wood; the rest is the seed's choice.
type style struct {
	main, accent, wood, metal, wall color.RGBA
	mainSet, woodSet                bool
}

// either is the listing's own colour if it names one, or one of list.
func (c *canvas) either(s style, list ...color.RGBA) color.RGBA {
	if s.mainSet {
		return s.main
	}
	return list[c.pick(len(list))]
}

func (c *canvas) style(main, wood, metal *color.RGBA) style {
	s := style{
		main:  fabrics[c.pick(len(fabrics))],
		wood:  woods[c.pick(len(woods))],
		metal: metals[c.pick(len(metals))],
	}
	if main != nil {
		s.main, s.mainSet = *main, true
	}
	if wood != nil {
		s.wood, s.woodSet = *wood, true
	}
	if metal != nil {
		s.metal = *metal
	}
	for {
		s.accent = fabrics[c.pick(len(fabrics))]
		if s.accent != s.main {
			break
		}
	}
	// The piece must stand out from the wall.
	for range 20 {
		s.wall = walls[c.pick(len(walls))]
		if math.Abs(luma(s.wall)-luma(s.main)) > 0.16 && math.Abs(luma(s.wall)-luma(s.wood)) > 0.12 {
			break
		}
	}
	return s
}

// Scenes.

type scene int

const (
	room scene = iota
	kitchen
	garden
)

// wall is how much of the wall a piece leaves free for a framed print.
type wall int

const (
	above  wall = iota // a low piece: the print may hang above it
	beside             // the print hangs to one side
	none               // the piece has its own picture, mirror or clock
)

// kind is one sort of piece: where it stands, what room it leaves on the
// wall, and how to draw it.
type kind struct {
	scene scene
	wall  wall
	draw  func(c *canvas, s style)
}

// look is what a listing asks of its picture: a kind of piece and,
// optionally, its colour, wood and metal.
type look struct {
	name              string
	kind              kind
	main, wood, metal *color.RGBA
}

// parseLook reads a spec such as "sofa", "wardrobe2 pine", "armchair
// mustard walnut" or "floorlamp cream brass".
func parseLook(spec string) (look, error) {
	words := strings.Fields(spec)
	if len(words) == 0 {
		return look{}, fmt.Errorf("picture %q: no kind", spec)
	}
	l := look{name: words[0]}
	var ok bool
	if l.kind, ok = kinds[l.name]; !ok {
		return look{}, fmt.Errorf("picture %q: no kind %q", spec, l.name)
	}
	for _, w := range words[1:] {
		if col, ok := colourNames[w]; ok {
			l.main = &col
		} else if col, ok := woodNames[w]; ok {
			l.wood = &col
		} else if col, ok := metalNames[w]; ok {
			l.metal = &col
		} else {
			return look{}, fmt.Errorf("picture %q: no colour, wood or metal %q", spec, w)
		}
	}
	return l, nil
}

// picture draws a listing or category photo as spec asks (see parseLook);
// the seed picks everything else.
func picture(spec string, seed int) ([]byte, error) {
	l, err := parseLook(spec)
	if err != nil {
		return nil, err
	}
	h := fnv.New32a()
	h.Write([]byte(l.name))
	c := newCanvas(picW, picH, seed<<32|int(h.Sum32()))
	s := c.style(l.main, l.wood, l.metal)
	switch l.kind.scene {
	case kitchen:
		c.kitchen(s)
	case garden:
		c.garden(s)
	default:
		c.room(s, l.kind.wall, l.name != "plant")
	}
	l.kind.draw(c, s)
	return c.jpeg(), nil
}

// room is a wall with a skirting board, a wooden floor and, by chance, a
// window, a framed print, a rug or (if plant) a plant.
func (c *canvas) room(s style, space wall, plant bool) {
	c.vgrad(0, 0, picW, int(horizon), shade(s.wall, 1.08), shade(s.wall, 0.94))
	switch c.pick(4) {
	case 0: // wainscoting below a rail
		panel := shade(s.wall, 0.93)
		c.rect(0, 250, picW, horizon, panel)
		c.rect(0, 246, picW, 254, shade(s.wall, 1.1))
		for x := 30.0; x < picW; x += 150 {
			c.rrect(x, 275, x+120, horizon-22, 3, shade(panel, 0.97))
			c.rrect(x+4, 279, x+116, horizon-26, 2, panel)
		}
	case 1: // faint stripes
		for x := 0.0; x < picW; x += 56 {
			c.rect(x, 0, x+28, horizon, fade(shade(s.wall, 0.9), 0.25))
		}
	}
	floor := floors[c.pick(len(floors))]
	c.vgrad(0, int(horizon), picW, picH, shade(floor, 0.86), shade(floor, 1.06))
	// Boards: rows widen towards the viewer, seams staggered.
	gap := fade(shade(floor, 0.7), 0.45)
	for y, h := horizon, 12.0; y < picH; y, h = y+h, h*1.18 {
		c.rect(0, y, picW, y+1.3, gap)
		for x := c.between(-200, 0); x < picW; x += c.between(180, 320) {
			c.rect(x, y, x+1.3, y+h, gap)
		}
	}
	c.rect(0, horizon-16, picW, horizon, hex(0xf7f5f0))
	c.rect(0, horizon-1, picW, horizon+3, fade(hex(0x000000), 0.12))

	side := c.pick(2) // where the window and plant go: 0 left, 1 right
	if c.chance(0.55) {
		w, h := c.between(130, 160), c.between(190, 240)
		x := 40.0
		if side == 1 {
			x = picW - 40 - w
		}
		c.window(x, c.between(50, 80), w, h)
		if c.chance(0.5) {
			c.curtains(x, w, s)
		}
	}
	switch {
	case space == above && c.chance(0.7):
		c.print(c.between(340, 460), c.between(40, 60), s)
	case space != none && c.chance(0.6):
		x := picW - 120.0
		if side == 1 {
			x = 120
		}
		c.print(x, c.between(80, 110), s)
	}
	if c.chance(0.35) {
		c.rug(s)
	}
	if plant && c.chance(0.3) {
		x := picW - 64.0
		if side == 1 {
			x = 64
		}
		c.pottedPlant(x, ground+40, 0.55, s)
	}
}

func (c *canvas) window(x, y, w, h float64) {
	frame := hex(0xfbfaf7)
	c.rect(x-10, y-10, x+w+10, y+h+10, frame)
	c.vgrad(int(x), int(y), int(x+w), int(y+h), hex(0x9ccbea), hex(0xe4f1f7))
	// A distant tree and a bit of cloud.
	c.ellipse(x+w*0.7, y+h*0.85, w*0.35, h*0.22, fade(hex(0x7fa86f), 0.8))
	c.ellipse(x+w*0.3, y+h*0.25, w*0.22, h*0.06, fade(hex(0xffffff), 0.8))
	c.rect(x+w/2-4, y, x+w/2+4, y+h, frame)
	c.rect(x, y+h*0.45-4, x+w, y+h*0.45+4, frame)
	c.poly(fade(hex(0xffffff), 0.25), x+w*0.1, y, x+w*0.3, y, x, y+h*0.35, x, y+h*0.15)
	c.rect(x-18, y+h+8, x+w+18, y+h+18, shade(frame, 0.95))
	c.rect(x-18, y+h+18, x+w+18, y+h+21, fade(hex(0x000000), 0.1))
}

// curtains hang on a rod either side of a window at x, w wide.
func (c *canvas) curtains(x, w float64, s style) {
	col := []color.RGBA{linen, shade(s.accent, 1.2), hex(0xe8dcc2), shade(s.main, 1.35)}[c.pick(4)]
	c.rect(x-50, 32, x+w+50, 38, s.metal)
	for _, x0 := range []float64{x - 46, x + w + 6} {
		c.rrectV(x0, 34, x0+40, horizon-30, 4, col, shade(col, 0.92))
		for fx := x0 + 8; fx < x0+38; fx += 11 {
			c.rect(fx, 40, fx+3, horizon-32, fade(shade(col, 0.8), 0.5))
		}
	}
}

// print is a framed picture centred on x: hills under a sun, or shapes.
func (c *canvas) print(x, y float64, s style) {
	w, h := c.between(84, 120), c.between(104, 134)
	if c.chance(0.5) {
		w, h = h*1.1, w*0.85
	}
	frame := []color.RGBA{hex(0x2d2d2d), hex(0xc9a24b), hex(0xf5f3ee), s.wood}[c.pick(4)]
	x0 := x - w/2
	c.rect(x0+5, y+6, x0+w+5, y+h+6, fade(hex(0x000000), 0.12))
	c.rect(x0, y, x0+w, y+h, frame)
	c.rect(x0+8, y+8, x0+w-8, y+h-8, hex(0xfbf8f1))
	ix0, iy0, ix1, iy1 := x0+18, y+18, x0+w-18, y+h-18
	iw, ih := ix1-ix0, iy1-iy0
	paper := []color.RGBA{hex(0xf3e9d6), hex(0xe5ecef), hex(0xf4ddd0)}[c.pick(3)]
	c.rect(ix0, iy0, ix1, iy1, paper)
	if c.chance(0.5) {
		c.disc(ix0+iw*c.between(0.55, 0.8), iy0+ih*0.35, iw*0.14, s.accent)
		c.fill(ix0, iy0, ix1, iy1, shade(s.main, 0.95), func(px, py float64) float64 {
			return max(ellipseDist(px, py, ix0+iw*0.25, iy1, iw*0.55, ih*0.45), boxDist(px, py, ix0, iy0, ix1, iy1, 0))
		})
		c.fill(ix0, iy0, ix1, iy1, shade(s.main, 0.75), func(px, py float64) float64 {
			return max(ellipseDist(px, py, ix0+iw*0.85, iy1, iw*0.5, ih*0.3), boxDist(px, py, ix0, iy0, ix1, iy1, 0))
		})
	} else {
		c.rrect(ix0+iw*0.15, iy0+ih*0.3, ix0+iw*0.5, iy1, iw*0.175, s.accent)
		c.disc(ix0+iw*0.68, iy0+ih*0.35, iw*0.16, s.main)
		c.rect(ix0+iw*0.55, iy0+ih*0.72, ix1-iw*0.1, iy0+ih*0.78, shade(s.wood, 0.7))
	}
}

// rug is a flat rectangle on the floor seen in perspective, with a border.
func (c *canvas) rug(s style) {
	col := []color.RGBA{hex(0xe9dfcc), shade(s.accent, 1.3), hex(0xc9b79a), hex(0x9aa5b1)}[c.pick(4)]
	border := shade(col, 0.8)
	top, bottom := ground-34, ground+80.0
	c.poly(border, 170, top, 630, top, 720, bottom, 80, bottom)
	c.poly(col, 184, top+5, 616, top+5, 700, bottom-8, 100, bottom-8)
	for i := 1; i <= 2; i++ {
		y := top + (bottom-top)*float64(i)/3
		c.rect(120, y-2, 680, y+2, fade(border, 0.6))
	}
}

// pottedPlant is a leafy plant in a pot standing at x, y; scale 1 is tall.
func (c *canvas) pottedPlant(x, y, scale float64, s style) {
	pot := []color.RGBA{hex(0xc4694a), hex(0xf1ede6), hex(0x4a4e54), hex(0xd9c7a8), s.accent}[c.pick(5)]
	pw, ph := 70*scale, 80*scale
	c.shadow(x, y, pw*0.7, 8*scale)
	leaves := []color.RGBA{hex(0x3f7a4e), hex(0x4f8f55), hex(0x2f6244), hex(0x6aa35e)}
	tall := 300 * scale * c.between(0.8, 1.1)
	for i := range 9 {
		a := -math.Pi/2 + (float64(i)-4)*0.28 + c.between(-0.1, 0.1)
		l := tall * c.between(0.55, 1)
		tx, ty := x+math.Cos(a)*l*0.6, y-ph+math.Sin(a)*l
		c.line(x, y-ph, tx, ty+20*scale, 3*scale, hex(0x4a6b3a))
		c.leaf(tx, ty, 40*scale, 18*scale, a+c.between(-0.4, 0.4), leaves[c.pick(len(leaves))])
	}
	c.poly(pot, x-pw/2, y-ph, x+pw/2, y-ph, x+pw*0.38, y, x-pw*0.38, y)
	c.rect(x-pw/2-4*scale, y-ph-10*scale, x+pw/2+4*scale, y-ph+8*scale, shade(pot, 0.9))
	c.poly(fade(hex(0xffffff), 0.18), x-pw*0.35, y-ph+8*scale, x-pw*0.2, y-ph+8*scale, x-pw*0.15, y, x-pw*0.28, y)
}

// kitchen is a tiled wall over a worktop with cupboards below; small
// appliances stand on the worktop at counter.
const counter = 392.0

func (c *canvas) kitchen(s style) {
	c.vgrad(0, 0, picW, int(counter), shade(s.wall, 1.06), shade(s.wall, 0.96))
	tile := []color.RGBA{hex(0xf4f2ec), hex(0xdfe9e4), hex(0xe8eef4), hex(0xf1e4d3), hex(0xd7dde8)}[c.pick(5)]
	grout := shade(tile, 0.86)
	c.rect(0, 170, picW, counter, grout)
	for row, y := 0, 172.0; y < counter; row, y = row+1, y+30 {
		off := float64(row%2) * 32
		for x := -off; x < picW; x += 64 {
			c.rrectV(x+2, y, x+62, y+27, 3, shade(tile, 1.04), tile)
		}
	}
	if c.chance(0.5) { // an open shelf with jars
		c.rect(90, 120, 330, 130, s.wood)
		for i, x := range []float64{110, 160, 215, 265} {
			h := 40 + float64(i%2)*15
			c.rrect(x, 120-h, x+36, 120, 5, fade(hex(0xe8eef0), 0.85))
			c.rect(x, 120-h-8, x+36, 120-h+2, shade(s.metal, 0.9))
			c.rect(x+4, 120-h*0.6, x+32, 118, []color.RGBA{hex(0xd4a03a), hex(0x8a5a3a), hex(0xefe6d0)}[(i+c.pick(3))%3])
		}
	} else {
		c.window(480, 30, 200, 110)
	}
	top := []color.RGBA{hex(0xe9e6e1), hex(0x3a3a3c), s.wood, hex(0xd8d2c8)}[c.pick(4)]
	c.rect(0, counter, picW, counter+22, top)
	c.rect(0, counter+22, picW, counter+26, shade(top, 0.7))
	c.cupboards([]color.RGBA{hex(0xf4f2ec), hex(0x55706a), hex(0x2f4a6d), hex(0xd8cbb3), hex(0x9aa0a6)}[c.pick(5)], s)
}

// cupboards are the kitchen's base units under the worktop.
func (c *canvas) cupboards(unit color.RGBA, s style) {
	c.rect(0, counter+26, picW, picH-22, shade(unit, 0.85))
	for x := -20.0; x < picW; x += 210 {
		c.rrectV(x+4, counter+32, x+206, picH-26, 4, shade(unit, 1.04), shade(unit, 0.96))
		c.rect(x+90, counter+46, x+120, counter+52, s.metal)
	}
	c.rect(0, picH-22, picW, picH, shade(unit, 0.5))
}

// garden is sky, trees and a hedge behind a lawn or a patio.
func (c *canvas) garden(s style) {
	c.vgrad(0, 0, picW, int(horizon), hex(0x8ec3e6), hex(0xe6f2f6))
	c.glow(c.between(100, 700), 60, 160, fade(hex(0xfff6d8), 0.9))
	for range 3 {
		x, y := c.between(50, 750), c.between(40, 160)
		for j := range 3 {
			c.ellipse(x+float64(j)*30, y-float64(j%2)*10, 50, 18, fade(hex(0xffffff), 0.85))
		}
	}
	greens := []color.RGBA{hex(0x5d8c54), hex(0x4b7a47), hex(0x6f9c5e), hex(0x3f6b42)}
	for x := -40.0; x < picW+40; x += c.between(50, 90) {
		r := c.between(50, 95)
		c.disc(x, horizon-70-r*0.5, r, greens[c.pick(len(greens))])
	}
	if c.chance(0.5) { // a wooden fence
		fence := shade(s.wood, 0.85)
		c.rect(0, horizon-150, picW, horizon, shade(fence, 0.9))
		for x := 0.0; x < picW; x += 40 {
			c.rect(x+2, horizon-150, x+38, horizon, fence)
			c.rect(x+36, horizon-150, x+38, horizon, fade(hex(0x000000), 0.15))
		}
	} else {
		c.rrect(-20, horizon-110, picW+20, horizon+10, 30, hex(0x3f6b42))
		for x := 0.0; x < picW; x += 24 {
			c.disc(x+c.between(-6, 6), horizon-108+c.between(-4, 4), 18, hex(0x4b7a47))
		}
	}
	if c.chance(0.5) { // lawn
		c.vgrad(0, int(horizon), picW, picH, hex(0x7fa35a), hex(0x9cbd6a))
		for range 160 {
			x, y := c.between(0, picW), c.between(horizon+5, picH)
			c.line(x, y, x+c.between(-3, 3), y-c.between(5, 12), 1.5, fade(hex(0x5f8a42), 0.6))
		}
	} else { // paving stones
		stone := []color.RGBA{hex(0xc9c2b5), hex(0xb9b4ab), hex(0xd6cbb8)}[c.pick(3)]
		c.vgrad(0, int(horizon), picW, picH, shade(stone, 0.85), shade(stone, 0.95))
		for row, y, h := 0, horizon, 24.0; y < picH; row, y, h = row+1, y+h, h*1.2 {
			off := float64(row%2) * h * 1.5
			for x := -off; x < picW; x += h * 3 {
				c.rrectV(x+2, y+2, x+h*3-2, y+h-2, 3, shade(stone, 1.02), shade(stone, 0.98))
			}
		}
	}
}

// avatar draws a profile picture: a head and shoulders on a coloured disc.
func avatar(seed int) []byte {
	c := newCanvas(256, 256, seed+1000)
	bg := fabrics[c.pick(len(fabrics))]
	c.vgrad(0, 0, 256, 256, shade(bg, 1.5), shade(bg, 1.3))
	skin := []color.RGBA{hex(0xf1c8a4), hex(0xd9a47c), hex(0xa8714e), hex(0x7a4e32), hex(0xe8b894)}[c.pick(5)]
	hair := []color.RGBA{hex(0x2b2018), hex(0x5a3a22), hex(0xb8864a), hex(0x8a8580), hex(0x1a1a1a)}[c.pick(5)]
	shirt := fabrics[c.pick(len(fabrics))]
	c.ellipse(128, 262, 100, 80, shirt)
	c.rect(112, 150, 144, 190, shade(skin, 0.9))
	c.ellipse(128, 186, 22, 12, shade(skin, 0.9))
	if c.chance(0.5) { // long hair behind the head
		c.rrect(74, 70, 182, 176, 44, hair)
	}
	c.ellipse(80, 118, 9, 13, shade(skin, 0.92))
	c.ellipse(176, 118, 9, 13, shade(skin, 0.92))
	c.ellipse(128, 114, 48, 56, skin)
	c.fill(76, 50, 180, 110, hair, func(x, y float64) float64 { // hair with a side parting
		return max(ellipseDist(x, y, 128, 104, 52, 52), y-104+(x-100)*0.25)
	})
	c.disc(110, 120, 4.5, hex(0x2b2018))
	c.disc(146, 120, 4.5, hex(0x2b2018))
	c.fill(108, 136, 148, 156, shade(skin, 0.65), func(x, y float64) float64 { // a smile
		return max(math.Abs(ellipseDist(x, y, 128, 138, 16, 12))-1.8, 138-y)
	})
	return c.jpeg()
}
