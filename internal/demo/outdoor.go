package demo

func (c *canvas) bench(s style) {
	cx := 400.0
	w := c.between(440, 520)
	seatY := ground - 150
	wood := s.wood
	if luma(wood) > 0.85 || luma(wood) < 0.25 {
		wood = hex(0xb98552)
	}
	iron := c.chance(0.5)
	frame := shade(wood, 0.7)
	if iron {
		frame = hex(0x2d2d2d)
	}
	c.shadow(cx, ground, w/2+10, 12)
	for _, x := range []float64{cx - w/2 + 30, cx + w/2 - 30} {
		c.rect(x-10, seatY-170, x+10, ground, frame)
	}
	for i := range 3 {
		y := seatY - 160 + float64(i)*40
		c.rrectV(cx-w/2+10, y, cx+w/2-10, y+28, 4, shade(wood, 1.05), shade(wood, 0.9))
		c.grain(cx-w/2+14, y+4, cx+w/2-14, y+24, wood)
	}
	c.poly(shade(wood, 1.1), cx-w/2+20, seatY-26, cx+w/2-20, seatY-26, cx+w/2, seatY, cx-w/2, seatY)
	for i := 1; i < 4; i++ {
		y := seatY - 26 + float64(i)*6.5
		c.rect(cx-w/2+10, y, cx+w/2-10, y+1.5, fade(black, 0.2))
	}
	c.rrectV(cx-w/2, seatY, cx+w/2, seatY+16, 3, shade(wood, 0.95), shade(wood, 0.8))
	for _, x := range []float64{cx - w/2 + 24, cx + w/2 - 24} {
		c.rect(x-10, seatY+16, x+10, ground, frame)
		c.rrect(x-14, seatY-80, x+14, seatY-66, 6, frame)
		c.rect(x-6, seatY-70, x+6, seatY, frame)
	}
}

func (c *canvas) parasol(s style) {
	cx := 400.0
	col := s.main
	c.shadow(cx, ground, 230, 18)
	// A small table under it.
	c.line(cx, 90, cx, ground-10, 8, hex(0xe9e6e1))
	c.ellipse(cx, ground-160, 110, 18, hex(0x2d2d2d))
	for _, dx := range []float64{-70, 70} {
		c.line(cx+dx*0.6, ground-155, cx+dx, ground, 6, hex(0x2d2d2d))
	}
	c.ellipse(cx, ground-166, 110, 18, hex(0xe9e6e1))
	c.rect(cx-30, ground-8, cx+30, ground, hex(0x4a4e54))
	apex, edge, half := 70.0, 230.0, c.between(240, 290)
	panels := 6
	for i := range panels {
		a := cx - half + float64(i)*2*half/float64(panels)
		b := a + 2*half/float64(panels)
		p := col
		if i%2 == 1 && c.chance(0.8) {
			p = linen
		}
		c.poly(p, cx, apex, b, edge, a, edge)
		c.bowl((a+b)/2, edge-1, (b-a)/2, 14, p)
	}
	c.poly(fade(black, 0.08), cx, apex, cx+half, edge, cx+half*0.6, edge)
	c.disc(cx, apex, 8, shade(col, 0.7))
}

func (c *canvas) bbq(s style) {
	cx := 400.0
	col := c.either(s, hex(0x2d2d2d), hex(0xb03a2e), hex(0x2f4a6d), hex(0x3f6b4e))
	r := c.between(105, 120)
	mid := ground - 230
	c.shadow(cx, ground, 130, 12)
	for _, dx := range []float64{-1, 1} {
		c.line(cx+dx*r*0.5, mid+r*0.6, cx+dx*r*0.9, ground-10, 9, hex(0xb8bec4))
	}
	c.line(cx, mid+r*0.7, cx, ground-40, 9, hex(0x9aa0a6))
	c.rect(cx-r*0.75, ground-70, cx+r*0.75, ground-64, hex(0x9aa0a6))
	c.disc(cx+r*0.9, ground-18, 18, hex(0x2d2d2d))
	c.disc(cx+r*0.9, ground-18, 6, hex(0x9aa0a6))
	c.bowl(cx, mid, r, r*0.8, col)
	c.dome(cx, mid-6, r, r*0.75, shade(col, 1.12))
	c.rect(cx-r, mid-8, cx+r, mid, hex(0xb8bec4))
	c.rrect(cx-40, mid-r*0.75-22, cx+40, mid-r*0.75-10, 6, hex(0x2d2d2d))
	c.rect(cx-30, mid-r*0.75-14, cx-24, mid-r*0.75, hex(0x2d2d2d))
	c.rect(cx+24, mid-r*0.75-14, cx+30, mid-r*0.75, hex(0x2d2d2d))
	c.leaf(cx-r*0.45, mid-r*0.4, r*0.3, 9, -0.7, fade(white, 0.25))
	c.disc(cx+r*0.4, mid-r*0.5, 10, hex(0xb8bec4))
}

// bistro is a folding table with two chairs.
func (c *canvas) bistro(s style) {
	col := c.either(s, s.main, hex(0x2d2d2d), hex(0x3f6b4e), hex(0xe9e6e1))
	c.shadow(400, ground, 260, 14)
	chair := func(cx float64) {
		seatY := ground - 150
		c.line(cx-40, seatY-130, cx-40, ground, 7, col)
		c.line(cx+40, seatY-130, cx+40, ground, 7, col)
		for y := seatY - 128; y < seatY-50; y += 22 {
			c.rect(cx-40, y, cx+40, y+12, col)
		}
		c.rrect(cx-52, seatY-8, cx+52, seatY+8, 4, shade(col, 0.85))
		c.line(cx-46, seatY+8, cx-58, ground, 7, col)
		c.line(cx+46, seatY+8, cx+58, ground, 7, col)
	}
	chair(200)
	chair(600)
	top := ground - 190
	c.line(400, top, 340, ground, 8, col)
	c.line(400, top, 460, ground, 8, col)
	c.ellipse(400, top+8, 120, 20, shade(col, 0.75))
	c.ellipse(400, top, 120, 20, shade(col, 1.08))
	c.onTop(400, top, s)
}
