package demo

import (
	"image/color"
	"math"
)

// mirror hangs over a sideboard: round (shape 0), arched (1) or framed.
func (c *canvas) mirror(s style, shape int) {
	top := c.sideboard(s, false)
	cx := 400 + c.between(-30, 30)
	frame := []color.RGBA{hex(0xc9a24b), s.wood, hex(0x2d2d2d), hex(0xf1ede6)}[c.pick(4)]
	switch shape {
	case 0: // round
		r := c.between(95, 125)
		cy := top - r - 30
		c.disc(cx+6, cy+8, r+14, fade(black, 0.12))
		c.disc(cx, cy, r+14, frame)
		c.disc(cx, cy, r, hex(0xc6d6de))
		c.leaf(cx-r*0.3, cy-r*0.25, r*0.55, r*0.12, -0.8, fade(white, 0.35))
	case 1: // arched
		w, h := c.between(170, 210), c.between(240, 270)
		y1 := top - 20
		arch := func(x, y float64, inset float64) float64 {
			return min(boxDist(x, y, cx-w/2+inset, y1-h+w/2, cx+w/2-inset, y1-inset, 0),
				max(ellipseDist(x, y, cx, y1-h+w/2, w/2-inset, w/2-inset), y-(y1-h+w/2)))
		}
		c.fill(cx-w/2, y1-h, cx+w/2, y1, frame, func(x, y float64) float64 { return arch(x, y, 0) })
		c.fill(cx-w/2, y1-h, cx+w/2, y1, hex(0xc6d6de), func(x, y float64) float64 { return arch(x, y, 12) })
		c.fill(cx-w/2, y1-h, cx+w/2, y1, fade(white, 0.35), func(x, y float64) float64 {
			return max(arch(x, y, 12), math.Abs((x-cx)+(y-y1+h/2)*0.7)-18)
		})
	default: // a framed rectangle
		w, h := c.between(220, 300), c.between(160, 200)
		c.rect(cx-w/2+6, top-30-h+8, cx+w/2+6, top-22, fade(black, 0.12))
		c.rect(cx-w/2, top-30-h, cx+w/2, top-30, frame)
		c.mirrorGlass(cx-w/2+14, top-30-h+14, cx+w/2-14, top-44, 0)
	}
	c.onTop(400+c.between(110, 150), top, s)
}

func (c *canvas) vases(s style) {
	top := c.sideboard(s, false)
	n := 2 + c.pick(2)
	for i := range n {
		x := 400 + (float64(i)-float64(n-1)/2)*c.between(90, 110)
		col := ceramic[c.pick(len(ceramic))]
		h := c.between(90, 170)
		r := c.between(28, 48)
		if c.chance(0.4) { // dried stems
			for j := range 5 {
				a := -math.Pi/2 + (float64(j)-2)*0.18
				tx, ty := x+math.Cos(a)*h*1.2, top-h+math.Sin(a)*h
				c.line(x, top-h*0.6, tx, ty, 2, hex(0x9c8a5a))
				c.leaf(tx, ty, 14, 5, a, hex(0xd9c38f))
			}
		}
		switch c.pick(3) {
		case 0:
			c.ellipse(x, top-h*0.38, r, h*0.38, col)
			c.rect(x-r*0.35, top-h, x+r*0.35, top-h*0.6, col)
			c.ellipse(x, top-h, r*0.45, 5, shade(col, 0.8))
		case 1:
			c.rrect(x-r*0.8, top-h, x+r*0.8, top, 10, col)
			c.ellipse(x, top-h, r*0.8, 6, shade(col, 0.8))
		default:
			c.poly(col, x-r*0.4, top-h, x+r*0.4, top-h, x+r, top-h*0.3, x+r*0.7, top, x-r*0.7, top, x-r, top-h*0.3)
		}
		c.rect(x-r*0.55, top-h*0.7, x-r*0.4, top-12, fade(white, 0.25))
	}
}

func (c *canvas) art(s style) {
	top := c.sideboard(s, false)
	w, h := c.between(260, 340), c.between(180, 230)
	y := top - 40 - h
	frame := []color.RGBA{hex(0x2d2d2d), hex(0xc9a24b), hex(0xf5f3ee), s.wood}[c.pick(4)]
	c.rect(400-w/2+6, y+8, 400+w/2+6, y+h+8, fade(black, 0.12))
	c.rect(400-w/2, y, 400+w/2, y+h, frame)
	c.rect(400-w/2+12, y+12, 400+w/2-12, y+h-12, hex(0xfbf8f1))
	x0, y0, x1, y1 := 400-w/2+30, y+30, 400+w/2-30, y+h-30
	iw, ih := x1-x0, y1-y0
	c.rect(x0, y0, x1, y1, []color.RGBA{hex(0xf3e9d6), hex(0xe5ecef), hex(0xf4ddd0)}[c.pick(3)])
	clip := func(x, y float64) float64 { return boxDist(x, y, x0, y0, x1, y1, 0) }
	for range 4 {
		col := []color.RGBA{s.main, s.accent, hex(0xd4a03a), hex(0x2f4a6d), hex(0xc4694a)}[c.pick(5)]
		px, py, r := x0+c.between(0.1, 0.9)*iw, y0+c.between(0.2, 1)*ih, c.between(0.15, 0.35)*ih
		c.fill(x0, y0, x1, y1, fade(col, 0.9), func(x, y float64) float64 {
			return max(clip(x, y), length(x-px, y-py)-r)
		})
	}
	c.rect(x0+iw*0.1, y1-ih*0.2, x1-iw*0.3, y1-ih*0.2+4, hex(0x2d2d2d))
	c.onTop(400+c.between(-100, 100), top, s)
}

func (c *canvas) clock(s style) {
	top := c.sideboard(s, true)
	cx, cy := 400+c.between(-40, 40), top-180
	r := c.between(80, 100)
	rim := []color.RGBA{hex(0x2d2d2d), s.wood, hex(0xc9a24b), s.main}[c.pick(4)]
	c.disc(cx+5, cy+7, r+10, fade(black, 0.12))
	c.disc(cx, cy, r+10, rim)
	c.disc(cx, cy, r, hex(0xfbf8f1))
	for i := range 12 {
		sin, cos := math.Sincos(float64(i) * math.Pi / 6)
		l := 8.0
		if i%3 == 0 {
			l = 16
		}
		c.line(cx+sin*(r-8), cy-cos*(r-8), cx+sin*(r-8-l), cy-cos*(r-8-l), 3, hex(0x2d2d2d))
	}
	h, m := c.between(0, 2*math.Pi), c.between(0, 2*math.Pi)
	c.line(cx, cy, cx+math.Sin(h)*r*0.5, cy-math.Cos(h)*r*0.5, 6, hex(0x2d2d2d))
	c.line(cx, cy, cx+math.Sin(m)*r*0.75, cy-math.Cos(m)*r*0.75, 4, hex(0x2d2d2d))
	c.disc(cx, cy, 6, hex(0xc4694a))
}
