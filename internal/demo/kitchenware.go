package demo

func (c *canvas) mixer(s style) {
	cx := 400.0
	col := s.main
	y := counter
	c.shadow(cx, y+4, 130, 8)
	c.rrectV(cx-110, y-26, cx+100, y, 12, shade(col, 1.05), shade(col, 0.85))
	c.rrectV(cx+25, y-215, cx+95, y-16, 28, shade(col, 1.05), shade(col, 0.88))
	// The bowl, steel.
	steel := hex(0xc9cfd4)
	c.poly(steel, cx-100, y-130, cx+40, y-130, cx+10, y-30, cx-70, y-30)
	c.ellipse(cx-30, y-130, 72, 10, shade(steel, 1.1))
	c.rect(cx-80, y-125, cx-66, y-40, fade(white, 0.35))
	c.line(cx-30, y-175, cx-30, y-110, 6, shade(steel, 0.8))
	c.rrectV(cx-130, y-250, cx+100, y-175, 36, shade(col, 1.12), shade(col, 0.9))
	c.rrect(cx-110, y-245, cx+60, y-236, 4, fade(white, 0.25))
	c.rect(cx-50, y-180, cx-10, y-170, shade(col, 0.75))
	c.disc(cx+75, y-200, 8, shade(col, 0.7))
	c.rect(cx+96, y-200, cx+118, y-192, hex(0xc9cfd4))
}

func (c *canvas) toaster(s style) {
	cx := 400.0
	col := c.either(s, s.main, hex(0xe9e6e1), hex(0xc9cfd4), hex(0x3a3a3c))
	y := counter
	w, h := c.between(200, 240), c.between(130, 150)
	c.shadow(cx, y+4, w/2+10, 8)
	if c.chance(0.7) { // toast popping up
		for _, dx := range []float64{-w / 4, w / 4} {
			c.rrect(cx+dx-40, y-h-34, cx+dx+40, y-h+10, 16, hex(0xd9a35a))
			c.rrect(cx+dx-34, y-h-28, cx+dx+34, y-h+10, 12, hex(0xf0d9a8))
		}
	}
	c.rrectV(cx-w/2, y-h, cx+w/2, y, 26, shade(col, 1.1), shade(col, 0.85))
	c.rrect(cx-w/2+16, y-h+10, cx+w/2-16, y-h+18, 4, fade(white, 0.3))
	c.rect(cx-w/2+10, y-26, cx+w/2-10, y-16, hex(0xc9cfd4))
	c.rrect(cx+w/2-6, y-h+40, cx+w/2+14, y-h+56, 4, hex(0x3a3a3c))
	c.knob(cx-w/2+40, y-50, 9, hex(0xc9cfd4))
}

func (c *canvas) kettle(s style) {
	cx := 400.0
	col := c.either(s, s.main, hex(0xe9e6e1), hex(0xc9cfd4), hex(0x3a3a3c), hex(0xc4694a))
	y := counter
	c.shadow(cx, y+4, 120, 8)
	c.ellipse(cx, y-6, 100, 12, hex(0x3a3a3c))
	c.ring(cx+90, y-120, 40, 60, 16, shade(col, 0.8))
	c.poly(shade(col, 0.9), cx-70, y-130, cx-100, y-175, cx-130, y-190, cx-120, y-175, cx-60, y-90)
	c.poly(col, cx-60, y-200, cx+60, y-200, cx+95, y-10, cx-95, y-10)
	c.rrectV(cx-95, y-80, cx+95, y-8, 20, col, shade(col, 0.85))
	c.poly(fade(white, 0.3), cx-50, y-190, cx-30, y-190, cx-55, y-30, cx-75, y-30)
	c.ellipse(cx, y-200, 62, 10, shade(col, 0.8))
	c.disc(cx, y-214, 12, hex(0x3a3a3c))
}

func (c *canvas) cookware(s style) {
	y := counter
	col := c.either(s, s.main, hex(0xc9cfd4), hex(0x3a3a3c), hex(0xb8734a))
	c.shadow(400, y+4, 250, 8)
	pot := func(cx, w, h float64, handles bool) {
		if handles {
			c.rrect(cx-w/2-26, y-h+14, cx+w/2+26, y-h+28, 6, shade(col, 0.7))
		}
		c.rrectV(cx-w/2, y-h, cx+w/2, y-4, 10, shade(col, 1.1), shade(col, 0.8))
		c.rect(cx-w/2+14, y-h+12, cx-w/2+24, y-14, fade(white, 0.3))
		c.ellipse(cx, y-h, w/2+6, 12, shade(col, 0.85))
		c.dome(cx, y-h, w/2, 26, shade(col, 1.05))
		c.disc(cx, y-h-30, 10, hex(0x3a3a3c))
	}
	pot(270, 170, 150, true)
	pot(485, 140, 110, true)
	c.line(570, y-60, 720, y-80, 14, hex(0x3a3a3c))
	c.rrectV(550, y-70, 600, y-4, 8, shade(col, 1.05), shade(col, 0.8))
}

// units are the kitchen itself: base units with a sink, wall cupboards.
func (c *canvas) units(s style) {
	body := c.either(s, hex(0xf4f2ec), hex(0x55706a), hex(0x2f4a6d), hex(0xd8cbb3), s.main)
	c.cupboards(body, s)
	c.rect(0, 0, picW, 168, shade(s.wall, 1.02)) // over the scene's shelf or window
	for x := 40.0; x < picW-40; x += 180 {
		c.rect(x, 30, x+176, 155, shade(body, 0.8))
		c.rrectV(x+4, 34, x+86, 151, 3, shade(body, 1.04), shade(body, 0.95))
		c.rrectV(x+90, 34, x+172, 151, 3, shade(body, 1.04), shade(body, 0.95))
		c.rect(x+78, 120, x+82, 145, s.metal)
		c.rect(x+94, 120, x+98, 145, s.metal)
	}
	c.rect(0, 155, picW, 162, fade(black, 0.12))
	sx := c.between(250, 420)
	steel := hex(0xb8bec4)
	c.rect(sx, counter-3, sx+200, counter+9, steel)
	c.rect(sx+10, counter-1, sx+190, counter+5, shade(steel, 0.6))
	c.line(sx+100, counter-2, sx+100, counter-80, 9, s.metal)
	c.line(sx+100, counter-80, sx+150, counter-80, 9, s.metal)
	c.line(sx+150, counter-80, sx+150, counter-60, 8, s.metal)
	c.rect(sx+80, counter-44, sx+96, counter-34, s.metal)
	c.pottedPlant(sx+270, counter, 0.3, s)
}
