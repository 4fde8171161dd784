package demo

import (
	"image/color"
	"math"
)

// painted is a piece's body colour: its wood, or paint.
func (c *canvas) painted(s style) color.RGBA {
	if !s.woodSet && c.chance(0.4) {
		return []color.RGBA{hex(0xf1ede6), hex(0x8fa68e), hex(0x2f4a6d), hex(0xd9d2c3), hex(0x4a4e54)}[c.pick(5)]
	}
	return s.wood
}

// wardrobe has doors doors, the middle one a mirror if mirrored.
func (c *canvas) wardrobe(s style, doors int, mirrored bool) {
	cx := 400.0
	dw := c.between(110, 130)
	w := float64(doors) * dw
	legH := c.between(8, 22)
	top := ground - legH - c.between(340, 380)
	x0, x1 := cx-w/2, cx+w/2
	body := c.painted(s)
	c.shadow(cx, ground, w/2+10, 12)
	for _, x := range []float64{x0 + 16, x1 - 16} {
		c.leg(x, ground-legH-2, ground, 0, shade(body, 0.7), 3)
	}
	c.rect(x0, top, x1, ground-legH, shade(body, 0.8))
	c.rect(x0-8, top-14, x1+8, top, shade(body, 0.9))
	c.rect(x0-8, top-4, x1+8, top, shade(body, 0.75))
	mirror := -1
	if mirrored {
		mirror = doors / 2
	}
	knobs := c.chance(0.5)
	for i := range doors {
		dx := x0 + float64(i)*dw
		y0, y1 := top+6, ground-legH-6
		c.rrectV(dx+4, y0, dx+dw-4, y1, 3, shade(body, 1.04), shade(body, 0.96))
		if i == mirror {
			c.mirrorGlass(dx+18, y0+18, dx+dw-18, y1-18, 4)
		} else {
			c.rrect(dx+16, y0+16, dx+dw-16, y1-16, 3, shade(body, 0.9))
			c.rrect(dx+19, y0+19, dx+dw-19, y1-19, 3, shade(body, 1.02))
			if body == s.wood {
				c.grain(dx+22, y0+22, dx+dw-22, y1-22, body)
			}
		}
		hx := dx + dw - 12
		if i%2 == 1 || (doors == 3 && i == 2) {
			hx = dx + 12
		}
		if knobs {
			c.knob(hx, (y0+y1)/2, 6, s.metal)
		} else {
			c.rrect(hx-3, (y0+y1)/2-35, hx+3, (y0+y1)/2+35, 3, s.metal)
		}
	}
}

// mirrorGlass is a rectangle of mirror with two streaks of light.
func (c *canvas) mirrorGlass(x0, y0, x1, y1, r float64) {
	c.rrectV(x0, y0, x1, y1, r, hex(0xdbe7ec), hex(0xaebfc8))
	box := func(x, y float64) float64 { return boxDist(x, y, x0, y0, x1, y1, r) }
	w := x1 - x0
	for _, st := range [][2]float64{{0.15, 0.22}, {0.45, 0.08}} {
		a, b := st[0], st[1]
		c.fill(x0, y0, x1, y1, fade(white, 0.35), func(x, y float64) float64 {
			// a band running up to the right
			u := (x - x0) + (y-y0)*0.6 - w*a*2.2
			return max(box(x, y), math.Abs(u-w*b)-w*b)
		})
	}
}

func (c *canvas) drawers(s style) {
	cx := 400.0
	w := c.between(300, 400)
	h := c.between(200, 260)
	legH := c.between(10, 40)
	top := ground - legH - h
	x0, x1 := cx-w/2, cx+w/2
	body := c.painted(s)
	c.shadow(cx, ground, w/2+10, 12)
	legStyle := c.pick(4)
	for _, x := range []float64{x0 + 18, x1 - 18} {
		c.leg(x, ground-legH-2, ground, math.Copysign(5, x-cx), shade(s.wood, 0.8), legStyle)
	}
	c.rect(x0-6, top-12, x1+6, top, shade(body, 0.92))
	c.rect(x0, top, x1, ground-legH, shade(body, 0.78))
	rows := 3 + c.pick(2)
	rh := (h - 8) / float64(rows)
	knobs := c.chance(0.5)
	for i := range rows {
		y := top + 4 + float64(i)*rh
		split := i == 0 && c.chance(0.5)
		cols := 1
		if split {
			cols = 2
		}
		cw := (w - 8) / float64(cols)
		for j := range cols {
			dx := x0 + 4 + float64(j)*cw
			c.rrectV(dx+2, y+2, dx+cw-2, y+rh-2, 3, shade(body, 1.05), shade(body, 0.95))
			if body == s.wood {
				c.grain(dx+6, y+6, dx+cw-6, y+rh-6, body)
			}
			mid := dx + cw/2
			if knobs {
				if cols == 1 {
					c.knob(mid-cw*0.25, y+rh/2, 7, s.metal)
					c.knob(mid+cw*0.25, y+rh/2, 7, s.metal)
				} else {
					c.knob(mid, y+rh/2, 7, s.metal)
				}
			} else {
				c.rrect(mid-28, y+rh/2-3, mid+28, y+rh/2+3, 3, s.metal)
			}
		}
	}
	c.onTop(cx+c.between(-w/4, w/4), top-6, s)
}

// book colours: deep and faded covers.
var bookColours = []color.RGBA{
	hex(0x8c3b2e), hex(0x2f4a6d), hex(0xd4a03a), hex(0x3f6b4e), hex(0xe9e1cf), hex(0x6a86a8), hex(0x7a4a68),
	hex(0xc4694a), hex(0x4a4e54), hex(0x9c6b3f), hex(0x2e7d7a), hex(0xd79a9a),
}

// books fills a shelf from x0 to x1 standing on y, at most h tall.
func (c *canvas) books(x0, x1, y, h float64) {
	for x := x0 + c.between(0, 10); x < x1-14; {
		switch r := c.rnd.Float64(); {
		case r < 0.1 && x < x1-90: // a small stack lying down
			for i := range 3 {
				c.rect(x+float64(i)*4, y-float64(i+1)*11, x+70-float64(i)*5, y-float64(i)*11-1, bookColours[c.pick(len(bookColours))])
			}
			x += 80
		case r < 0.17 && x < x1-60: // a vase
			vc := ceramic[c.pick(len(ceramic))]
			c.ellipse(x+25, y-h*0.3, 20, h*0.3, vc)
			c.rect(x+18, y-h*0.75, x+32, y-h*0.45, vc)
			x += 60
		case r < 0.22: // a gap
			x += c.between(15, 40)
		default:
			bw, bh := c.between(10, 22), h*c.between(0.62, 0.92)
			col := bookColours[c.pick(len(bookColours))]
			c.rect(x, y-bh, x+bw, y, col)
			c.rect(x+2, y-bh+8, x+bw-2, y-bh+12, fade(white, 0.35))
			c.rect(x+2, y-18, x+bw-2, y-14, fade(white, 0.35))
			x += bw + 1
		}
	}
}

func (c *canvas) bookcase(s style) {
	cx := 400.0
	w := c.between(270, 360)
	h := c.between(370, 400)
	top := ground - h
	x0, x1 := cx-w/2, cx+w/2
	body := c.painted(s)
	c.shadow(cx, ground, w/2+10, 12)
	c.rect(x0, top, x1, ground, body)
	c.rect(x0+14, top+14, x1-14, ground-20, shade(body, 0.72))
	shelves := 4 + c.pick(2)
	sh := (h - 34) / float64(shelves)
	for i := range shelves {
		y := top + 14 + float64(i+1)*sh
		c.books(x0+16, x1-16, y-8, sh-14)
		c.rect(x0+14, y-8, x1-14, y, shade(body, 1.05))
		c.rect(x0+14, y, x1-14, y+3, fade(black, 0.15))
	}
	c.rect(x0, top, x0+14, ground, shade(body, 0.95))
	c.rect(x1-14, top, x1, ground, shade(body, 0.9))
}

func (c *canvas) cubes(s style) {
	cx := 400.0
	cols, rows := 4, 2
	if c.chance(0.5) {
		cols, rows = 3, 3
	}
	cell := c.between(95, 110)
	w, h := float64(cols)*cell+12, float64(rows)*cell+12
	top := ground - h - 8
	x0 := cx - w/2
	body := c.painted(s)
	c.shadow(cx, ground, w/2+10, 12)
	c.rect(x0, top, x0+w, ground-8, body)
	c.rect(x0+8, ground-8, x0+w-8, ground, shade(body, 0.6))
	basket := s.main
	for r := range rows {
		for k := range cols {
			bx, by := x0+6+float64(k)*cell, top+6+float64(r)*cell
			c.rect(bx+6, by+6, bx+cell-6, by+cell-6, shade(body, 0.7))
			switch c.pick(4) {
			case 0, 1:
				c.rrectV(bx+9, by+12, bx+cell-9, by+cell-6, 4, shade(basket, 1.05), shade(basket, 0.9))
				c.rrect(bx+cell/2-14, by+22, bx+cell/2+14, by+32, 5, shade(basket, 0.6))
			case 2:
				c.books(bx+8, bx+cell-8, by+cell-6, cell-20)
			default:
				if c.chance(0.5) {
					c.pottedPlant(bx+cell/2, by+cell-6, 0.22, s)
				}
			}
		}
	}
	c.onTop(cx+c.between(-w/4, w/4), top, s)
}

// sideboard is a low cabinet; with things on top when dressed.
func (c *canvas) sideboard(s style, dressed bool) (top float64) {
	cx := 400.0
	w := c.between(360, 440)
	h := c.between(140, 170)
	legH := c.between(14, 40)
	top = ground - legH - h
	x0, x1 := cx-w/2, cx+w/2
	body := c.painted(s)
	c.shadow(cx, ground, w/2+10, 12)
	for _, x := range []float64{x0 + 20, x1 - 20} {
		c.leg(x, ground-legH-2, ground, math.Copysign(8, x-cx), shade(s.wood, 0.75), 0)
	}
	c.rect(x0-4, top, x1+4, top+12, shade(body, 1.05))
	c.rect(x0, top+12, x1, ground-legH, shade(body, 0.8))
	doors := 2 + c.pick(2)
	dw := (w - 8) / float64(doors)
	for i := range doors {
		dx := x0 + 4 + float64(i)*dw
		c.rrectV(dx+2, top+16, dx+dw-2, ground-legH-4, 3, shade(body, 1.04), shade(body, 0.94))
		if body == s.wood {
			c.grain(dx+8, top+22, dx+dw-8, ground-legH-10, body)
		}
		c.rrect(dx+dw/2-20, top+30, dx+dw/2+20, top+36, 3, s.metal)
	}
	if dressed {
		c.onTop(cx+c.between(-w/4, w/4), top, s)
	}
	return top
}
