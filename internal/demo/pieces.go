package demo

import (
	"image/color"
	"math"
)

// The pieces, each drawn in front view around the middle of the picture and
// standing on ground (or on the worktop, in the kitchen). Listings name a
// kind; the seed of the canvas picks colours, proportions and details.

var kinds = map[string]kind{
	// Sofas
	"sofa":     {room, above, func(c *canvas, s style) { c.sofa(s, 3) }},
	"loveseat": {room, above, func(c *canvas, s style) { c.sofa(s, 2) }},
	"armchair": {room, above, func(c *canvas, s style) { c.sofa(s, 1) }},
	// Beds
	"bed":       {room, beside, func(c *canvas, s style) { c.bed(s, c.between(420, 480)) }},
	"singlebed": {room, beside, func(c *canvas, s style) { c.bed(s, c.between(290, 330)) }},
	// Tables
	"table":       {room, beside, (*canvas).table},
	"coffeetable": {room, above, (*canvas).coffeeTable},
	"roundtable":  {room, beside, (*canvas).roundTable},
	"desk":        {room, beside, (*canvas).desk},
	// Chairs
	"chair":       {room, beside, func(c *canvas, s style) { c.chair(s, c.pick(4)) }},
	"slatchair":   {room, beside, func(c *canvas, s style) { c.chair(s, 0) }},
	"ladderback":  {room, beside, func(c *canvas, s style) { c.chair(s, 1) }},
	"bentwood":    {room, beside, func(c *canvas, s style) { c.chair(s, 2) }},
	"diningchair": {room, beside, func(c *canvas, s style) { c.chair(s, 3) }},
	"officechair": {room, beside, (*canvas).officeChair},
	"stool":       {room, beside, (*canvas).stool},
	// Wardrobes and storage
	"wardrobe":  {room, beside, func(c *canvas, s style) { c.wardrobe(s, 2+c.pick(2), false) }},
	"wardrobe2": {room, beside, func(c *canvas, s style) { c.wardrobe(s, 2, false) }},
	"wardrobe3": {room, beside, func(c *canvas, s style) { c.wardrobe(s, 3, false) }},
	"mirrored":  {room, beside, func(c *canvas, s style) { c.wardrobe(s, 3, true) }},
	"drawers":   {room, beside, (*canvas).drawers},
	"bookcase":  {room, beside, (*canvas).bookcase},
	"cubes":     {room, beside, (*canvas).cubes},
	"sideboard": {room, beside, func(c *canvas, s style) { c.sideboard(s, true) }},
	// Lighting
	"floorlamp":  {room, beside, func(c *canvas, s style) { c.floorLamp(s, false) }},
	"tripodlamp": {room, beside, func(c *canvas, s style) { c.floorLamp(s, true) }},
	"tablelamp":  {room, beside, (*canvas).tableLamp},
	"pendant":    {room, beside, func(c *canvas, s style) { c.pendant(s, 1+c.pick(3), c.chance(0.3)) }},
	"pendants":   {room, beside, func(c *canvas, s style) { c.pendant(s, 2, false) }},
	"globes":     {room, beside, func(c *canvas, s style) { c.pendant(s, 3, true) }},
	"desklamp":   {room, beside, (*canvas).deskLamp},
	// Kitchen
	"mixer":    {kitchen, beside, (*canvas).mixer},
	"toaster":  {kitchen, beside, (*canvas).toaster},
	"kettle":   {kitchen, beside, (*canvas).kettle},
	"cookware": {kitchen, beside, (*canvas).cookware},
	"units":    {kitchen, beside, (*canvas).units},
	// Appliances
	"fridge":      {room, beside, func(c *canvas, s style) { c.fridge(s, false) }},
	"retrofridge": {room, beside, func(c *canvas, s style) { c.fridge(s, true) }},
	"washer":      {room, beside, (*canvas).washer},
	"microwave":   {kitchen, beside, (*canvas).microwave},
	"cooker":      {room, beside, (*canvas).cooker},
	// Outdoor
	"bench":   {garden, beside, (*canvas).bench},
	"parasol": {garden, beside, (*canvas).parasol},
	"bbq":     {garden, beside, (*canvas).bbq},
	"bistro":  {garden, beside, (*canvas).bistro},
	// Kids
	"bunk":      {room, beside, (*canvas).bunk},
	"crib":      {room, beside, (*canvas).crib},
	"highchair": {room, beside, (*canvas).highchair},
	"toybox":    {room, above, (*canvas).toybox},
	// Décor
	"mirror":      {room, none, func(c *canvas, s style) { c.mirror(s, c.pick(3)) }},
	"roundmirror": {room, none, func(c *canvas, s style) { c.mirror(s, 0) }},
	"archmirror":  {room, none, func(c *canvas, s style) { c.mirror(s, 1) }},
	"plant":       {room, beside, func(c *canvas, s style) { c.pottedPlant(400, ground, c.between(1.05, 1.25), s) }},
	"vases":       {room, beside, (*canvas).vases},
	"art":         {room, none, (*canvas).art},
	"clock":       {room, none, (*canvas).clock},
}

var (
	white   = hex(0xffffff)
	black   = hex(0x000000)
	linen   = hex(0xf4f1ea)
	warm    = hex(0xffe9b0)
	ceramic = []color.RGBA{hex(0xf1ede6), hex(0xc4694a), hex(0x8fa68e), hex(0x2f4a6d), hex(0xd4a03a), hex(0x3a3a3c), hex(0xd9c7a8)}
)

// leg draws one leg from top down to bottom, its foot moved by splay:
// tapered wood, a straight block, thin metal or a bun foot.
func (c *canvas) leg(x, top, bottom, splay float64, col color.RGBA, style int) {
	switch style {
	case 0:
		c.poly(col, x-7, top, x+7, top, x+splay+4, bottom, x+splay-4, bottom)
	case 1:
		c.rect(x-9, top, x+9, bottom, col)
	case 2:
		c.line(x, top, x+splay, bottom-2, 5, col)
	default:
		c.ellipse(x, (top+bottom)/2, 13, (bottom-top)/2+1, col)
	}
}

// onTop puts something on a surface whose middle is at x, y.
func (c *canvas) onTop(x, y float64, s style) {
	switch c.pick(4) {
	case 0: // a vase of flowers
		vc := ceramic[c.pick(len(ceramic))]
		for i := range 7 {
			a := -math.Pi/2 + (float64(i)-3)*0.22
			tx, ty := x+math.Cos(a)*90, y-40+math.Sin(a)*80
			c.line(x, y-30, tx, ty, 2.5, hex(0x4a6b3a))
			c.disc(tx, ty, c.between(9, 14), []color.RGBA{s.accent, white, hex(0xe8a33d), hex(0xd86a7a)}[c.pick(4)])
			c.disc(tx, ty, 4, hex(0xf5d76e))
		}
		c.ellipse(x, y-22, 24, 30, vc)
		c.rect(x-10, y-58, x+10, y-40, vc)
		c.ellipse(x-8, y-28, 5, 14, fade(white, 0.3))
	case 1: // a fruit bowl
		for i, dx := range []float64{-26, 0, 26, -13, 13} {
			dy := 0.0
			if i > 2 {
				dy = -20
			}
			c.disc(x+dx, y-20+dy, 16, []color.RGBA{hex(0xe0a526), hex(0xc8452f), hex(0x7fb04a), hex(0xe87c2e)}[(i+c.pick(4))%4])
		}
		c.bowl(x, y-16, 58, 26, ceramic[c.pick(len(ceramic))])
	case 2: // books and a mug
		for i := range 3 {
			bw := c.between(90, 120)
			col := fabrics[c.pick(len(fabrics))]
			c.rrect(x-bw/2+float64(i)*6-30, y-float64(i+1)*16, x+bw/2+float64(i)*6-30, y-float64(i)*16, 2, col)
			c.rect(x-bw/2+float64(i)*6-28, y-float64(i+1)*16+4, x+bw/2+float64(i)*6-34, y-float64(i)*16-4, fade(white, 0.5))
		}
		mug := ceramic[c.pick(len(ceramic))]
		c.ring(x+72, y-22, 10, 11, 5, mug)
		c.rrect(x+40, y-42, x+72, y, 5, mug)
	default: // a small plant
		c.pottedPlant(x, y, 0.32, s)
	}
}
