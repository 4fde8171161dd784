package demo

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
)

// Pictures are drawn as flat illustrations: a wall, a floor and the piece of
// furniture in simple shapes, tinted per listing so no two look alike.

const picW, picH = 800, 600

var palette = []color.RGBA{
	{0x0f, 0x76, 0x6e, 255}, {0xb4, 0x53, 0x09, 255}, {0x1d, 0x4e, 0xd8, 255}, {0x9d, 0x17, 0x4d, 255},
	{0x4d, 0x7c, 0x0f, 255}, {0x6d, 0x28, 0xd9, 255}, {0x92, 0x40, 0x0e, 255}, {0x33, 0x41, 0x55, 255},
}

type canvas struct{ *image.RGBA }

func (c canvas) rect(x0, y0, x1, y1 int, col color.Color) {
	draw.Draw(c.RGBA, image.Rect(x0, y0, x1, y1), &image.Uniform{col}, image.Point{}, draw.Src)
}

func (c canvas) disc(cx, cy, r int, col color.Color) {
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r {
				c.Set(x, y, col)
			}
		}
	}
}

func shade(c color.RGBA, f float64) color.RGBA {
	scale := func(v uint8) uint8 {
		n := float64(v) * f
		if f > 1 {
			n = float64(v) + (255-float64(v))*(f-1)
		}
		return uint8(min(255, max(0, n)))
	}
	return color.RGBA{scale(c.R), scale(c.G), scale(c.B), 255}
}

// picture draws a listing or category photo of the given kind.
func picture(kind string, seed int) []byte {
	c := canvas{image.NewRGBA(image.Rect(0, 0, picW, picH))}
	main := palette[seed%len(palette)]
	wall := shade(palette[(seed+3)%len(palette)], 1.85)
	for y := 0; y < 430; y++ { // a gently lit wall
		c.rect(0, y, picW, y+1, shade(wall, 1-float64(y)/2400))
	}
	c.rect(0, 430, picW, picH, color.RGBA{0xc8, 0xa9, 0x7e, 255})
	c.rect(0, 430, picW, 436, color.RGBA{0xa8, 0x89, 0x5e, 255})
	dark, light := shade(main, 0.7), shade(main, 1.25)
	switch kind {
	case "sofa":
		c.rect(170, 250, 630, 330, dark) // back
		c.rect(140, 300, 660, 400, main) // seat
		c.rect(130, 280, 200, 400, dark) // arms
		c.rect(600, 280, 670, 400, dark)
		c.rect(210, 300, 400, 330, light) // cushions
		c.rect(400, 300, 590, 330, light)
		c.rect(160, 400, 175, 440, dark) // legs
		c.rect(625, 400, 640, 440, dark)
	case "bed":
		c.rect(150, 200, 190, 440, dark) // headboard
		c.rect(150, 200, 260, 250, dark)
		c.rect(190, 320, 680, 400, main)  // frame
		c.rect(190, 290, 680, 330, light) // mattress
		c.rect(200, 270, 300, 300, color.RGBA{250, 250, 250, 255})
		c.rect(660, 330, 690, 440, dark)
	case "table":
		c.rect(170, 260, 630, 285, dark)
		c.rect(200, 285, 220, 440, dark)
		c.rect(580, 285, 600, 440, dark)
		c.disc(400, 235, 25, light) // a vase
		c.rect(392, 180, 408, 215, shade(palette[(seed+5)%len(palette)], 1.2))
	case "chair":
		c.rect(320, 170, 345, 440, dark) // back leg and back
		c.rect(320, 170, 470, 195, dark)
		c.rect(320, 300, 480, 325, main)  // seat
		c.rect(455, 325, 478, 440, dark)  // front leg
		c.rect(340, 200, 450, 300, light) // back panel
	case "wardrobe":
		c.rect(250, 110, 550, 420, main)
		c.rect(398, 110, 402, 420, dark)
		c.rect(380, 250, 390, 290, light)
		c.rect(410, 250, 420, 290, light)
		c.rect(260, 420, 280, 440, dark)
		c.rect(520, 420, 540, 440, dark)
	case "lamp":
		c.rect(392, 220, 408, 420, dark)
		c.rect(340, 415, 460, 440, dark)
		for y := 120; y < 230; y++ { // a shade that widens downwards
			w := 50 + (y-120)*2/3
			c.rect(400-w, y, 400+w, y+1, light)
		}
		c.disc(400, 240, 14, color.RGBA{0xfd, 0xe0, 0x47, 255})
	case "kitchen":
		c.rect(200, 250, 600, 440, main) // cabinet
		c.rect(200, 240, 600, 255, dark)
		c.rect(250, 280, 390, 420, light)
		c.rect(410, 280, 550, 420, light)
		c.disc(320, 200, 32, dark) // a pot
		c.rect(288, 200, 352, 240, dark)
	default: // décor
		c.rect(300, 120, 500, 300, dark) // a framed picture
		c.rect(315, 135, 485, 285, light)
		c.disc(400, 230, 40, main)
		c.disc(250, 380, 50, main) // a pot plant
		c.rect(225, 400, 275, 440, dark)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, c, &jpeg.Options{Quality: 85}); err != nil {
		panic(err) // encoding to memory cannot fail
	}
	return buf.Bytes()
}

// avatar draws a profile picture: a head and shoulders on a coloured disc.
func avatar(seed int) []byte {
	c := canvas{image.NewRGBA(image.Rect(0, 0, 256, 256))}
	c.rect(0, 0, 256, 256, shade(palette[seed%len(palette)], 1.6))
	c.disc(128, 100, 48, shade(palette[seed%len(palette)], 0.6))
	c.disc(128, 250, 96, shade(palette[seed%len(palette)], 0.6))
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, c, &jpeg.Options{Quality: 85}); err != nil {
		panic(err)
	}
	return buf.Bytes()
}
