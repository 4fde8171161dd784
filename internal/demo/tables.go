package demo

import (
	"image/color"
	"math"
)

// tableTop draws a top seen slightly from above: its surface from back to
// front, then its front edge.
func (c *canvas) tableTop(cx, w, front, depth, thick float64, wood color.RGBA) {
	c.poly(shade(wood, 1.08), cx-w/2+depth*0.8, front-depth, cx+w/2-depth*0.8, front-depth, cx+w/2, front, cx-w/2, front)
	c.grainPoly(cx, w, front, depth, wood)
	c.rrectV(cx-w/2, front, cx+w/2, front+thick, 2, shade(wood, 0.92), shade(wood, 0.78))
}

// grainPoly draws grain along a top surface.
func (c *canvas) grainPoly(cx, w, front, depth float64, wood color.RGBA) {
	line := fade(shade(wood, 0.8), 0.3)
	for y := front - depth + 4; y < front-2; y += c.between(4, 8) {
		t := (y - (front - depth)) / depth
		half := w/2 - depth*0.8*(1-t)
		a, b := cx-half+c.between(4, half*0.6), cx+half-c.between(4, half*0.6)
		c.rect(a, y, b, y+1.1, line)
	}
}

func (c *canvas) table(s style) {
	cx := 400.0
	w := c.between(400, 520)
	front := ground - c.between(190, 212)
	depth := c.between(30, 44)
	legStyle := c.pick(3)
	c.shadow(cx, ground, w/2, 14)
	legCol := s.wood
	if legStyle == 2 {
		legCol = s.metal
	}
	for _, x := range []float64{cx - w/2 + 50, cx + w/2 - 50} {
		c.leg(x, front, ground-16, 0, shade(legCol, 0.7), legStyle)
	}
	c.tableTop(cx, w, front, depth, 16, s.wood)
	c.rect(cx-w/2+20, front+16, cx+w/2-20, front+36, shade(s.wood, 0.7))
	for _, x := range []float64{cx - w/2 + 24, cx + w/2 - 24} {
		splay := 0.0
		if legStyle == 0 {
			splay = math.Copysign(12, x-cx)
		}
		c.leg(x, front+16, ground, splay, legCol, legStyle)
	}
	c.onTop(cx+c.between(-60, 60), front-depth/2, s)
}

func (c *canvas) coffeeTable(s style) {
	cx := 400.0
	w := c.between(360, 440)
	front := ground - c.between(95, 115)
	depth := c.between(40, 55)
	c.rug(s)
	c.shadow(cx, ground, w/2, 12)
	legStyle := []int{0, 1, 3}[c.pick(3)]
	if c.chance(0.5) { // a shelf below with magazines
		c.rect(cx-w/2+20, ground-34, cx+w/2-20, ground-24, shade(s.wood, 0.8))
		for i := range 3 {
			c.rect(cx-w/2+50+float64(i)*12, ground-40-float64(i)*5, cx-w/2+140+float64(i)*12, ground-34-float64(i)*5, fabrics[c.pick(len(fabrics))])
		}
	}
	c.tableTop(cx, w, front, depth, 18, s.wood)
	for _, x := range []float64{cx - w/2 + 22, cx + w/2 - 22} {
		c.leg(x, front+18, ground, math.Copysign(8, x-cx), shade(s.wood, 0.9), legStyle)
	}
	c.onTop(cx+c.between(-80, 80), front-depth/2, s)
}

func (c *canvas) roundTable(s style) {
	cx := 400.0
	r := c.between(150, 200)
	top := ground - c.between(195, 215)
	wood := s.wood
	c.shadow(cx, ground, r*0.8, 14)
	c.rect(cx-14, top, cx+14, ground-20, shade(wood, 0.8))
	c.rect(cx-10, top, cx-4, ground-20, fade(white, 0.15))
	c.ellipse(cx, ground-10, r*0.5, 12, shade(wood, 0.7))
	c.ellipse(cx, top+10, r, 28, shade(wood, 0.75))
	c.ellipse(cx, top, r, 28, shade(wood, 1.08))
	c.ellipse(cx-r*0.2, top-6, r*0.5, 8, fade(white, 0.12))
	c.onTop(cx+c.between(-40, 40), top, s)
}

func (c *canvas) desk(s style) {
	cx := 400.0
	w := c.between(420, 500)
	front := ground - c.between(195, 210)
	depth := 36.0
	c.shadow(cx, ground, w/2, 12)
	c.tableTop(cx, w, front, depth, 14, s.wood)
	// Drawers on the right, legs on the left.
	dx0 := cx + w/2 - 150
	body := shade(s.wood, 0.9)
	if c.chance(0.5) {
		body = hex(0xf1ede6)
	}
	c.rect(dx0, front+14, cx+w/2-10, ground-4, body)
	for i := range 3 {
		y := front + 20 + float64(i)*((ground-front-28)/3)
		c.rrect(dx0+6, y, cx+w/2-16, y+(ground-front-28)/3-6, 3, shade(body, 1.04))
		c.knob(dx0+70, y+(ground-front-28)/6-3, 6, s.metal)
	}
	c.leg(cx-w/2+20, front+14, ground, -6, shade(s.wood, 0.85), 1)
	// A laptop and a pen pot.
	lx := cx - 60
	y := front - depth/2
	c.poly(hex(0x3a3d42), lx-70, y-100, lx+70, y-100, lx+76, y-4, lx-76, y-4)
	c.poly(hex(0x5d7fa8), lx-62, y-93, lx+62, y-93, lx+68, y-10, lx-68, y-10)
	c.poly(fade(white, 0.15), lx-62, y-93, lx-20, y-93, lx-50, y-10, lx-68, y-10)
	c.rect(lx-90, y-4, lx+90, y+4, hex(0xb8bec4))
	pot := ceramic[c.pick(len(ceramic))]
	for i := range 3 {
		c.line(cx+90+float64(i)*6, y-20, cx+84+float64(i)*10, y-58, 3, fabrics[c.pick(len(fabrics))])
	}
	c.rrect(cx+80, y-36, cx+112, y, 4, pot)
}
