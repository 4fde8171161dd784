package demo

import (
	"image/color"
	"math"
)

// avatar draws a profile picture: a head and shoulders on a coloured disc.
func avatar(seed int) []byte {
	c := newCanvas(256, 256, seed+1000)
	bg := fabrics[c.pick(len(fabrics))]
	c.vgrad(0, 0, 256, 256, shade(bg, 1.5), shade(bg, 1.3))
	skin := []color.RGBA{hex(0xf1c8a4), hex(0xd9a47c), hex(0xa8714e), hex(0x7a4e32), hex(0xe8b894)}[c.pick(5)]
	hair := []color.RGBA{hex(0x2b2018), hex(0x5a3a22), hex(0xb8864a), hex(0x8a8580), hex(0x1a1a1a)}[c.pick(5)]
	shirt := fabrics[c.pick(len(fabrics))]
	c.ellipse(128, 262, 100, 80, shirt)
	c.rect(112, 150, 144, 190, shade(skin, 0.9))
	c.ellipse(128, 186, 22, 12, shade(skin, 0.9))
	if c.chance(0.5) { // long hair behind the head
		c.rrect(74, 70, 182, 176, 44, hair)
	}
	c.ellipse(80, 118, 9, 13, shade(skin, 0.92))
	c.ellipse(176, 118, 9, 13, shade(skin, 0.92))
	c.ellipse(128, 114, 48, 56, skin)
	c.fill(76, 50, 180, 110, hair, func(x, y float64) float64 { // hair with a side parting
		return max(ellipseDist(x, y, 128, 104, 52, 52), y-104+(x-100)*0.25)
	})
	c.disc(110, 120, 4.5, hex(0x2b2018))
	c.disc(146, 120, 4.5, hex(0x2b2018))
	c.fill(108, 136, 148, 156, shade(skin, 0.65), func(x, y float64) float64 { // a smile
		return max(math.Abs(ellipseDist(x, y, 128, 138, 16, 12))-1.8, 138-y)
	})
	return c.jpeg()
}
