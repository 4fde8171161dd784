package demo

import (
	"math"
)

func (c *canvas) floorLamp(s style, tripod bool) {
	cx := 400 + c.between(-40, 40)
	metal := s.metal
	shadeCol := c.either(s, linen, hex(0xe8dcc2), s.main, hex(0xf3efe4))
	top := c.between(110, 150)
	sh := c.between(90, 120)
	bw := c.between(70, 95)
	tw := bw * c.between(0.55, 1)
	c.glow(cx, top+sh, 360, fade(warm, 0.55))
	c.shadow(cx, ground, 90, 12)
	c.ellipse(cx, ground+18, 160, 26, fade(warm, 0.25))
	if tripod {
		wood := s.wood
		for _, dx := range []float64{-85, 85, 15} {
			c.line(cx, top+sh+60, cx+dx, ground-2, 9, wood)
		}
		c.line(cx, top+sh, cx, top+sh+70, 6, metal)
	} else {
		c.line(cx, top+sh, cx, ground-10, 7, metal)
		c.ellipse(cx, ground-6, 60, 10, shade(metal, 0.8))
		c.ellipse(cx, ground-10, 58, 8, metal)
	}
	c.poly(shadeCol, cx-tw, top, cx+tw, top, cx+bw, top+sh, cx-bw, top+sh)
	c.poly(fade(white, 0.3), cx-tw+4, top+3, cx-tw+22, top+3, cx-bw+26, top+sh-3, cx-bw+6, top+sh-3)
	c.ellipse(cx, top+sh, bw, 9, shade(warm, 1.2))
}

func (c *canvas) tableLamp(s style) {
	cx := 400.0
	top := c.sideboard(s, false)
	x := cx + c.between(-90, 90)
	base := ceramic[c.pick(len(ceramic))]
	shadeCol := c.either(s, linen, hex(0xe8dcc2), s.accent, hex(0xf3efe4))
	bh := c.between(70, 100)
	c.glow(x, top-bh-40, 260, fade(warm, 0.5))
	c.rect(x-3, top-bh-40, x+3, top-bh+10, s.metal)
	c.ellipse(x, top-bh/2, c.between(32, 45), bh/2, base)
	c.ellipse(x-10, top-bh/2-6, 8, bh*0.3, fade(white, 0.3))
	c.rect(x-22, top-8, x+22, top, shade(base, 0.8))
	sw, st := c.between(70, 90), c.between(50, 70)
	sy := top - bh - 110
	c.poly(shadeCol, x-st, sy, x+st, sy, x+sw, sy+90, x-sw, sy+90)
	c.ellipse(x, sy+90, sw, 7, shade(warm, 1.2))
	if c.chance(0.6) {
		c.onTopBooks(x+sw+30, top)
	}
}

// onTopBooks is a short pile of books.
func (c *canvas) onTopBooks(x, y float64) {
	for i := range 3 {
		c.rect(x-float64(i)*3, y-float64(i+1)*12, x+80-float64(i)*6, y-float64(i)*12-1, bookColours[c.pick(len(bookColours))])
	}
}

// pendant is n lights hanging over a table: glass globes or domes.
func (c *canvas) pendant(s style, n int, globe bool) {
	col := c.either(s, s.metal, s.main, hex(0x2d2d2d), hex(0xf1ede6))
	// A table under the lights.
	w := c.between(420, 500)
	front := ground - 200
	c.shadow(400, ground, w/2, 12)
	for _, x := range []float64{400 - w/2 + 30, 400 + w/2 - 30} {
		c.leg(x, front+16, ground, 0, shade(s.wood, 0.8), 1)
	}
	c.tableTop(400, w, front, 36, 16, s.wood)
	for i := range n {
		x := 400 + (float64(i)-float64(n-1)/2)*150
		y := c.between(200, 250)
		c.glow(x, y+30, 280, fade(warm, 0.45))
		c.ellipse(x, front-18, 60, 8, fade(warm, 0.4))
		c.line(x, -5, x, y-40, 2.5, hex(0x2d2d2d))
		if globe {
			c.disc(x, y, 48, fade(hex(0xfff3d6), 0.92))
			c.disc(x, y+6, 16, hex(0xfffbe8))
			c.disc(x-16, y-16, 12, fade(white, 0.5))
			c.rect(x-8, y-52, x+8, y-40, s.metal)
			continue
		}
		r := c.between(60, 80)
		c.rect(x-10, y-r*0.65-12, x+10, y-r*0.65+4, col)
		c.dome(x, y+20, r, r*0.9, col)
		c.dome(x-r*0.25, y+20-r*0.35, r*0.25, r*0.35, fade(white, 0.18))
		c.ellipse(x, y+20, r, 8, shade(warm, 1.2))
	}
}

func (c *canvas) deskLamp(s style) {
	cx := 400.0
	w := c.between(380, 460)
	front := ground - 200
	c.shadow(cx, ground, w/2, 12)
	for _, x := range []float64{cx - w/2 + 24, cx + w/2 - 24} {
		c.leg(x, front+14, ground, math.Copysign(8, x-cx), shade(s.wood, 0.85), 2)
	}
	c.tableTop(cx, w, front, 36, 14, s.wood)
	col := c.either(s, s.main, hex(0x2d2d2d), hex(0xf1ede6), s.metal, hex(0xc4694a))
	base := front - 18
	bx := cx + c.between(40, 90)
	ex, ey := bx+c.between(10, 40), base-c.between(150, 180) // the elbow
	hx, hy := bx-c.between(110, 150), ey+c.between(10, 40)   // the head's hinge
	c.glow(hx, hy+80, 260, fade(warm, 0.55))
	c.ellipse(hx, base+4, 80, 10, fade(warm, 0.6))
	c.ellipse(bx, base+2, 48, 10, shade(col, 0.75))
	c.rrect(bx-44, base-10, bx+44, base+2, 6, col)
	c.line(bx, base-8, ex, ey, 8, col)
	c.line(ex, ey, hx, hy, 8, col)
	c.disc(ex, ey, 10, shade(col, 0.8))
	c.disc(bx, base-8, 9, shade(col, 0.8))
	// The head: a cone hanging from its hinge, lit inside.
	c.poly(col, hx-14, hy, hx+14, hy, hx+46, hy+62, hx-46, hy+62)
	c.dome(hx, hy+2, 16, 14, col)
	c.poly(fade(white, 0.25), hx-10, hy+6, hx-4, hy+6, hx-26, hy+58, hx-36, hy+58)
	c.ellipse(hx, hy+62, 46, 8, shade(warm, 1.2))
	c.onTopBooks(cx+c.between(100, 140), front-14)
}
