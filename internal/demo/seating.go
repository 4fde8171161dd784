package demo

import (
	"math"
)

// sofa is a sofa with seats seats (an armchair with one).
func (c *canvas) sofa(s style, seats int) {
	cx := 400 + c.between(-15, 15)
	seatW := c.between(140, 165)
	if seats == 1 {
		seatW = c.between(170, 200)
	}
	armW := c.between(42, 68)
	w := float64(seats)*seatW + 2*armW
	x0, x1 := cx-w/2, cx+w/2
	legH := c.between(14, 34)
	base := ground - legH
	seatY := base - c.between(88, 105)
	backY := seatY - c.between(105, 145)
	armY := seatY - c.between(22, 50)
	round := c.between(8, 30)
	fab := s.main
	legStyle := c.pick(4)
	legCol := s.wood
	if legStyle == 2 {
		legCol = s.metal
	}
	c.shadow(cx, ground, w/2+14, 15)
	for _, x := range []float64{x0 + armW*0.6, x1 - armW*0.6} {
		splay := 6.0
		if x < cx {
			splay = -6
		}
		c.leg(x, base-4, ground, splay, legCol, legStyle)
	}
	c.rrect(x0+armW*0.4, backY, x1-armW*0.4, base, 18, shade(fab, 0.72))
	for i := range seats {
		bx := x0 + armW + float64(i)*seatW
		c.rrectV(bx+3, backY+10, bx+seatW-3, seatY+14, 20, shade(fab, 1.1), shade(fab, 0.9))
	}
	c.rrectV(x0+armW-8, seatY+30, x1-armW+8, base, 8, shade(fab, 0.92), shade(fab, 0.8))
	for i := range seats {
		bx := x0 + armW + float64(i)*seatW
		c.rrectV(bx+2, seatY, bx+seatW-2, seatY+44, 12, shade(fab, 1.14), shade(fab, 0.98))
		c.rect(bx+14, seatY+3, bx+seatW-14, seatY+6, fade(white, 0.2))
	}
	for _, ax := range []float64{x0, x1 - armW} {
		c.rrectV(ax, armY, ax+armW, base, round, shade(fab, 1.06), shade(fab, 0.84))
		c.rrect(ax+6, armY+4, ax+armW-6, armY+9, 4, fade(white, 0.15))
	}
	// Cushions leaning on the arms, tilted.
	for i, ax := range []float64{x0 + armW + 40, x1 - armW - 40} {
		if seats == 1 && i == 1 || !c.chance(0.75) {
			continue
		}
		tilt := 0.25
		if i == 1 {
			tilt = -0.25
		}
		size := c.between(38, 48)
		col := s.accent
		if c.chance(0.3) {
			col = linen
		}
		cy := seatY - size + 8
		sin, cos := math.Sincos(tilt)
		c.fill(ax-size*1.45, cy-size*1.45, ax+size*1.45, cy+size*1.45, col, func(x, y float64) float64 {
			dx, dy := x-ax, y-cy
			return boxDist(cos*dx+sin*dy, -sin*dx+cos*dy, -size, -size, size, size, 14)
		})
	}
}

// chair is a dining chair: with slats (style 0), a ladder back (1), a
// bentwood hoop (2) or upholstered (3).
func (c *canvas) chair(s style, style int) {
	cx := 400 + c.between(-20, 20)
	seatW := c.between(170, 200)
	seatY := ground - c.between(175, 195)
	depth := 30.0
	backTop := seatY - depth - c.between(150, 190)
	wood := s.wood
	upholstered := style == 3
	c.shadow(cx, ground, seatW/2+10, 12)
	posts := []float64{cx - seatW/2 + 22, cx + seatW/2 - 22}
	for _, x := range posts {
		c.rrect(x-8, backTop, x+8, ground-10, 4, shade(wood, 0.85))
	}
	railBot := seatY - depth
	switch style {
	case 0: // vertical slats under a top rail
		c.rrect(posts[0], backTop+4, posts[1], backTop+34, 6, wood)
		n := 3 + c.pick(3)
		for i := range n {
			x := posts[0] + (posts[1]-posts[0])*float64(i+1)/float64(n+1)
			c.rect(x-6, backTop+34, x+6, railBot, shade(wood, 0.95))
		}
	case 1: // ladder back
		for y := backTop + 8; y < railBot-20; y += 40 {
			c.rrect(posts[0], y, posts[1], y+20, 5, wood)
		}
	case 2: // a bentwood hoop
		c.ring(cx, backTop+70, (posts[1]-posts[0])/2, 70, 14, wood)
		c.rect(posts[0]+8, backTop+110, posts[1]-8, backTop+126, wood)
	default: // an upholstered back
		c.rrectV(posts[0]-6, backTop, posts[1]+6, railBot+6, 22, shade(s.main, 1.1), shade(s.main, 0.88))
	}
	seat := wood
	if upholstered {
		seat = s.main
	}
	c.poly(shade(seat, 1.08), cx-seatW/2+14, seatY-depth, cx+seatW/2-14, seatY-depth, cx+seatW/2, seatY, cx-seatW/2, seatY)
	c.rrectV(cx-seatW/2, seatY, cx+seatW/2, seatY+20, 4, shade(seat, 0.95), shade(seat, 0.78))
	for _, x := range []float64{cx - seatW/2 + 16, cx + seatW/2 - 16} {
		c.leg(x, seatY+20, ground, math.Copysign(8, x-cx), wood, 0)
	}
	if c.chance(0.5) {
		c.rect(cx-seatW/2+22, ground-62, cx+seatW/2-22, ground-54, shade(wood, 0.8))
	}
}

func (c *canvas) officeChair(s style) {
	cx := 400.0
	frame := hex(0x2d2d2d)
	if c.chance(0.3) {
		frame = hex(0xb8bec4)
	}
	fab := s.main
	c.shadow(cx, ground, 150, 14)
	hub := ground - 38
	for _, end := range [][2]float64{{-150, -16}, {150, -16}, {-75, 2}, {75, 2}} {
		c.line(cx, hub, cx+end[0], ground+end[1]-10, 12, frame)
	}
	for _, end := range [][2]float64{{-150, -16}, {150, -16}, {-75, 2}, {75, 2}} {
		c.disc(cx+end[0], ground+end[1], 12, hex(0x1f1f1f))
	}
	c.rect(cx-9, ground-205, cx+9, hub, shade(frame, 1.3))
	c.rect(cx-14, ground-120, cx+14, hub, frame)
	c.rect(cx-16, ground-262, cx+16, ground-200, frame) // the spine
	c.rrectV(cx-100, ground-430, cx+100, ground-250, 46, shade(fab, 1.05), shade(fab, 0.85))
	for y := ground - 410; y < ground-265; y += 12 {
		c.rect(cx-80, y, cx+80, y+1.5, fade(black, 0.12))
	}
	c.rrect(cx-70, ground-330, cx+70, ground-312, 9, fade(shade(fab, 0.7), 0.8))
	c.rrectV(cx-115, ground-225, cx+115, ground-188, 18, shade(fab, 1.1), shade(fab, 0.85))
	for _, sx := range []float64{-1, 1} {
		c.rect(cx+sx*118-5, ground-285, cx+sx*118+5, ground-210, frame)
		c.rrect(cx+sx*118-24, ground-292, cx+sx*118+24, ground-276, 7, frame)
	}
}

func (c *canvas) stool(s style) {
	cx := 400.0
	top := ground - c.between(260, 310)
	r := c.between(75, 95)
	wood := s.wood
	legCol := wood
	if c.chance(0.5) {
		legCol = s.metal
	}
	c.shadow(cx, ground, r+40, 12)
	for _, dx := range []float64{-0.45, 0.45} {
		c.line(cx+r*dx, top+10, cx+r*dx*1.4, ground-14, 10, shade(legCol, 0.7))
	}
	for _, dx := range []float64{-0.75, 0.75} {
		c.line(cx+r*dx, top+14, cx+r*dx*1.8, ground, 12, legCol)
	}
	c.rect(cx-r*1.2, ground-100, cx+r*1.2, ground-92, shade(legCol, 0.85))
	seat := wood
	if c.chance(0.5) {
		seat = s.main
	}
	c.ellipse(cx, top+14, r, 22, shade(seat, 0.75))
	c.ellipse(cx, top, r, 22, shade(seat, 1.08))
	c.ellipse(cx-r*0.25, top-5, r*0.4, 7, fade(white, 0.15))
}
