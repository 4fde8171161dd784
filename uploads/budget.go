package uploads

import (
	"context"
	"image"
	"image/color"
	"runtime"
	"sync"

	"golang.org/x/sync/semaphore"
)

// A picture's bitmap, not its file, is what costs memory while it is
// decoded: a PNG of 100 KB can describe 6000x6000 pixels. So decoding is
// budgeted by the pixels in flight, read from the header before anything
// is allocated. Peak heap per source pixel while one picture is processed:
//
//	bitmap       JPEG 1.5 (4:2:0, what cameras write) to 4 (CMYK), GIF 1,
//	             WebP 1.5 to 4, PNG 1 to 4 at 8 bits, 8 at 16 bits
//	halved copy  1 (a quarter of the pixels at 4 bytes), made while the
//	             bitmap is still alive; for layouts halve has no fast path
//	             for (16-bit, paletted, CMYK) imaging's first pass: 2 more
//	the rest     the 1600 px picture and its thumbnail: at most 10 MB
//
// so 2.5 B/px for a phone's JPEG, 5 for an 8-bit PNG and 11 for a 16-bit
// one. Picture sizes are checked against app.MaxImagePixels (40 MP) before.
const (
	// normalPixels is the most a normal picture has: a 12-megapixel phone
	// photo (4000x3000, or 4032x3024 = 12.2 MP) with room to spare. Larger
	// ones are large: rare, slow (seconds) and costly (a 36 MP PNG is 180 MB
	// of heap).
	normalPixels = 13_000_000
	// decodeBudget is the pixels decoded at once: 40 MP is 100 MB of JPEGs
	// or 200 MB of 8-bit PNGs. A picture larger than the large share below
	// decodes alone, beside at most normalPixels of normal ones: 53 MP in
	// the worst case, which for phone photos beside a 36 MP PNG is 210 MB,
	// and even if all of it were 8-bit PNGs 265 MB. Only 16-bit pictures
	// near app.MaxImagePixels break this: one of 40 MP alone is 440 MB.
	decodeBudget = 40_000_000
	// largeShare is what large pictures may hold of the budget together, so
	// that normalPixels is always left for normal ones: a phone photo by
	// someone else waits for other normal pictures at most, never for the
	// seconds a large one takes.
	largeShare = decodeBudget - normalPixels
)

// Decode is a picture about to be decoded, as its header describes it.
type Decode struct {
	Uploader int64 // the account it is for; 0 for none
	Pixels   int64
	// Large is more than a phone photo, counting 16-bit pixels twice: one
	// per account at a time, within the large share.
	Large bool
	// weight is its share of decodeBudget: its pixels, twice over for a
	// 16-bit PNG, whose bitmap has 8 bytes a pixel rather than at most 4.
	weight int64
}

func newDecode(uploader int64, cfg image.Config) Decode {
	d := Decode{Uploader: uploader, Pixels: int64(cfg.Width) * int64(cfg.Height)}
	d.weight = d.Pixels
	switch cfg.ColorModel {
	case color.RGBA64Model, color.NRGBA64Model:
		d.weight *= 2
	}
	d.Large = d.weight > normalPixels
	return d
}

// budget hands out shares of decodeBudget. Its semaphores are FIFO: a
// large picture at the head of the queue holds back the normal ones behind
// it until the normal ones ahead have finished, so it is never starved.
type budget struct {
	all   *semaphore.Weighted // decodeBudget, for every picture
	large *semaphore.Weighted // largeShare, taken first by large pictures
	turns accountTurns        // one large picture per account at a time
}

func newBudget() *budget {
	return &budget{
		all:   semaphore.NewWeighted(decodeBudget),
		large: semaphore.NewWeighted(largeShare),
		turns: accountTurns{waiting: map[int64]*turn{}},
	}
}

// acquire waits until d may be decoded, or ctx ends. release gives its
// share back.
func (b *budget) acquire(ctx context.Context, d Decode) (release func(), err error) {
	if !d.Large {
		if err := b.all.Acquire(ctx, d.weight); err != nil {
			return nil, err
		}
		return func() { b.all.Release(d.weight) }, nil
	}
	// The web app uploads up to 8 photos at once; an account's large ones
	// take turns, so they do not hold the large share against everyone else.
	if err := b.turns.acquire(ctx, d.Uploader); err != nil {
		return nil, err
	}
	// One larger than the share decodes alone.
	share := min(d.weight, largeShare)
	if err := b.large.Acquire(ctx, share); err != nil {
		b.turns.release(d.Uploader)
		return nil, err
	}
	if err := b.all.Acquire(ctx, share); err != nil {
		b.large.Release(share)
		b.turns.release(d.Uploader)
		return nil, err
	}
	return func() {
		b.all.Release(share)
		// The decode left up to a couple of hundred MB of garbage. Left to
		// the pacer, which lets the heap grow to twice what was live at the
		// last collection, the next large picture's bitmap is allocated on
		// top of it: four 36 MP PNGs took the server to 367 MB of resident
		// memory, 230 MB with this (TestHugePicturesKeepMemoryDown). One
		// collection per seconds-long decode costs next to nothing.
		runtime.GC()
		b.large.Release(share)
		b.turns.release(d.Uploader)
	}, nil
}

// accountTurns lets one large picture per account be decoded at a time.
type accountTurns struct {
	mu      sync.Mutex
	waiting map[int64]*turn // accounts with a large picture in flight or waiting
}

type turn struct {
	sem   *semaphore.Weighted // of 1; FIFO, and waits honour the context
	users int                 // holding or waiting for it
}

func (a *accountTurns) acquire(ctx context.Context, account int64) error {
	if account == 0 {
		return nil // no account: only the large share applies
	}
	a.mu.Lock()
	t := a.waiting[account]
	if t == nil {
		t = &turn{sem: semaphore.NewWeighted(1)}
		a.waiting[account] = t
	}
	t.users++
	a.mu.Unlock()
	if err := t.sem.Acquire(ctx, 1); err != nil {
		a.leave(account, t)
		return err
	}
	return nil
}

func (a *accountTurns) release(account int64) {
	if account == 0 {
		return
	}
	a.mu.Lock()
	t := a.waiting[account]
	a.mu.Unlock()
	t.sem.Release(1)
	a.leave(account, t)
}

func (a *accountTurns) leave(account int64, t *turn) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if t.users--; t.users == 0 {
		delete(a.waiting, account)
	}
}
