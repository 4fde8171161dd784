package demo

import (
	"image/color"
	"math"
)

// room is a wall with a skirting board, a wooden floor and, by chance, a
// window, a framed print, a rug or (if plant) a plant.
func (c *canvas) room(s style, space wall, plant bool) {
	c.vgrad(0, 0, picW, int(horizon), shade(s.wall, 1.08), shade(s.wall, 0.94))
	switch c.pick(4) {
	case 0: // wainscoting below a rail
		panel := shade(s.wall, 0.93)
		c.rect(0, 250, picW, horizon, panel)
		c.rect(0, 246, picW, 254, shade(s.wall, 1.1))
		for x := 30.0; x < picW; x += 150 {
			c.rrect(x, 275, x+120, horizon-22, 3, shade(panel, 0.97))
			c.rrect(x+4, 279, x+116, horizon-26, 2, panel)
		}
	case 1: // faint stripes
		for x := 0.0; x < picW; x += 56 {
			c.rect(x, 0, x+28, horizon, fade(shade(s.wall, 0.9), 0.25))
		}
	}
	floor := floors[c.pick(len(floors))]
	c.vgrad(0, int(horizon), picW, picH, shade(floor, 0.86), shade(floor, 1.06))
	// Boards: rows widen towards the viewer, seams staggered.
	gap := fade(shade(floor, 0.7), 0.45)
	for y, h := horizon, 12.0; y < picH; y, h = y+h, h*1.18 {
		c.rect(0, y, picW, y+1.3, gap)
		for x := c.between(-200, 0); x < picW; x += c.between(180, 320) {
			c.rect(x, y, x+1.3, y+h, gap)
		}
	}
	c.rect(0, horizon-16, picW, horizon, hex(0xf7f5f0))
	c.rect(0, horizon-1, picW, horizon+3, fade(hex(0x000000), 0.12))

	side := c.pick(2) // where the window and plant go: 0 left, 1 right
	if c.chance(0.55) {
		w, h := c.between(130, 160), c.between(190, 240)
		x := 40.0
		if side == 1 {
			x = picW - 40 - w
		}
		c.window(x, c.between(50, 80), w, h)
		if c.chance(0.5) {
			c.curtains(x, w, s)
		}
	}
	switch {
	case space == above && c.chance(0.7):
		c.print(c.between(340, 460), c.between(40, 60), s)
	case space != none && c.chance(0.6):
		x := picW - 120.0
		if side == 1 {
			x = 120
		}
		c.print(x, c.between(80, 110), s)
	}
	if c.chance(0.35) {
		c.rug(s)
	}
	if plant && c.chance(0.3) {
		x := picW - 64.0
		if side == 1 {
			x = 64
		}
		c.pottedPlant(x, ground+40, 0.55, s)
	}
}

func (c *canvas) window(x, y, w, h float64) {
	frame := hex(0xfbfaf7)
	c.rect(x-10, y-10, x+w+10, y+h+10, frame)
	c.vgrad(int(x), int(y), int(x+w), int(y+h), hex(0x9ccbea), hex(0xe4f1f7))
	// A distant tree and a bit of cloud.
	c.ellipse(x+w*0.7, y+h*0.85, w*0.35, h*0.22, fade(hex(0x7fa86f), 0.8))
	c.ellipse(x+w*0.3, y+h*0.25, w*0.22, h*0.06, fade(hex(0xffffff), 0.8))
	c.rect(x+w/2-4, y, x+w/2+4, y+h, frame)
	c.rect(x, y+h*0.45-4, x+w, y+h*0.45+4, frame)
	c.poly(fade(hex(0xffffff), 0.25), x+w*0.1, y, x+w*0.3, y, x, y+h*0.35, x, y+h*0.15)
	c.rect(x-18, y+h+8, x+w+18, y+h+18, shade(frame, 0.95))
	c.rect(x-18, y+h+18, x+w+18, y+h+21, fade(hex(0x000000), 0.1))
}

// curtains hang on a rod either side of a window at x, w wide.
func (c *canvas) curtains(x, w float64, s style) {
	col := []color.RGBA{linen, shade(s.accent, 1.2), hex(0xe8dcc2), shade(s.main, 1.35)}[c.pick(4)]
	c.rect(x-50, 32, x+w+50, 38, s.metal)
	for _, x0 := range []float64{x - 46, x + w + 6} {
		c.rrectV(x0, 34, x0+40, horizon-30, 4, col, shade(col, 0.92))
		for fx := x0 + 8; fx < x0+38; fx += 11 {
			c.rect(fx, 40, fx+3, horizon-32, fade(shade(col, 0.8), 0.5))
		}
	}
}

// print is a framed picture centred on x: hills under a sun, or shapes.
func (c *canvas) print(x, y float64, s style) {
	w, h := c.between(84, 120), c.between(104, 134)
	if c.chance(0.5) {
		w, h = h*1.1, w*0.85
	}
	frame := []color.RGBA{hex(0x2d2d2d), hex(0xc9a24b), hex(0xf5f3ee), s.wood}[c.pick(4)]
	x0 := x - w/2
	c.rect(x0+5, y+6, x0+w+5, y+h+6, fade(hex(0x000000), 0.12))
	c.rect(x0, y, x0+w, y+h, frame)
	c.rect(x0+8, y+8, x0+w-8, y+h-8, hex(0xfbf8f1))
	ix0, iy0, ix1, iy1 := x0+18, y+18, x0+w-18, y+h-18
	iw, ih := ix1-ix0, iy1-iy0
	paper := []color.RGBA{hex(0xf3e9d6), hex(0xe5ecef), hex(0xf4ddd0)}[c.pick(3)]
	c.rect(ix0, iy0, ix1, iy1, paper)
	if c.chance(0.5) {
		c.disc(ix0+iw*c.between(0.55, 0.8), iy0+ih*0.35, iw*0.14, s.accent)
		c.fill(ix0, iy0, ix1, iy1, shade(s.main, 0.95), func(px, py float64) float64 {
			return max(ellipseDist(px, py, ix0+iw*0.25, iy1, iw*0.55, ih*0.45), boxDist(px, py, ix0, iy0, ix1, iy1, 0))
		})
		c.fill(ix0, iy0, ix1, iy1, shade(s.main, 0.75), func(px, py float64) float64 {
			return max(ellipseDist(px, py, ix0+iw*0.85, iy1, iw*0.5, ih*0.3), boxDist(px, py, ix0, iy0, ix1, iy1, 0))
		})
	} else {
		c.rrect(ix0+iw*0.15, iy0+ih*0.3, ix0+iw*0.5, iy1, iw*0.175, s.accent)
		c.disc(ix0+iw*0.68, iy0+ih*0.35, iw*0.16, s.main)
		c.rect(ix0+iw*0.55, iy0+ih*0.72, ix1-iw*0.1, iy0+ih*0.78, shade(s.wood, 0.7))
	}
}

// rug is a flat rectangle on the floor seen in perspective, with a border.
func (c *canvas) rug(s style) {
	col := []color.RGBA{hex(0xe9dfcc), shade(s.accent, 1.3), hex(0xc9b79a), hex(0x9aa5b1)}[c.pick(4)]
	border := shade(col, 0.8)
	top, bottom := ground-34, ground+80.0
	c.poly(border, 170, top, 630, top, 720, bottom, 80, bottom)
	c.poly(col, 184, top+5, 616, top+5, 700, bottom-8, 100, bottom-8)
	for i := 1; i <= 2; i++ {
		y := top + (bottom-top)*float64(i)/3
		c.rect(120, y-2, 680, y+2, fade(border, 0.6))
	}
}

// pottedPlant is a leafy plant in a pot standing at x, y; scale 1 is tall.
func (c *canvas) pottedPlant(x, y, scale float64, s style) {
	pot := []color.RGBA{hex(0xc4694a), hex(0xf1ede6), hex(0x4a4e54), hex(0xd9c7a8), s.accent}[c.pick(5)]
	pw, ph := 70*scale, 80*scale
	c.shadow(x, y, pw*0.7, 8*scale)
	leaves := []color.RGBA{hex(0x3f7a4e), hex(0x4f8f55), hex(0x2f6244), hex(0x6aa35e)}
	tall := 300 * scale * c.between(0.8, 1.1)
	for i := range 9 {
		a := -math.Pi/2 + (float64(i)-4)*0.28 + c.between(-0.1, 0.1)
		l := tall * c.between(0.55, 1)
		tx, ty := x+math.Cos(a)*l*0.6, y-ph+math.Sin(a)*l
		c.line(x, y-ph, tx, ty+20*scale, 3*scale, hex(0x4a6b3a))
		c.leaf(tx, ty, 40*scale, 18*scale, a+c.between(-0.4, 0.4), leaves[c.pick(len(leaves))])
	}
	c.poly(pot, x-pw/2, y-ph, x+pw/2, y-ph, x+pw*0.38, y, x-pw*0.38, y)
	c.rect(x-pw/2-4*scale, y-ph-10*scale, x+pw/2+4*scale, y-ph+8*scale, shade(pot, 0.9))
	c.poly(fade(hex(0xffffff), 0.18), x-pw*0.35, y-ph+8*scale, x-pw*0.2, y-ph+8*scale, x-pw*0.15, y, x-pw*0.28, y)
}

// kitchen is a tiled wall over a worktop with cupboards below; small
// appliances stand on the worktop at counter.
const counter = 392.0

func (c *canvas) kitchen(s style) {
	c.vgrad(0, 0, picW, int(counter), shade(s.wall, 1.06), shade(s.wall, 0.96))
	tile := []color.RGBA{hex(0xf4f2ec), hex(0xdfe9e4), hex(0xe8eef4), hex(0xf1e4d3), hex(0xd7dde8)}[c.pick(5)]
	grout := shade(tile, 0.86)
	c.rect(0, 170, picW, counter, grout)
	for row, y := 0, 172.0; y < counter; row, y = row+1, y+30 {
		off := float64(row%2) * 32
		for x := -off; x < picW; x += 64 {
			c.rrectV(x+2, y, x+62, y+27, 3, shade(tile, 1.04), tile)
		}
	}
	if c.chance(0.5) { // an open shelf with jars
		c.rect(90, 120, 330, 130, s.wood)
		for i, x := range []float64{110, 160, 215, 265} {
			h := 40 + float64(i%2)*15
			c.rrect(x, 120-h, x+36, 120, 5, fade(hex(0xe8eef0), 0.85))
			c.rect(x, 120-h-8, x+36, 120-h+2, shade(s.metal, 0.9))
			c.rect(x+4, 120-h*0.6, x+32, 118, []color.RGBA{hex(0xd4a03a), hex(0x8a5a3a), hex(0xefe6d0)}[(i+c.pick(3))%3])
		}
	} else {
		c.window(480, 30, 200, 110)
	}
	top := []color.RGBA{hex(0xe9e6e1), hex(0x3a3a3c), s.wood, hex(0xd8d2c8)}[c.pick(4)]
	c.rect(0, counter, picW, counter+22, top)
	c.rect(0, counter+22, picW, counter+26, shade(top, 0.7))
	c.cupboards([]color.RGBA{hex(0xf4f2ec), hex(0x55706a), hex(0x2f4a6d), hex(0xd8cbb3), hex(0x9aa0a6)}[c.pick(5)], s)
}

// cupboards are the kitchen's base units under the worktop.
func (c *canvas) cupboards(unit color.RGBA, s style) {
	c.rect(0, counter+26, picW, picH-22, shade(unit, 0.85))
	for x := -20.0; x < picW; x += 210 {
		c.rrectV(x+4, counter+32, x+206, picH-26, 4, shade(unit, 1.04), shade(unit, 0.96))
		c.rect(x+90, counter+46, x+120, counter+52, s.metal)
	}
	c.rect(0, picH-22, picW, picH, shade(unit, 0.5))
}

// garden is sky, trees and a hedge behind a lawn or a patio.
func (c *canvas) garden(s style) {
	c.vgrad(0, 0, picW, int(horizon), hex(0x8ec3e6), hex(0xe6f2f6))
	c.glow(c.between(100, 700), 60, 160, fade(hex(0xfff6d8), 0.9))
	for range 3 {
		x, y := c.between(50, 750), c.between(40, 160)
		for j := range 3 {
			c.ellipse(x+float64(j)*30, y-float64(j%2)*10, 50, 18, fade(hex(0xffffff), 0.85))
		}
	}
	greens := []color.RGBA{hex(0x5d8c54), hex(0x4b7a47), hex(0x6f9c5e), hex(0x3f6b42)}
	for x := -40.0; x < picW+40; x += c.between(50, 90) {
		r := c.between(50, 95)
		c.disc(x, horizon-70-r*0.5, r, greens[c.pick(len(greens))])
	}
	if c.chance(0.5) { // a wooden fence
		fence := shade(s.wood, 0.85)
		c.rect(0, horizon-150, picW, horizon, shade(fence, 0.9))
		for x := 0.0; x < picW; x += 40 {
			c.rect(x+2, horizon-150, x+38, horizon, fence)
			c.rect(x+36, horizon-150, x+38, horizon, fade(hex(0x000000), 0.15))
		}
	} else {
		c.rrect(-20, horizon-110, picW+20, horizon+10, 30, hex(0x3f6b42))
		for x := 0.0; x < picW; x += 24 {
			c.disc(x+c.between(-6, 6), horizon-108+c.between(-4, 4), 18, hex(0x4b7a47))
		}
	}
	if c.chance(0.5) { // lawn
		c.vgrad(0, int(horizon), picW, picH, hex(0x7fa35a), hex(0x9cbd6a))
		for range 160 {
			x, y := c.between(0, picW), c.between(horizon+5, picH)
			c.line(x, y, x+c.between(-3, 3), y-c.between(5, 12), 1.5, fade(hex(0x5f8a42), 0.6))
		}
	} else { // paving stones
		stone := []color.RGBA{hex(0xc9c2b5), hex(0xb9b4ab), hex(0xd6cbb8)}[c.pick(3)]
		c.vgrad(0, int(horizon), picW, picH, shade(stone, 0.85), shade(stone, 0.95))
		for row, y, h := 0, horizon, 24.0; y < picH; row, y, h = row+1, y+h, h*1.2 {
			off := float64(row%2) * h * 1.5
			for x := -off; x < picW; x += h * 3 {
				c.rrectV(x+2, y+2, x+h*3-2, y+h-2, 3, shade(stone, 1.02), shade(stone, 0.98))
			}
		}
	}
}
