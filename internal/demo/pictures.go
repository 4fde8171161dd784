package demo

import (
	"fmt"
	"hash/fnv"
	"image/color"
	"strings"
)

// Pictures are flat illustrations, drawn here so the demo needs no files and
// no network: a room (or a kitchen, or a garden), a soft shadow and the piece
// itself, built from rectangles, rounded rectangles, discs and gradients.
// The seed picks colours, proportions and details, so no two listings look
// alike. Shapes are anti-aliased through their signed distance: negative
// inside, positive outside, in pixels.

const picW, picH = 800, 600

// The room's geometry: the wall meets the floor at horizon, and pieces stand
// on ground, a little in front of the wall.
const (
	horizon = 405.0
	ground  = 492.0
)

// scene is where a piece stands: in a room, on a kitchen worktop or in a garden.
type scene int

const (
	room scene = iota
	kitchen
	garden
)

// wall is how much of the wall a piece leaves free for a framed print.
type wall int

const (
	above  wall = iota // a low piece: the print may hang above it
	beside             // the print hangs to one side
	none               // the piece has its own picture, mirror or clock
)

// kind is one sort of piece: where it stands, what room it leaves on the
// wall, and how to draw it.
type kind struct {
	scene scene
	wall  wall
	draw  func(c *canvas, s style)
}

// look is what a listing asks of its picture: a kind of piece and,
// optionally, its colour, wood and metal.
type look struct {
	name              string
	kind              kind
	main, wood, metal *color.RGBA
}

// parseLook reads a spec such as "sofa", "wardrobe2 pine", "armchair
// mustard walnut" or "floorlamp cream brass".
func parseLook(spec string) (look, error) {
	words := strings.Fields(spec)
	if len(words) == 0 {
		return look{}, fmt.Errorf("picture %q: no kind", spec)
	}
	l := look{name: words[0]}
	var ok bool
	if l.kind, ok = kinds[l.name]; !ok {
		return look{}, fmt.Errorf("picture %q: no kind %q", spec, l.name)
	}
	for _, w := range words[1:] {
		if col, ok := colourNames[w]; ok {
			l.main = &col
		} else if col, ok := woodNames[w]; ok {
			l.wood = &col
		} else if col, ok := metalNames[w]; ok {
			l.metal = &col
		} else {
			return look{}, fmt.Errorf("picture %q: no colour, wood or metal %q", spec, w)
		}
	}
	return l, nil
}

// picture draws a listing or category photo as spec asks (see parseLook);
// the seed picks everything else.
func picture(spec string, seed int) ([]byte, error) {
	l, err := parseLook(spec)
	if err != nil {
		return nil, err
	}
	h := fnv.New32a()
	h.Write([]byte(l.name))
	c := newCanvas(picW, picH, seed<<32|int(h.Sum32()))
	s := c.style(l.main, l.wood, l.metal)
	switch l.kind.scene {
	case kitchen:
		c.kitchen(s)
	case garden:
		c.garden(s)
	default:
		c.room(s, l.kind.wall, l.name != "plant")
	}
	l.kind.draw(c, s)
	return c.jpeg(), nil
}
