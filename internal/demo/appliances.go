package demo

import (
	"image/color"
)

// fridge is a fridge-freezer; a retro one is rounded and pastel.
func (c *canvas) fridge(s style, retro bool) {
	cx := 400.0
	col := c.either(s, hex(0xf3f3f1), hex(0xc5cacf), hex(0x3a3a3c))
	if retro {
		col = c.either(s, hex(0xa8d5c2), hex(0xefe3c4), hex(0xc9483f), hex(0xd79a9a))
	}
	w := c.between(220, 260)
	h := c.between(380, 420)
	top := ground - 8 - h
	x0, x1 := cx-w/2, cx+w/2
	c.shadow(cx, ground, w/2+10, 12)
	c.rect(x0+14, ground-10, x0+34, ground, hex(0x2d2d2d))
	c.rect(x1-34, ground-10, x1-14, ground, hex(0x2d2d2d))
	r := 10.0
	if retro {
		r = 40
	}
	c.rrectV(x0, top, x1, ground-8, r, shade(col, 1.04), shade(col, 0.9))
	split := top + h*c.between(0.28, 0.34)
	if c.chance(0.5) {
		split = top + h*c.between(0.6, 0.66)
	}
	c.rect(x0+2, split-2, x1-2, split+2, shade(col, 0.7))
	c.rect(x0+18, top+r, x0+30, ground-20, fade(white, 0.25))
	handle := hex(0xb8bec4)
	if col == hex(0xc5cacf) {
		handle = hex(0x8a9096)
	}
	c.rrect(x1-30, split-60, x1-20, split-14, 5, handle)
	c.rrect(x1-30, split+14, x1-20, split+90, 5, handle)
	if c.chance(0.5) { // notes and magnets
		for i := range 3 {
			x, y := x0+60+float64(i)*45, split+40+c.between(0, 60)
			c.rect(x, y, x+34, y+40, []color.RGBA{hex(0xfff3a8), white, hex(0xd6ecf5)}[i])
			c.disc(x+17, y+2, 5, fabrics[c.pick(len(fabrics))])
		}
	}
}

func (c *canvas) washer(s style) {
	cx := 400.0
	col := c.either(s, hex(0xf3f3f1), hex(0xe6e8ea), hex(0xc5cacf), hex(0x3a3a3c))
	w, h := c.between(250, 275), c.between(290, 310)
	top := ground - 6 - h
	x0, x1 := cx-w/2, cx+w/2
	c.shadow(cx, ground, w/2+10, 12)
	c.rrectV(x0, top, x1, ground-6, 10, shade(col, 1.04), shade(col, 0.9))
	c.rect(x0+6, top+60, x1-6, top+63, shade(col, 0.8))
	c.rrect(x0+16, top+16, x0+90, top+46, 4, shade(col, 0.9))
	c.rrect(x0+120, top+20, x0+175, top+42, 4, hex(0x263238))
	c.rect(x0+128, top+27, x0+150, top+35, hex(0x7fd6a6))
	c.knob(x1-40, top+31, 15, hex(0xb8bec4))
	dy := top + 60 + (h-60)/2
	c.disc(cx, dy, 96, shade(col, 0.85))
	c.disc(cx, dy, 86, hex(0xb8bec4))
	c.disc(cx, dy, 70, hex(0x2f4157))
	if c.chance(0.6) { // laundry inside
		for i := range 4 {
			c.disc(cx-30+float64(i)*20, dy+25+float64(i%2)*10, 28, shade(fabrics[c.pick(len(fabrics))], 0.7))
		}
	}
	c.leaf(cx-28, dy-28, 36, 12, -0.8, fade(white, 0.3))
	c.rrect(cx+70, dy-14, cx+92, dy+14, 4, shade(col, 0.7))
}

func (c *canvas) microwave(s style) {
	cx := 400.0
	col := c.either(s, hex(0xf3f3f1), hex(0xc5cacf), hex(0x3a3a3c), s.main)
	w, h := c.between(290, 330), c.between(165, 185)
	y := counter
	x0, x1 := cx-w/2, cx+w/2
	c.shadow(cx, y+4, w/2+10, 8)
	c.rrectV(x0, y-h-6, x1, y-6, 10, shade(col, 1.06), shade(col, 0.88))
	c.rect(x0+14, y-6, x0+30, y, hex(0x2d2d2d))
	c.rect(x1-30, y-6, x1-14, y, hex(0x2d2d2d))
	c.rrect(x0+16, y-h+10, x1-90, y-20, 6, hex(0x23303b))
	c.poly(fade(white, 0.12), x0+40, y-h+10, x0+90, y-h+10, x0+50, y-20, x0+16, y-20, x0+16, y-h+40)
	c.rrect(x1-80, y-h+16, x1-16, y-h+40, 4, hex(0x263238))
	c.rect(x1-70, y-h+23, x1-40, y-h+33, hex(0x7fd6a6))
	for r := range 3 {
		for k := range 3 {
			c.rrect(x1-78+float64(k)*21, y-h+56+float64(r)*22, x1-62+float64(k)*21, y-h+70+float64(r)*22, 3, shade(col, 0.8))
		}
	}
	c.rrect(x1-78, y-46, x1-18, y-28, 5, shade(col, 0.75))
}

func (c *canvas) cooker(s style) {
	cx := 400.0
	col := c.either(s, hex(0xf3f3f1), hex(0xc5cacf), hex(0x3a3a3c), hex(0xefe3c4), s.main)
	w, h := c.between(260, 300), c.between(340, 360)
	top := ground - 6 - h
	x0, x1 := cx-w/2, cx+w/2
	c.shadow(cx, ground, w/2+10, 12)
	if c.chance(0.6) { // a pan on the hob
		c.line(cx+20, top-24, cx+130, top-40, 10, hex(0x2d2d2d))
		c.rrect(cx-80, top-40, cx+30, top-4, 8, hex(0x3a3a3c))
	}
	c.rect(x0+6, top-6, x1-6, top+6, hex(0x2d2d2d))
	c.rrectV(x0, top, x1, ground-6, 8, shade(col, 1.04), shade(col, 0.9))
	c.rect(x0, top+4, x1, top+52, shade(col, 0.92))
	for i := range 4 {
		c.knob(x0+40+float64(i)*(w-80)/3, top+28, 11, shade(col, 0.6))
	}
	dy := top + 70
	c.rrect(x0+20, dy, x1-20, dy+10, 5, hex(0xb8bec4))
	c.rrect(x0+40, dy+34, x1-40, dy+170, 8, hex(0x1f262c))
	c.rrect(x0+52, dy+44, x1-52, dy+160, 6, hex(0x3b2a22))
	c.glow(cx, dy+110, 120, fade(hex(0xffa040), 0.4))
	c.rect(x0+52, dy+130, x1-52, dy+134, hex(0x8a9096))
	c.poly(fade(white, 0.12), x0+60, dy+44, x0+100, dy+44, x0+70, dy+160, x0+52, dy+160)
	c.rect(x0+10, ground-60, x1-10, ground-56, shade(col, 0.8))
}
