package demo

import (
	"image/color"
)

func (c *canvas) bunk(s style) {
	cx := 400.0
	w := c.between(400, 440)
	x0, x1 := cx-w/2, cx+w/2
	wood := c.painted(s)
	top := ground - 400
	c.shadow(cx, ground, w/2+10, 12)
	deck := func(y float64, duvet color.RGBA) {
		c.rect(x0+20, y-34, x1-20, y, linen)
		c.rrect(x0+28, y-56, x0+110, y-26, 14, white)
		c.rrectV(x0+95, y-44, x1-20, y+6, 10, shade(duvet, 1.05), shade(duvet, 0.88))
		c.rect(x0, y, x1, y+34, shade(wood, 0.9))
	}
	deck(ground-70, s.main)
	deck(top+170, s.accent)
	c.rect(x0+20, top+60, x1-140, top+76, wood)
	c.rect(x0+20, top+105, x1-140, top+121, wood)
	for _, x := range []float64{x0, x1 - 22} {
		c.rrect(x, top, x+22, ground, 4, shade(wood, 0.95))
		c.disc(x+11, top, 13, shade(wood, 0.95))
	}
	lx := x1 - 120
	for _, x := range []float64{lx, lx + 70} {
		c.rect(x, top+40, x+12, ground, wood)
	}
	for y := top + 80; y < ground-20; y += 55 {
		c.rect(lx, y, lx+82, y+12, shade(wood, 0.92))
	}
}

func (c *canvas) crib(s style) {
	cx := 400.0
	w := c.between(380, 420)
	x0, x1 := cx-w/2, cx+w/2
	wood := c.painted(s)
	top := ground - 290
	bottom := ground - 80
	c.shadow(cx, ground, w/2+10, 12)
	c.rect(x0, top+20, x1, bottom, shade(wood, 0.75))
	// A teddy and a blanket behind the bars.
	c.rect(x0+20, bottom-70, x1-20, bottom, linen)
	c.rrect(x0+150, bottom-100, x1-20, bottom, 16, shade(s.accent, 1.3))
	bear := hex(0xb98552)
	c.disc(x0+90, bottom-110, 20, bear)
	c.disc(x0+130, bottom-110, 20, bear)
	c.disc(x0+110, bottom-80, 42, bear)
	c.disc(x0+110, bottom-70, 16, hex(0xe0c08a))
	c.disc(x0+96, bottom-92, 4, hex(0x2b2018))
	c.disc(x0+124, bottom-92, 4, hex(0x2b2018))
	for x := x0 + 40; x < x1-30; x += 32 {
		c.rrect(x, top+24, x+12, bottom, 6, wood)
	}
	c.rrect(x0, top+10, x1, top+30, 6, wood)
	c.rect(x0, bottom, x1, bottom+24, wood)
	for _, x := range []float64{x0, x1 - 24} {
		c.rrect(x, top-10, x+24, ground, 5, shade(wood, 0.95))
	}
	if c.chance(0.6) { // a mobile above
		c.line(cx, 0, cx, 90, 2, hex(0x9aa0a6))
		c.line(cx-90, 90, cx+90, 90, 3, hex(0x9aa0a6))
		for i, x := range []float64{cx - 90, cx, cx + 90} {
			c.line(x, 90, x, 120, 2, hex(0x9aa0a6))
			c.disc(x, 136, 16, []color.RGBA{s.accent, hex(0xf5d76e), s.main}[i])
		}
	}
}

func (c *canvas) highchair(s style) {
	cx := 400.0
	wood := c.painted(s)
	seatY := ground - 260
	c.shadow(cx, ground, 130, 12)
	for _, dx := range []float64{-1, 1} {
		c.line(cx+dx*60, seatY, cx+dx*120, ground-4, 14, shade(wood, 0.85))
	}
	c.rect(cx-100, ground-110, cx+100, ground-100, shade(wood, 0.85))
	c.rrect(cx-70, seatY-170, cx+70, seatY, 22, wood)
	c.rrect(cx-55, seatY-150, cx+55, seatY-20, 16, s.main)
	c.rrect(cx-80, seatY-10, cx+80, seatY+14, 6, shade(wood, 0.9))
	c.rrect(cx-110, seatY-70, cx+110, seatY-50, 8, shade(wood, 1.05)) // the tray
	c.rect(cx-90, seatY-50, cx+90, seatY-44, fade(black, 0.15))
	c.rect(cx-60, seatY+70, cx+60, seatY+82, shade(wood, 0.9))
	c.disc(cx+50, seatY-82, 14, hex(0xe0a526)) // a cup
}

func (c *canvas) toybox(s style) {
	cx := 380.0
	w, h := c.between(280, 330), c.between(170, 200)
	x0, x1 := cx-w/2, cx+w/2
	top := ground - h
	body := c.painted(s)
	if c.chance(0.5) {
		body = shade(s.main, 1.2)
	}
	c.shadow(cx+40, ground, w/2+80, 12)
	c.rrectV(x0, top, x1, ground, 6, shade(body, 1.02), shade(body, 0.9))
	c.rrect(x0-8, top-12, x1+8, top+14, 8, shade(body, 0.85))
	c.rrect(x0+24, top+36, x1-24, ground-18, 10, shade(body, 1.08))
	heart := s.accent
	hx, hy := cx, top+h*0.5+6
	c.disc(hx-17, hy-10, 20, heart)
	c.disc(hx+17, hy-10, 20, heart)
	c.poly(heart, hx-35, hy-4, hx+35, hy-4, hx, hy+36)
	// A teddy sitting beside it.
	bear := []color.RGBA{hex(0xb98552), hex(0xd8b27a), hex(0x8a6a4f)}[c.pick(3)]
	bx, by := x1+95, ground
	c.ellipse(bx-34, by-14, 24, 16, shade(bear, 0.9))
	c.ellipse(bx+34, by-14, 24, 16, shade(bear, 0.9))
	c.ellipse(bx, by-62, 50, 56, bear)
	c.ellipse(bx, by-52, 28, 34, shade(bear, 1.25))
	c.ellipse(bx-48, by-80, 16, 30, shade(bear, 0.92))
	c.ellipse(bx+48, by-80, 16, 30, shade(bear, 0.92))
	c.disc(bx-30, by-170, 16, bear)
	c.disc(bx+30, by-170, 16, bear)
	c.disc(bx-30, by-170, 8, shade(bear, 1.25))
	c.disc(bx+30, by-170, 8, shade(bear, 1.25))
	c.disc(bx, by-140, 42, bear)
	c.ellipse(bx, by-126, 17, 13, shade(bear, 1.3))
	c.disc(bx, by-131, 5, hex(0x2b2018))
	c.disc(bx-15, by-148, 4, hex(0x2b2018))
	c.disc(bx+15, by-148, 4, hex(0x2b2018))
	c.poly(s.main, bx-24, by-108, bx, by-100, bx-24, by-90)
	c.poly(s.main, bx+24, by-108, bx, by-100, bx+24, by-90)
	// Blocks on the floor.
	for i, x := range []float64{x0 - 90, x0 - 44, x0 - 68} {
		y := ground + 22
		if i == 2 {
			y -= 42
		}
		col := []color.RGBA{hex(0xe0a526), hex(0x2f7dc4), hex(0xc8452f)}[(i+c.pick(3))%3]
		c.rrect(x, y-40, x+40, y, 4, col)
		c.disc(x+20, y-20, 9, fade(white, 0.7))
	}
}
