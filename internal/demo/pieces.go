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

// sofa is a sofa with seats seats (an armchair with one).
func (c *canvas) sofa(s style, seats int) {
	cx := 400 + c.between(-15, 15)
	seatW := c.between(140, 165)
	if seats == 1 {
		seatW = c.between(170, 200)
	}
	armW := c.between(42, 68)
	w := float64(seats)*seatW + 2*armW
	x0, x1 := cx-w/2, cx+w/2
	legH := c.between(14, 34)
	base := ground - legH
	seatY := base - c.between(88, 105)
	backY := seatY - c.between(105, 145)
	armY := seatY - c.between(22, 50)
	round := c.between(8, 30)
	fab := s.main
	legStyle := c.pick(4)
	legCol := s.wood
	if legStyle == 2 {
		legCol = s.metal
	}
	c.shadow(cx, ground, w/2+14, 15)
	for _, x := range []float64{x0 + armW*0.6, x1 - armW*0.6} {
		splay := 6.0
		if x < cx {
			splay = -6
		}
		c.leg(x, base-4, ground, splay, legCol, legStyle)
	}
	c.rrect(x0+armW*0.4, backY, x1-armW*0.4, base, 18, shade(fab, 0.72))
	for i := range seats {
		bx := x0 + armW + float64(i)*seatW
		c.rrectV(bx+3, backY+10, bx+seatW-3, seatY+14, 20, shade(fab, 1.1), shade(fab, 0.9))
	}
	c.rrectV(x0+armW-8, seatY+30, x1-armW+8, base, 8, shade(fab, 0.92), shade(fab, 0.8))
	for i := range seats {
		bx := x0 + armW + float64(i)*seatW
		c.rrectV(bx+2, seatY, bx+seatW-2, seatY+44, 12, shade(fab, 1.14), shade(fab, 0.98))
		c.rect(bx+14, seatY+3, bx+seatW-14, seatY+6, fade(white, 0.2))
	}
	for _, ax := range []float64{x0, x1 - armW} {
		c.rrectV(ax, armY, ax+armW, base, round, shade(fab, 1.06), shade(fab, 0.84))
		c.rrect(ax+6, armY+4, ax+armW-6, armY+9, 4, fade(white, 0.15))
	}
	// Cushions leaning on the arms, tilted.
	for i, ax := range []float64{x0 + armW + 40, x1 - armW - 40} {
		if seats == 1 && i == 1 || !c.chance(0.75) {
			continue
		}
		tilt := 0.25
		if i == 1 {
			tilt = -0.25
		}
		size := c.between(38, 48)
		col := s.accent
		if c.chance(0.3) {
			col = linen
		}
		cy := seatY - size + 8
		sin, cos := math.Sincos(tilt)
		c.fill(ax-size*1.45, cy-size*1.45, ax+size*1.45, cy+size*1.45, col, func(x, y float64) float64 {
			dx, dy := x-ax, y-cy
			return boxDist(cos*dx+sin*dy, -sin*dx+cos*dy, -size, -size, size, size, 14)
		})
	}
}

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

// tableTop draws a top seen slightly from above: its surface from back to
// front, then its front edge.
func (c *canvas) tableTop(cx, w, front, depth, thick float64, wood color.RGBA) {
	c.poly(shade(wood, 1.08), cx-w/2+depth*0.8, front-depth, cx+w/2-depth*0.8, front-depth, cx+w/2, front, cx-w/2, front)
	c.grainPoly(cx, w, front, depth, wood)
	c.rrectV(cx-w/2, front, cx+w/2, front+thick, 2, shade(wood, 0.92), shade(wood, 0.78))
}

// grainPoly draws grain along a top surface.
func (c *canvas) grainPoly(cx, w, front, depth float64, wood color.RGBA) {
	line := fade(shade(wood, 0.8), 0.3)
	for y := front - depth + 4; y < front-2; y += c.between(4, 8) {
		t := (y - (front - depth)) / depth
		half := w/2 - depth*0.8*(1-t)
		a, b := cx-half+c.between(4, half*0.6), cx+half-c.between(4, half*0.6)
		c.rect(a, y, b, y+1.1, line)
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

func (c *canvas) table(s style) {
	cx := 400.0
	w := c.between(400, 520)
	front := ground - c.between(190, 212)
	depth := c.between(30, 44)
	legStyle := c.pick(3)
	c.shadow(cx, ground, w/2, 14)
	legCol := s.wood
	if legStyle == 2 {
		legCol = s.metal
	}
	for _, x := range []float64{cx - w/2 + 50, cx + w/2 - 50} {
		c.leg(x, front, ground-16, 0, shade(legCol, 0.7), legStyle)
	}
	c.tableTop(cx, w, front, depth, 16, s.wood)
	c.rect(cx-w/2+20, front+16, cx+w/2-20, front+36, shade(s.wood, 0.7))
	for _, x := range []float64{cx - w/2 + 24, cx + w/2 - 24} {
		splay := 0.0
		if legStyle == 0 {
			splay = math.Copysign(12, x-cx)
		}
		c.leg(x, front+16, ground, splay, legCol, legStyle)
	}
	c.onTop(cx+c.between(-60, 60), front-depth/2, s)
}

func (c *canvas) coffeeTable(s style) {
	cx := 400.0
	w := c.between(360, 440)
	front := ground - c.between(95, 115)
	depth := c.between(40, 55)
	c.rug(s)
	c.shadow(cx, ground, w/2, 12)
	legStyle := []int{0, 1, 3}[c.pick(3)]
	if c.chance(0.5) { // a shelf below with magazines
		c.rect(cx-w/2+20, ground-34, cx+w/2-20, ground-24, shade(s.wood, 0.8))
		for i := range 3 {
			c.rect(cx-w/2+50+float64(i)*12, ground-40-float64(i)*5, cx-w/2+140+float64(i)*12, ground-34-float64(i)*5, fabrics[c.pick(len(fabrics))])
		}
	}
	c.tableTop(cx, w, front, depth, 18, s.wood)
	for _, x := range []float64{cx - w/2 + 22, cx + w/2 - 22} {
		c.leg(x, front+18, ground, math.Copysign(8, x-cx), shade(s.wood, 0.9), legStyle)
	}
	c.onTop(cx+c.between(-80, 80), front-depth/2, s)
}

func (c *canvas) roundTable(s style) {
	cx := 400.0
	r := c.between(150, 200)
	top := ground - c.between(195, 215)
	wood := s.wood
	c.shadow(cx, ground, r*0.8, 14)
	c.rect(cx-14, top, cx+14, ground-20, shade(wood, 0.8))
	c.rect(cx-10, top, cx-4, ground-20, fade(white, 0.15))
	c.ellipse(cx, ground-10, r*0.5, 12, shade(wood, 0.7))
	c.ellipse(cx, top+10, r, 28, shade(wood, 0.75))
	c.ellipse(cx, top, r, 28, shade(wood, 1.08))
	c.ellipse(cx-r*0.2, top-6, r*0.5, 8, fade(white, 0.12))
	c.onTop(cx+c.between(-40, 40), top, s)
}

func (c *canvas) desk(s style) {
	cx := 400.0
	w := c.between(420, 500)
	front := ground - c.between(195, 210)
	depth := 36.0
	c.shadow(cx, ground, w/2, 12)
	c.tableTop(cx, w, front, depth, 14, s.wood)
	// Drawers on the right, legs on the left.
	dx0 := cx + w/2 - 150
	body := shade(s.wood, 0.9)
	if c.chance(0.5) {
		body = hex(0xf1ede6)
	}
	c.rect(dx0, front+14, cx+w/2-10, ground-4, body)
	for i := range 3 {
		y := front + 20 + float64(i)*((ground-front-28)/3)
		c.rrect(dx0+6, y, cx+w/2-16, y+(ground-front-28)/3-6, 3, shade(body, 1.04))
		c.knob(dx0+70, y+(ground-front-28)/6-3, 6, s.metal)
	}
	c.leg(cx-w/2+20, front+14, ground, -6, shade(s.wood, 0.85), 1)
	// A laptop and a pen pot.
	lx := cx - 60
	y := front - depth/2
	c.poly(hex(0x3a3d42), lx-70, y-100, lx+70, y-100, lx+76, y-4, lx-76, y-4)
	c.poly(hex(0x5d7fa8), lx-62, y-93, lx+62, y-93, lx+68, y-10, lx-68, y-10)
	c.poly(fade(white, 0.15), lx-62, y-93, lx-20, y-93, lx-50, y-10, lx-68, y-10)
	c.rect(lx-90, y-4, lx+90, y+4, hex(0xb8bec4))
	pot := ceramic[c.pick(len(ceramic))]
	for i := range 3 {
		c.line(cx+90+float64(i)*6, y-20, cx+84+float64(i)*10, y-58, 3, fabrics[c.pick(len(fabrics))])
	}
	c.rrect(cx+80, y-36, cx+112, y, 4, pot)
}

// chair is a dining chair: with slats (style 0), a ladder back (1), a
// bentwood hoop (2) or upholstered (3).
func (c *canvas) chair(s style, style int) {
	cx := 400 + c.between(-20, 20)
	seatW := c.between(170, 200)
	seatY := ground - c.between(175, 195)
	depth := 30.0
	backTop := seatY - depth - c.between(150, 190)
	wood := s.wood
	upholstered := style == 3
	c.shadow(cx, ground, seatW/2+10, 12)
	posts := []float64{cx - seatW/2 + 22, cx + seatW/2 - 22}
	for _, x := range posts {
		c.rrect(x-8, backTop, x+8, ground-10, 4, shade(wood, 0.85))
	}
	railBot := seatY - depth
	switch style {
	case 0: // vertical slats under a top rail
		c.rrect(posts[0], backTop+4, posts[1], backTop+34, 6, wood)
		n := 3 + c.pick(3)
		for i := range n {
			x := posts[0] + (posts[1]-posts[0])*float64(i+1)/float64(n+1)
			c.rect(x-6, backTop+34, x+6, railBot, shade(wood, 0.95))
		}
	case 1: // ladder back
		for y := backTop + 8; y < railBot-20; y += 40 {
			c.rrect(posts[0], y, posts[1], y+20, 5, wood)
		}
	case 2: // a bentwood hoop
		c.ring(cx, backTop+70, (posts[1]-posts[0])/2, 70, 14, wood)
		c.rect(posts[0]+8, backTop+110, posts[1]-8, backTop+126, wood)
	default: // an upholstered back
		c.rrectV(posts[0]-6, backTop, posts[1]+6, railBot+6, 22, shade(s.main, 1.1), shade(s.main, 0.88))
	}
	seat := wood
	if upholstered {
		seat = s.main
	}
	c.poly(shade(seat, 1.08), cx-seatW/2+14, seatY-depth, cx+seatW/2-14, seatY-depth, cx+seatW/2, seatY, cx-seatW/2, seatY)
	c.rrectV(cx-seatW/2, seatY, cx+seatW/2, seatY+20, 4, shade(seat, 0.95), shade(seat, 0.78))
	for _, x := range []float64{cx - seatW/2 + 16, cx + seatW/2 - 16} {
		c.leg(x, seatY+20, ground, math.Copysign(8, x-cx), wood, 0)
	}
	if c.chance(0.5) {
		c.rect(cx-seatW/2+22, ground-62, cx+seatW/2-22, ground-54, shade(wood, 0.8))
	}
}

func (c *canvas) officeChair(s style) {
	cx := 400.0
	frame := hex(0x2d2d2d)
	if c.chance(0.3) {
		frame = hex(0xb8bec4)
	}
	fab := s.main
	c.shadow(cx, ground, 150, 14)
	hub := ground - 38
	for _, end := range [][2]float64{{-150, -16}, {150, -16}, {-75, 2}, {75, 2}} {
		c.line(cx, hub, cx+end[0], ground+end[1]-10, 12, frame)
	}
	for _, end := range [][2]float64{{-150, -16}, {150, -16}, {-75, 2}, {75, 2}} {
		c.disc(cx+end[0], ground+end[1], 12, hex(0x1f1f1f))
	}
	c.rect(cx-9, ground-205, cx+9, hub, shade(frame, 1.3))
	c.rect(cx-14, ground-120, cx+14, hub, frame)
	c.rect(cx-16, ground-262, cx+16, ground-200, frame) // the spine
	c.rrectV(cx-100, ground-430, cx+100, ground-250, 46, shade(fab, 1.05), shade(fab, 0.85))
	for y := ground - 410; y < ground-265; y += 12 {
		c.rect(cx-80, y, cx+80, y+1.5, fade(black, 0.12))
	}
	c.rrect(cx-70, ground-330, cx+70, ground-312, 9, fade(shade(fab, 0.7), 0.8))
	c.rrectV(cx-115, ground-225, cx+115, ground-188, 18, shade(fab, 1.1), shade(fab, 0.85))
	for _, sx := range []float64{-1, 1} {
		c.rect(cx+sx*118-5, ground-285, cx+sx*118+5, ground-210, frame)
		c.rrect(cx+sx*118-24, ground-292, cx+sx*118+24, ground-276, 7, frame)
	}
}

func (c *canvas) stool(s style) {
	cx := 400.0
	top := ground - c.between(260, 310)
	r := c.between(75, 95)
	wood := s.wood
	legCol := wood
	if c.chance(0.5) {
		legCol = s.metal
	}
	c.shadow(cx, ground, r+40, 12)
	for _, dx := range []float64{-0.45, 0.45} {
		c.line(cx+r*dx, top+10, cx+r*dx*1.4, ground-14, 10, shade(legCol, 0.7))
	}
	for _, dx := range []float64{-0.75, 0.75} {
		c.line(cx+r*dx, top+14, cx+r*dx*1.8, ground, 12, legCol)
	}
	c.rect(cx-r*1.2, ground-100, cx+r*1.2, ground-92, shade(legCol, 0.85))
	seat := wood
	if c.chance(0.5) {
		seat = s.main
	}
	c.ellipse(cx, top+14, r, 22, shade(seat, 0.75))
	c.ellipse(cx, top, r, 22, shade(seat, 1.08))
	c.ellipse(cx-r*0.25, top-5, r*0.4, 7, fade(white, 0.15))
}

// painted is a piece's body colour: its wood, or paint.
func (c *canvas) painted(s style) color.RGBA {
	if !s.woodSet && c.chance(0.4) {
		return []color.RGBA{hex(0xf1ede6), hex(0x8fa68e), hex(0x2f4a6d), hex(0xd9d2c3), hex(0x4a4e54)}[c.pick(5)]
	}
	return s.wood
}

// wardrobe has doors doors, the middle one a mirror if mirrored.
func (c *canvas) wardrobe(s style, doors int, mirrored bool) {
	cx := 400.0
	dw := c.between(110, 130)
	w := float64(doors) * dw
	legH := c.between(8, 22)
	top := ground - legH - c.between(340, 380)
	x0, x1 := cx-w/2, cx+w/2
	body := c.painted(s)
	c.shadow(cx, ground, w/2+10, 12)
	for _, x := range []float64{x0 + 16, x1 - 16} {
		c.leg(x, ground-legH-2, ground, 0, shade(body, 0.7), 3)
	}
	c.rect(x0, top, x1, ground-legH, shade(body, 0.8))
	c.rect(x0-8, top-14, x1+8, top, shade(body, 0.9))
	c.rect(x0-8, top-4, x1+8, top, shade(body, 0.75))
	mirror := -1
	if mirrored {
		mirror = doors / 2
	}
	knobs := c.chance(0.5)
	for i := range doors {
		dx := x0 + float64(i)*dw
		y0, y1 := top+6, ground-legH-6
		c.rrectV(dx+4, y0, dx+dw-4, y1, 3, shade(body, 1.04), shade(body, 0.96))
		if i == mirror {
			c.mirrorGlass(dx+18, y0+18, dx+dw-18, y1-18, 4)
		} else {
			c.rrect(dx+16, y0+16, dx+dw-16, y1-16, 3, shade(body, 0.9))
			c.rrect(dx+19, y0+19, dx+dw-19, y1-19, 3, shade(body, 1.02))
			if body == s.wood {
				c.grain(dx+22, y0+22, dx+dw-22, y1-22, body)
			}
		}
		hx := dx + dw - 12
		if i%2 == 1 || (doors == 3 && i == 2) {
			hx = dx + 12
		}
		if knobs {
			c.knob(hx, (y0+y1)/2, 6, s.metal)
		} else {
			c.rrect(hx-3, (y0+y1)/2-35, hx+3, (y0+y1)/2+35, 3, s.metal)
		}
	}
}

// mirrorGlass is a rectangle of mirror with two streaks of light.
func (c *canvas) mirrorGlass(x0, y0, x1, y1, r float64) {
	c.rrectV(x0, y0, x1, y1, r, hex(0xdbe7ec), hex(0xaebfc8))
	box := func(x, y float64) float64 { return boxDist(x, y, x0, y0, x1, y1, r) }
	w := x1 - x0
	for _, st := range [][2]float64{{0.15, 0.22}, {0.45, 0.08}} {
		a, b := st[0], st[1]
		c.fill(x0, y0, x1, y1, fade(white, 0.35), func(x, y float64) float64 {
			// a band running up to the right
			u := (x - x0) + (y-y0)*0.6 - w*a*2.2
			return max(box(x, y), math.Abs(u-w*b)-w*b)
		})
	}
}

func (c *canvas) drawers(s style) {
	cx := 400.0
	w := c.between(300, 400)
	h := c.between(200, 260)
	legH := c.between(10, 40)
	top := ground - legH - h
	x0, x1 := cx-w/2, cx+w/2
	body := c.painted(s)
	c.shadow(cx, ground, w/2+10, 12)
	legStyle := c.pick(4)
	for _, x := range []float64{x0 + 18, x1 - 18} {
		c.leg(x, ground-legH-2, ground, math.Copysign(5, x-cx), shade(s.wood, 0.8), legStyle)
	}
	c.rect(x0-6, top-12, x1+6, top, shade(body, 0.92))
	c.rect(x0, top, x1, ground-legH, shade(body, 0.78))
	rows := 3 + c.pick(2)
	rh := (h - 8) / float64(rows)
	knobs := c.chance(0.5)
	for i := range rows {
		y := top + 4 + float64(i)*rh
		split := i == 0 && c.chance(0.5)
		cols := 1
		if split {
			cols = 2
		}
		cw := (w - 8) / float64(cols)
		for j := range cols {
			dx := x0 + 4 + float64(j)*cw
			c.rrectV(dx+2, y+2, dx+cw-2, y+rh-2, 3, shade(body, 1.05), shade(body, 0.95))
			if body == s.wood {
				c.grain(dx+6, y+6, dx+cw-6, y+rh-6, body)
			}
			mid := dx + cw/2
			if knobs {
				if cols == 1 {
					c.knob(mid-cw*0.25, y+rh/2, 7, s.metal)
					c.knob(mid+cw*0.25, y+rh/2, 7, s.metal)
				} else {
					c.knob(mid, y+rh/2, 7, s.metal)
				}
			} else {
				c.rrect(mid-28, y+rh/2-3, mid+28, y+rh/2+3, 3, s.metal)
			}
		}
	}
	c.onTop(cx+c.between(-w/4, w/4), top-6, s)
}

// book colours: deep and faded covers.
var bookColours = []color.RGBA{
	hex(0x8c3b2e), hex(0x2f4a6d), hex(0xd4a03a), hex(0x3f6b4e), hex(0xe9e1cf), hex(0x6a86a8), hex(0x7a4a68),
	hex(0xc4694a), hex(0x4a4e54), hex(0x9c6b3f), hex(0x2e7d7a), hex(0xd79a9a),
}

// books fills a shelf from x0 to x1 standing on y, at most h tall.
func (c *canvas) books(x0, x1, y, h float64) {
	for x := x0 + c.between(0, 10); x < x1-14; {
		switch r := c.rnd.Float64(); {
		case r < 0.1 && x < x1-90: // a small stack lying down
			for i := range 3 {
				c.rect(x+float64(i)*4, y-float64(i+1)*11, x+70-float64(i)*5, y-float64(i)*11-1, bookColours[c.pick(len(bookColours))])
			}
			x += 80
		case r < 0.17 && x < x1-60: // a vase
			vc := ceramic[c.pick(len(ceramic))]
			c.ellipse(x+25, y-h*0.3, 20, h*0.3, vc)
			c.rect(x+18, y-h*0.75, x+32, y-h*0.45, vc)
			x += 60
		case r < 0.22: // a gap
			x += c.between(15, 40)
		default:
			bw, bh := c.between(10, 22), h*c.between(0.62, 0.92)
			col := bookColours[c.pick(len(bookColours))]
			c.rect(x, y-bh, x+bw, y, col)
			c.rect(x+2, y-bh+8, x+bw-2, y-bh+12, fade(white, 0.35))
			c.rect(x+2, y-18, x+bw-2, y-14, fade(white, 0.35))
			x += bw + 1
		}
	}
}

func (c *canvas) bookcase(s style) {
	cx := 400.0
	w := c.between(270, 360)
	h := c.between(370, 400)
	top := ground - h
	x0, x1 := cx-w/2, cx+w/2
	body := c.painted(s)
	c.shadow(cx, ground, w/2+10, 12)
	c.rect(x0, top, x1, ground, body)
	c.rect(x0+14, top+14, x1-14, ground-20, shade(body, 0.72))
	shelves := 4 + c.pick(2)
	sh := (h - 34) / float64(shelves)
	for i := range shelves {
		y := top + 14 + float64(i+1)*sh
		c.books(x0+16, x1-16, y-8, sh-14)
		c.rect(x0+14, y-8, x1-14, y, shade(body, 1.05))
		c.rect(x0+14, y, x1-14, y+3, fade(black, 0.15))
	}
	c.rect(x0, top, x0+14, ground, shade(body, 0.95))
	c.rect(x1-14, top, x1, ground, shade(body, 0.9))
}

func (c *canvas) cubes(s style) {
	cx := 400.0
	cols, rows := 4, 2
	if c.chance(0.5) {
		cols, rows = 3, 3
	}
	cell := c.between(95, 110)
	w, h := float64(cols)*cell+12, float64(rows)*cell+12
	top := ground - h - 8
	x0 := cx - w/2
	body := c.painted(s)
	c.shadow(cx, ground, w/2+10, 12)
	c.rect(x0, top, x0+w, ground-8, body)
	c.rect(x0+8, ground-8, x0+w-8, ground, shade(body, 0.6))
	basket := s.main
	for r := range rows {
		for k := range cols {
			bx, by := x0+6+float64(k)*cell, top+6+float64(r)*cell
			c.rect(bx+6, by+6, bx+cell-6, by+cell-6, shade(body, 0.7))
			switch c.pick(4) {
			case 0, 1:
				c.rrectV(bx+9, by+12, bx+cell-9, by+cell-6, 4, shade(basket, 1.05), shade(basket, 0.9))
				c.rrect(bx+cell/2-14, by+22, bx+cell/2+14, by+32, 5, shade(basket, 0.6))
			case 2:
				c.books(bx+8, bx+cell-8, by+cell-6, cell-20)
			default:
				if c.chance(0.5) {
					c.pottedPlant(bx+cell/2, by+cell-6, 0.22, s)
				}
			}
		}
	}
	c.onTop(cx+c.between(-w/4, w/4), top, s)
}

// sideboard is a low cabinet; with things on top when dressed.
func (c *canvas) sideboard(s style, dressed bool) (top float64) {
	cx := 400.0
	w := c.between(360, 440)
	h := c.between(140, 170)
	legH := c.between(14, 40)
	top = ground - legH - h
	x0, x1 := cx-w/2, cx+w/2
	body := c.painted(s)
	c.shadow(cx, ground, w/2+10, 12)
	for _, x := range []float64{x0 + 20, x1 - 20} {
		c.leg(x, ground-legH-2, ground, math.Copysign(8, x-cx), shade(s.wood, 0.75), 0)
	}
	c.rect(x0-4, top, x1+4, top+12, shade(body, 1.05))
	c.rect(x0, top+12, x1, ground-legH, shade(body, 0.8))
	doors := 2 + c.pick(2)
	dw := (w - 8) / float64(doors)
	for i := range doors {
		dx := x0 + 4 + float64(i)*dw
		c.rrectV(dx+2, top+16, dx+dw-2, ground-legH-4, 3, shade(body, 1.04), shade(body, 0.94))
		if body == s.wood {
			c.grain(dx+8, top+22, dx+dw-8, ground-legH-10, body)
		}
		c.rrect(dx+dw/2-20, top+30, dx+dw/2+20, top+36, 3, s.metal)
	}
	if dressed {
		c.onTop(cx+c.between(-w/4, w/4), top, s)
	}
	return top
}

func (c *canvas) floorLamp(s style, tripod bool) {
	cx := 400 + c.between(-40, 40)
	metal := s.metal
	shadeCol := c.either(s, linen, hex(0xe8dcc2), s.main, hex(0xf3efe4))
	top := c.between(110, 150)
	sh := c.between(90, 120)
	bw := c.between(70, 95)
	tw := bw * c.between(0.55, 1)
	c.glow(cx, top+sh, 360, fade(warm, 0.55))
	c.shadow(cx, ground, 90, 12)
	c.ellipse(cx, ground+18, 160, 26, fade(warm, 0.25))
	if tripod {
		wood := s.wood
		for _, dx := range []float64{-85, 85, 15} {
			c.line(cx, top+sh+60, cx+dx, ground-2, 9, wood)
		}
		c.line(cx, top+sh, cx, top+sh+70, 6, metal)
	} else {
		c.line(cx, top+sh, cx, ground-10, 7, metal)
		c.ellipse(cx, ground-6, 60, 10, shade(metal, 0.8))
		c.ellipse(cx, ground-10, 58, 8, metal)
	}
	c.poly(shadeCol, cx-tw, top, cx+tw, top, cx+bw, top+sh, cx-bw, top+sh)
	c.poly(fade(white, 0.3), cx-tw+4, top+3, cx-tw+22, top+3, cx-bw+26, top+sh-3, cx-bw+6, top+sh-3)
	c.ellipse(cx, top+sh, bw, 9, shade(warm, 1.2))
}

func (c *canvas) tableLamp(s style) {
	cx := 400.0
	top := c.sideboard(s, false)
	x := cx + c.between(-90, 90)
	base := ceramic[c.pick(len(ceramic))]
	shadeCol := c.either(s, linen, hex(0xe8dcc2), s.accent, hex(0xf3efe4))
	bh := c.between(70, 100)
	c.glow(x, top-bh-40, 260, fade(warm, 0.5))
	c.rect(x-3, top-bh-40, x+3, top-bh+10, s.metal)
	c.ellipse(x, top-bh/2, c.between(32, 45), bh/2, base)
	c.ellipse(x-10, top-bh/2-6, 8, bh*0.3, fade(white, 0.3))
	c.rect(x-22, top-8, x+22, top, shade(base, 0.8))
	sw, st := c.between(70, 90), c.between(50, 70)
	sy := top - bh - 110
	c.poly(shadeCol, x-st, sy, x+st, sy, x+sw, sy+90, x-sw, sy+90)
	c.ellipse(x, sy+90, sw, 7, shade(warm, 1.2))
	if c.chance(0.6) {
		c.onTopBooks(x+sw+30, top)
	}
}

// onTopBooks is a short pile of books.
func (c *canvas) onTopBooks(x, y float64) {
	for i := range 3 {
		c.rect(x-float64(i)*3, y-float64(i+1)*12, x+80-float64(i)*6, y-float64(i)*12-1, bookColours[c.pick(len(bookColours))])
	}
}

// pendant is n lights hanging over a table: glass globes or domes.
func (c *canvas) pendant(s style, n int, globe bool) {
	col := c.either(s, s.metal, s.main, hex(0x2d2d2d), hex(0xf1ede6))
	// A table under the lights.
	w := c.between(420, 500)
	front := ground - 200
	c.shadow(400, ground, w/2, 12)
	for _, x := range []float64{400 - w/2 + 30, 400 + w/2 - 30} {
		c.leg(x, front+16, ground, 0, shade(s.wood, 0.8), 1)
	}
	c.tableTop(400, w, front, 36, 16, s.wood)
	for i := range n {
		x := 400 + (float64(i)-float64(n-1)/2)*150
		y := c.between(200, 250)
		c.glow(x, y+30, 280, fade(warm, 0.45))
		c.ellipse(x, front-18, 60, 8, fade(warm, 0.4))
		c.line(x, -5, x, y-40, 2.5, hex(0x2d2d2d))
		if globe {
			c.disc(x, y, 48, fade(hex(0xfff3d6), 0.92))
			c.disc(x, y+6, 16, hex(0xfffbe8))
			c.disc(x-16, y-16, 12, fade(white, 0.5))
			c.rect(x-8, y-52, x+8, y-40, s.metal)
			continue
		}
		r := c.between(60, 80)
		c.rect(x-10, y-r*0.65-12, x+10, y-r*0.65+4, col)
		c.dome(x, y+20, r, r*0.9, col)
		c.dome(x-r*0.25, y+20-r*0.35, r*0.25, r*0.35, fade(white, 0.18))
		c.ellipse(x, y+20, r, 8, shade(warm, 1.2))
	}
}

func (c *canvas) deskLamp(s style) {
	cx := 400.0
	w := c.between(380, 460)
	front := ground - 200
	c.shadow(cx, ground, w/2, 12)
	for _, x := range []float64{cx - w/2 + 24, cx + w/2 - 24} {
		c.leg(x, front+14, ground, math.Copysign(8, x-cx), shade(s.wood, 0.85), 2)
	}
	c.tableTop(cx, w, front, 36, 14, s.wood)
	col := c.either(s, s.main, hex(0x2d2d2d), hex(0xf1ede6), s.metal, hex(0xc4694a))
	base := front - 18
	bx := cx + c.between(40, 90)
	ex, ey := bx+c.between(10, 40), base-c.between(150, 180) // the elbow
	hx, hy := bx-c.between(110, 150), ey+c.between(10, 40)   // the head's hinge
	c.glow(hx, hy+80, 260, fade(warm, 0.55))
	c.ellipse(hx, base+4, 80, 10, fade(warm, 0.6))
	c.ellipse(bx, base+2, 48, 10, shade(col, 0.75))
	c.rrect(bx-44, base-10, bx+44, base+2, 6, col)
	c.line(bx, base-8, ex, ey, 8, col)
	c.line(ex, ey, hx, hy, 8, col)
	c.disc(ex, ey, 10, shade(col, 0.8))
	c.disc(bx, base-8, 9, shade(col, 0.8))
	// The head: a cone hanging from its hinge, lit inside.
	c.poly(col, hx-14, hy, hx+14, hy, hx+46, hy+62, hx-46, hy+62)
	c.dome(hx, hy+2, 16, 14, col)
	c.poly(fade(white, 0.25), hx-10, hy+6, hx-4, hy+6, hx-26, hy+58, hx-36, hy+58)
	c.ellipse(hx, hy+62, 46, 8, shade(warm, 1.2))
	c.onTopBooks(cx+c.between(100, 140), front-14)
}

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

func (c *canvas) bench(s style) {
	cx := 400.0
	w := c.between(440, 520)
	seatY := ground - 150
	wood := s.wood
	if luma(wood) > 0.85 || luma(wood) < 0.25 {
		wood = hex(0xb98552)
	}
	iron := c.chance(0.5)
	frame := shade(wood, 0.7)
	if iron {
		frame = hex(0x2d2d2d)
	}
	c.shadow(cx, ground, w/2+10, 12)
	for _, x := range []float64{cx - w/2 + 30, cx + w/2 - 30} {
		c.rect(x-10, seatY-170, x+10, ground, frame)
	}
	for i := range 3 {
		y := seatY - 160 + float64(i)*40
		c.rrectV(cx-w/2+10, y, cx+w/2-10, y+28, 4, shade(wood, 1.05), shade(wood, 0.9))
		c.grain(cx-w/2+14, y+4, cx+w/2-14, y+24, wood)
	}
	c.poly(shade(wood, 1.1), cx-w/2+20, seatY-26, cx+w/2-20, seatY-26, cx+w/2, seatY, cx-w/2, seatY)
	for i := 1; i < 4; i++ {
		y := seatY - 26 + float64(i)*6.5
		c.rect(cx-w/2+10, y, cx+w/2-10, y+1.5, fade(black, 0.2))
	}
	c.rrectV(cx-w/2, seatY, cx+w/2, seatY+16, 3, shade(wood, 0.95), shade(wood, 0.8))
	for _, x := range []float64{cx - w/2 + 24, cx + w/2 - 24} {
		c.rect(x-10, seatY+16, x+10, ground, frame)
		c.rrect(x-14, seatY-80, x+14, seatY-66, 6, frame)
		c.rect(x-6, seatY-70, x+6, seatY, frame)
	}
}

func (c *canvas) parasol(s style) {
	cx := 400.0
	col := s.main
	c.shadow(cx, ground, 230, 18)
	// A small table under it.
	c.line(cx, 90, cx, ground-10, 8, hex(0xe9e6e1))
	c.ellipse(cx, ground-160, 110, 18, hex(0x2d2d2d))
	for _, dx := range []float64{-70, 70} {
		c.line(cx+dx*0.6, ground-155, cx+dx, ground, 6, hex(0x2d2d2d))
	}
	c.ellipse(cx, ground-166, 110, 18, hex(0xe9e6e1))
	c.rect(cx-30, ground-8, cx+30, ground, hex(0x4a4e54))
	apex, edge, half := 70.0, 230.0, c.between(240, 290)
	panels := 6
	for i := range panels {
		a := cx - half + float64(i)*2*half/float64(panels)
		b := a + 2*half/float64(panels)
		p := col
		if i%2 == 1 && c.chance(0.8) {
			p = linen
		}
		c.poly(p, cx, apex, b, edge, a, edge)
		c.bowl((a+b)/2, edge-1, (b-a)/2, 14, p)
	}
	c.poly(fade(black, 0.08), cx, apex, cx+half, edge, cx+half*0.6, edge)
	c.disc(cx, apex, 8, shade(col, 0.7))
}

func (c *canvas) bbq(s style) {
	cx := 400.0
	col := c.either(s, hex(0x2d2d2d), hex(0xb03a2e), hex(0x2f4a6d), hex(0x3f6b4e))
	r := c.between(105, 120)
	mid := ground - 230
	c.shadow(cx, ground, 130, 12)
	for _, dx := range []float64{-1, 1} {
		c.line(cx+dx*r*0.5, mid+r*0.6, cx+dx*r*0.9, ground-10, 9, hex(0xb8bec4))
	}
	c.line(cx, mid+r*0.7, cx, ground-40, 9, hex(0x9aa0a6))
	c.rect(cx-r*0.75, ground-70, cx+r*0.75, ground-64, hex(0x9aa0a6))
	c.disc(cx+r*0.9, ground-18, 18, hex(0x2d2d2d))
	c.disc(cx+r*0.9, ground-18, 6, hex(0x9aa0a6))
	c.bowl(cx, mid, r, r*0.8, col)
	c.dome(cx, mid-6, r, r*0.75, shade(col, 1.12))
	c.rect(cx-r, mid-8, cx+r, mid, hex(0xb8bec4))
	c.rrect(cx-40, mid-r*0.75-22, cx+40, mid-r*0.75-10, 6, hex(0x2d2d2d))
	c.rect(cx-30, mid-r*0.75-14, cx-24, mid-r*0.75, hex(0x2d2d2d))
	c.rect(cx+24, mid-r*0.75-14, cx+30, mid-r*0.75, hex(0x2d2d2d))
	c.leaf(cx-r*0.45, mid-r*0.4, r*0.3, 9, -0.7, fade(white, 0.25))
	c.disc(cx+r*0.4, mid-r*0.5, 10, hex(0xb8bec4))
}

// bistro is a folding table with two chairs.
func (c *canvas) bistro(s style) {
	col := c.either(s, s.main, hex(0x2d2d2d), hex(0x3f6b4e), hex(0xe9e6e1))
	c.shadow(400, ground, 260, 14)
	chair := func(cx float64) {
		seatY := ground - 150
		c.line(cx-40, seatY-130, cx-40, ground, 7, col)
		c.line(cx+40, seatY-130, cx+40, ground, 7, col)
		for y := seatY - 128; y < seatY-50; y += 22 {
			c.rect(cx-40, y, cx+40, y+12, col)
		}
		c.rrect(cx-52, seatY-8, cx+52, seatY+8, 4, shade(col, 0.85))
		c.line(cx-46, seatY+8, cx-58, ground, 7, col)
		c.line(cx+46, seatY+8, cx+58, ground, 7, col)
	}
	chair(200)
	chair(600)
	top := ground - 190
	c.line(400, top, 340, ground, 8, col)
	c.line(400, top, 460, ground, 8, col)
	c.ellipse(400, top+8, 120, 20, shade(col, 0.75))
	c.ellipse(400, top, 120, 20, shade(col, 1.08))
	c.onTop(400, top, s)
}

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

// mirror hangs over a sideboard: round (shape 0), arched (1) or framed.
func (c *canvas) mirror(s style, shape int) {
	top := c.sideboard(s, false)
	cx := 400 + c.between(-30, 30)
	frame := []color.RGBA{hex(0xc9a24b), s.wood, hex(0x2d2d2d), hex(0xf1ede6)}[c.pick(4)]
	switch shape {
	case 0: // round
		r := c.between(95, 125)
		cy := top - r - 30
		c.disc(cx+6, cy+8, r+14, fade(black, 0.12))
		c.disc(cx, cy, r+14, frame)
		c.disc(cx, cy, r, hex(0xc6d6de))
		c.leaf(cx-r*0.3, cy-r*0.25, r*0.55, r*0.12, -0.8, fade(white, 0.35))
	case 1: // arched
		w, h := c.between(170, 210), c.between(240, 270)
		y1 := top - 20
		arch := func(x, y float64, inset float64) float64 {
			return min(boxDist(x, y, cx-w/2+inset, y1-h+w/2, cx+w/2-inset, y1-inset, 0),
				max(ellipseDist(x, y, cx, y1-h+w/2, w/2-inset, w/2-inset), y-(y1-h+w/2)))
		}
		c.fill(cx-w/2, y1-h, cx+w/2, y1, frame, func(x, y float64) float64 { return arch(x, y, 0) })
		c.fill(cx-w/2, y1-h, cx+w/2, y1, hex(0xc6d6de), func(x, y float64) float64 { return arch(x, y, 12) })
		c.fill(cx-w/2, y1-h, cx+w/2, y1, fade(white, 0.35), func(x, y float64) float64 {
			return max(arch(x, y, 12), math.Abs((x-cx)+(y-y1+h/2)*0.7)-18)
		})
	default: // a framed rectangle
		w, h := c.between(220, 300), c.between(160, 200)
		c.rect(cx-w/2+6, top-30-h+8, cx+w/2+6, top-22, fade(black, 0.12))
		c.rect(cx-w/2, top-30-h, cx+w/2, top-30, frame)
		c.mirrorGlass(cx-w/2+14, top-30-h+14, cx+w/2-14, top-44, 0)
	}
	c.onTop(400+c.between(110, 150), top, s)
}

func (c *canvas) vases(s style) {
	top := c.sideboard(s, false)
	n := 2 + c.pick(2)
	for i := range n {
		x := 400 + (float64(i)-float64(n-1)/2)*c.between(90, 110)
		col := ceramic[c.pick(len(ceramic))]
		h := c.between(90, 170)
		r := c.between(28, 48)
		if c.chance(0.4) { // dried stems
			for j := range 5 {
				a := -math.Pi/2 + (float64(j)-2)*0.18
				tx, ty := x+math.Cos(a)*h*1.2, top-h+math.Sin(a)*h
				c.line(x, top-h*0.6, tx, ty, 2, hex(0x9c8a5a))
				c.leaf(tx, ty, 14, 5, a, hex(0xd9c38f))
			}
		}
		switch c.pick(3) {
		case 0:
			c.ellipse(x, top-h*0.38, r, h*0.38, col)
			c.rect(x-r*0.35, top-h, x+r*0.35, top-h*0.6, col)
			c.ellipse(x, top-h, r*0.45, 5, shade(col, 0.8))
		case 1:
			c.rrect(x-r*0.8, top-h, x+r*0.8, top, 10, col)
			c.ellipse(x, top-h, r*0.8, 6, shade(col, 0.8))
		default:
			c.poly(col, x-r*0.4, top-h, x+r*0.4, top-h, x+r, top-h*0.3, x+r*0.7, top, x-r*0.7, top, x-r, top-h*0.3)
		}
		c.rect(x-r*0.55, top-h*0.7, x-r*0.4, top-12, fade(white, 0.25))
	}
}

func (c *canvas) art(s style) {
	top := c.sideboard(s, false)
	w, h := c.between(260, 340), c.between(180, 230)
	y := top - 40 - h
	frame := []color.RGBA{hex(0x2d2d2d), hex(0xc9a24b), hex(0xf5f3ee), s.wood}[c.pick(4)]
	c.rect(400-w/2+6, y+8, 400+w/2+6, y+h+8, fade(black, 0.12))
	c.rect(400-w/2, y, 400+w/2, y+h, frame)
	c.rect(400-w/2+12, y+12, 400+w/2-12, y+h-12, hex(0xfbf8f1))
	x0, y0, x1, y1 := 400-w/2+30, y+30, 400+w/2-30, y+h-30
	iw, ih := x1-x0, y1-y0
	c.rect(x0, y0, x1, y1, []color.RGBA{hex(0xf3e9d6), hex(0xe5ecef), hex(0xf4ddd0)}[c.pick(3)])
	clip := func(x, y float64) float64 { return boxDist(x, y, x0, y0, x1, y1, 0) }
	for range 4 {
		col := []color.RGBA{s.main, s.accent, hex(0xd4a03a), hex(0x2f4a6d), hex(0xc4694a)}[c.pick(5)]
		px, py, r := x0+c.between(0.1, 0.9)*iw, y0+c.between(0.2, 1)*ih, c.between(0.15, 0.35)*ih
		c.fill(x0, y0, x1, y1, fade(col, 0.9), func(x, y float64) float64 {
			return max(clip(x, y), length(x-px, y-py)-r)
		})
	}
	c.rect(x0+iw*0.1, y1-ih*0.2, x1-iw*0.3, y1-ih*0.2+4, hex(0x2d2d2d))
	c.onTop(400+c.between(-100, 100), top, s)
}

func (c *canvas) clock(s style) {
	top := c.sideboard(s, true)
	cx, cy := 400+c.between(-40, 40), top-180
	r := c.between(80, 100)
	rim := []color.RGBA{hex(0x2d2d2d), s.wood, hex(0xc9a24b), s.main}[c.pick(4)]
	c.disc(cx+5, cy+7, r+10, fade(black, 0.12))
	c.disc(cx, cy, r+10, rim)
	c.disc(cx, cy, r, hex(0xfbf8f1))
	for i := range 12 {
		sin, cos := math.Sincos(float64(i) * math.Pi / 6)
		l := 8.0
		if i%3 == 0 {
			l = 16
		}
		c.line(cx+sin*(r-8), cy-cos*(r-8), cx+sin*(r-8-l), cy-cos*(r-8-l), 3, hex(0x2d2d2d))
	}
	h, m := c.between(0, 2*math.Pi), c.between(0, 2*math.Pi)
	c.line(cx, cy, cx+math.Sin(h)*r*0.5, cy-math.Cos(h)*r*0.5, 6, hex(0x2d2d2d))
	c.line(cx, cy, cx+math.Sin(m)*r*0.75, cy-math.Cos(m)*r*0.75, 4, hex(0x2d2d2d))
	c.disc(cx, cy, 6, hex(0xc4694a))
}
