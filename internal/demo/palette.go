package demo

import (
	"image/color"
	"math"
)

// #nosec G115 -- the bytes of a 0xRRGGBB colour
func hex(v uint32) color.RGBA { return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255} }

// mix goes from a (t=0) to b (t=1).
func mix(a, b color.RGBA, t float64) color.RGBA {
	t = min(1, max(0, t))
	m := func(u, v uint8) uint8 { return uint8(float64(u) + (float64(v)-float64(u))*t + 0.5) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), m(a.A, b.A)}
}

// shade darkens a colour (f < 1) or lightens it towards white (f > 1, where
// 2 is white).
func shade(c color.RGBA, f float64) color.RGBA {
	if f > 1 {
		out := mix(c, color.RGBA{255, 255, 255, 255}, f-1)
		out.A = c.A
		return out
	}
	out := mix(color.RGBA{0, 0, 0, 255}, c, f)
	out.A = c.A
	return out
}

// fade makes a colour see-through.
func fade(c color.RGBA, opacity float64) color.RGBA {
	c.A = uint8(opacity*255 + 0.5)
	return c
}

func luma(c color.RGBA) float64 {
	return (0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)) / 255
}

var (
	fabrics = []color.RGBA{
		hex(0x8fa68e), hex(0xd4a03a), hex(0xc4694a), hex(0x2f4a6d), hex(0xd79a9a), hex(0x2e7d7a),
		hex(0x4a4e54), hex(0xcfc3ae), hex(0x3f6b4e), hex(0xa9542e), hex(0x6a86a8), hex(0x7a4a68),
		hex(0x8a8b4a), hex(0xe3d5bb), hex(0xc98a2b), hex(0x9aa0a6), hex(0x5c6e91), hex(0xb85c6e),
	}
	woods = []color.RGBA{
		hex(0xc89b63), hex(0xd8b27a), hex(0x7a5236), hex(0x9c6b3f), hex(0xe0c08a), hex(0x5e4130),
		hex(0xf1ede6), hex(0x34302d), hex(0xb98552),
	}
	metals = []color.RGBA{hex(0xc9a24b), hex(0x2d2d2d), hex(0xb8bec4), hex(0xb8734a)}
	walls  = []color.RGBA{
		hex(0xefe7db), hex(0xe0e8df), hex(0xdde5ee), hex(0xf2e0d6), hex(0xebe1cb), hex(0xe6e1ec),
		hex(0xd9e6e2), hex(0xf4efe6), hex(0xc9d6cf), hex(0xbfcad8), hex(0xdcc6b4), hex(0xd6d2c4),
		hex(0xa7b6c4), hex(0xb3c0aa), hex(0xc9ab94),
	}
	floors = []color.RGBA{
		hex(0xc7a27a), hex(0xd2a86e), hex(0x8c6446), hex(0xb7afa4), hex(0xe0cdb0), hex(0xa98a6a),
	}
)

// Colours a listing may ask for by name: its fabric or paint, its wood and
// its metal (legs, handles, lamp stands).
var (
	colourNames = map[string]color.RGBA{
		"sage": hex(0x8fa68e), "mustard": hex(0xd4a03a), "terracotta": hex(0xc4694a), "navy": hex(0x2f4a6d),
		"pink": hex(0xd79a9a), "teal": hex(0x2e7d7a), "charcoal": hex(0x4a4e54), "oatmeal": hex(0xcfc3ae),
		"green": hex(0x3f6b4e), "rust": hex(0xa9542e), "blue": hex(0x6a86a8), "plum": hex(0x7a4a68),
		"cream": hex(0xefe3c4), "grey": hex(0x9aa0a6), "tan": hex(0xb07a4a), "white": hex(0xf3f3f1),
		"steel": hex(0xc5cacf), "mint": hex(0xa8d5c2), "red": hex(0xc9483f), "black": hex(0x3a3a3c),
	}
	woodNames = map[string]color.RGBA{
		"oak": hex(0xc89b63), "lightoak": hex(0xd8b27a), "walnut": hex(0x7a5236), "teak": hex(0x9c6b3f),
		"pine": hex(0xe0c08a), "darkwood": hex(0x5e4130), "painted": hex(0xf1ede6), "ebony": hex(0x34302d),
		"beech": hex(0xd9b48a), "greypaint": hex(0xb9bcb8), "sagepaint": hex(0x9fb3a0),
	}
	metalNames = map[string]color.RGBA{
		"brass": hex(0xc9a24b), "blackmetal": hex(0x2d2d2d), "chrome": hex(0xb8bec4), "copper": hex(0xb8734a),
	}
)

// style is a picture's colour scheme. A listing may set its main colour
// and its wood; the rest is the seed's choice.
type style struct {
	main, accent, wood, metal, wall color.RGBA
	mainSet, woodSet                bool
}

// either is the listing's own colour if it names one, or one of list.
func (c *canvas) either(s style, list ...color.RGBA) color.RGBA {
	if s.mainSet {
		return s.main
	}
	return list[c.pick(len(list))]
}

func (c *canvas) style(main, wood, metal *color.RGBA) style {
	s := style{
		main:  fabrics[c.pick(len(fabrics))],
		wood:  woods[c.pick(len(woods))],
		metal: metals[c.pick(len(metals))],
	}
	if main != nil {
		s.main, s.mainSet = *main, true
	}
	if wood != nil {
		s.wood, s.woodSet = *wood, true
	}
	if metal != nil {
		s.metal = *metal
	}
	for {
		s.accent = fabrics[c.pick(len(fabrics))]
		if s.accent != s.main {
			break
		}
	}
	// The piece must stand out from the wall.
	for range 20 {
		s.wall = walls[c.pick(len(walls))]
		if math.Abs(luma(s.wall)-luma(s.main)) > 0.16 && math.Abs(luma(s.wall)-luma(s.wood)) > 0.12 {
			break
		}
	}
	return s
}
