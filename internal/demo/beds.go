package demo

import (
	"image/color"
)

// bed is a bed seen from its foot: headboard, pillows, a made-up duvet.
func (c *canvas) bed(s style, w float64) {
	cx := 400.0
	legH := c.between(12, 30)
	frameBot := ground - legH
	frameTop := frameBot - c.between(40, 60)
	front := frameTop - 30
	back := front - 78
	headTop := back - c.between(110, 160)
	// A bed in a named colour is upholstered in it; one in a named wood is
	// wooden.
	upholstered := s.mainSet || !s.woodSet && c.chance(0.5)
	head := s.wood
	if upholstered {
		head = s.main
	}
	frame := head
	c.shadow(cx, ground, w/2+14, 14)
	hw := w*0.88 + 20
	c.rrectV(cx-hw/2, headTop, cx+hw/2, back+40, c.between(6, 40), shade(head, 1.05), shade(head, 0.88))
	if upholstered {
		for x := cx - hw/2 + 40; x < cx+hw/2-20; x += 45 {
			c.rect(x, headTop+14, x+2, back, fade(black, 0.12))
		}
	} else {
		c.grain(cx-hw/2+8, headTop+8, cx+hw/2-8, back, head)
	}
	for _, x := range []float64{cx - w/2 + 14, cx + w/2 - 14} {
		c.leg(x, frameBot-4, ground, 0, shade(s.wood, 0.8), 1)
	}
	c.rrectV(cx-w/2, frameTop, cx+w/2, frameBot, 6, shade(frame, 0.95), shade(frame, 0.8))
	c.rect(cx-w/2+4, front, cx+w/2-4, frameTop+4, linen) // mattress
	duvet := []color.RGBA{linen, hex(0xe8eef2), shade(s.accent, 1.45), hex(0xefe4d2)}[c.pick(4)]
	pillows := 2
	if w < 360 {
		pillows = 1
	}
	pw := (w*0.86 - 30) / float64(pillows)
	for i := range pillows {
		px := cx - w*0.43 + 15 + float64(i)*pw
		c.rrectV(px+4, back-46, px+pw-4, back+14, 22, white, hex(0xe8e4dc))
	}
	if c.chance(0.7) {
		c.rrect(cx-50, back-28, cx+50, back+18, 14, s.accent)
	}
	c.poly(shade(duvet, 1.02), cx-w*0.43, back, cx+w*0.43, back, cx+w/2+6, front, cx-w/2-6, front)
	c.poly(shade(duvet, 1.1), cx-w*0.43, back, cx+w*0.43, back, cx+w*0.44, back+12, cx-w*0.44, back+12)
	c.rrectV(cx-w/2-6, front-2, cx+w/2+6, frameTop+26, 10, shade(duvet, 0.96), shade(duvet, 0.86))
	if c.chance(0.8) { // a throw across the foot
		t := shade(s.main, 1.05)
		if upholstered {
			t = s.accent
		}
		c.poly(t, cx-w*0.47, front-24, cx+w*0.47, front-24, cx+w/2+8, front-4, cx-w/2-8, front-4)
		c.rrect(cx-w/2-8, front-4, cx+w/2+8, frameTop+30, 8, shade(t, 0.88))
		for x := cx - w/2; x < cx+w/2; x += 9 {
			c.rect(x, frameTop+30, x+3, frameTop+38, shade(t, 0.8))
		}
	}
}
