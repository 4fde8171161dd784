package uploads_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"testing"

	"rehome/app"
	"rehome/internal/testpicture"
	"rehome/uploads"
)

// decodeEvent is a decode starting or ending, as the store's observer tells.
type decodeEvent struct {
	uploader   int64
	large, end bool
}

// heldStore is a store whose large decodes, once started, wait until the
// test lets their uploader's go on, holding their share of the budget.
type heldStore struct {
	*uploads.Store
	events  chan decodeEvent
	proceed map[int64]chan struct{}
}

func newHeldStore(t *testing.T, uploaders ...int64) *heldStore {
	s := newStore(t)
	h := &heldStore{Store: s.Store, events: make(chan decodeEvent), proceed: map[int64]chan struct{}{}}
	for _, u := range uploaders {
		h.proceed[u] = make(chan struct{})
	}
	s.ObserveDecodes(func(d uploads.Decode) func() {
		h.events <- decodeEvent{uploader: d.Uploader, large: d.Large}
		if d.Large {
			<-h.proceed[d.Uploader]
		}
		return func() { h.events <- decodeEvent{uploader: d.Uploader, large: d.Large, end: true} }
	})
	return h
}

// upload saves picture for uploader in the background.
func (h *heldStore) upload(t *testing.T, ctx context.Context, uploader int64, picture []byte) <-chan error {
	done := make(chan error, 1)
	go func() {
		_, err := h.Save(ctx, uploader, bytes.NewReader(picture))
		done <- err
	}()
	return done
}

// largePicture is more than a phone photo, yet small enough that two fit
// the large share together, so that only the per-account turn holds back an
// account's second one.
func largePicture(t *testing.T) []byte {
	side := int(math.Sqrt(uploads.NormalPixels)) + 1
	if 2*side*side > uploads.LargeShare {
		t.Fatalf("two %dx%d pictures do not fit the large share", side, side)
	}
	return testpicture.FlatPNG(side, side, testpicture.Gray)
}

func (h *heldStore) want(t *testing.T, want decodeEvent) {
	t.Helper()
	if got := <-h.events; got != want {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

// TestLargePicturesTakeTurns holds large decodes in flight while others
// wait: a phone photo by someone else is stored meanwhile, and an account's
// second large picture starts only once its first has finished.
func TestLargePicturesTakeTurns(t *testing.T) {
	h := newHeldStore(t, 1, 2, 3, 4)
	large, phone := largePicture(t), testpicture.FlatPNG(4032, 3024, testpicture.Gray)
	ctx := context.Background()
	var done []<-chan error

	done = append(done, h.upload(t, ctx, 1, large))
	h.want(t, decodeEvent{uploader: 1, large: true})
	// Account 1's second waits for its first; account 2's need not.
	done = append(done, h.upload(t, ctx, 1, large), h.upload(t, ctx, 2, large))
	h.want(t, decodeEvent{uploader: 2, large: true})
	// The large share is taken: these two wait.
	done = append(done, h.upload(t, ctx, 3, large), h.upload(t, ctx, 4, large))

	photo := h.upload(t, ctx, 5, phone)
	h.want(t, decodeEvent{uploader: 5})
	h.want(t, decodeEvent{uploader: 5, end: true})
	if err := <-photo; err != nil {
		t.Fatalf("the phone photo: %v", err)
	}

	// Let the others go while account 1's first stays, so that its second
	// would start beside it if it did not wait for its turn.
	inFlight := map[int64]int{1: 1, 2: 1}
	h.proceed[2] <- struct{}{}
	for ended := 0; ended < len(done); {
		switch e := <-h.events; {
		case e.end:
			inFlight[e.uploader]--
			if ended++; ended == 3 { // accounts 2, 3 and 4
				h.proceed[1] <- struct{}{}
			}
		case inFlight[e.uploader] > 0:
			t.Fatalf("account %d's second large picture started beside its first", e.uploader)
		default:
			inFlight[e.uploader]++
			h.proceed[e.uploader] <- struct{}{}
		}
	}
	for _, d := range done {
		if err := <-d; err != nil {
			t.Error(err)
		}
	}
}

// TestLargePictureWaitEndsWithItsRequest: a person who gives up on their
// second large picture while it waits for their first gets their turn back.
func TestLargePictureWaitEndsWithItsRequest(t *testing.T) {
	h := newHeldStore(t, 1)
	large := largePicture(t)
	first := h.upload(t, context.Background(), 1, large)
	h.want(t, decodeEvent{uploader: 1, large: true})

	ctx, cancel := context.WithCancel(context.Background())
	second := h.upload(t, ctx, 1, large)
	cancel()
	if err := <-second; !errors.Is(err, context.Canceled) {
		t.Fatalf("the second: got %v, want it canceled", err)
	}

	h.proceed[1] <- struct{}{}
	h.want(t, decodeEvent{uploader: 1, large: true, end: true})
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	third := h.upload(t, context.Background(), 1, large)
	h.want(t, decodeEvent{uploader: 1, large: true})
	h.proceed[1] <- struct{}{}
	h.want(t, decodeEvent{uploader: 1, large: true, end: true})
	if err := <-third; err != nil {
		t.Fatal(err)
	}
}

// TestPictureLargerThanTheShareDecodesAlone: the largest picture allowed
// needs more than the large share, and must not wait for it for ever.
func TestPictureLargerThanTheShareDecodesAlone(t *testing.T) {
	h := newHeldStore(t, 1)
	side := int(math.Sqrt(app.MaxImagePixels))
	if side*side <= uploads.LargeShare {
		t.Fatalf("a %dx%d picture fits the large share", side, side)
	}
	done := h.upload(t, context.Background(), 1, testpicture.FlatPNG(side, side, testpicture.Gray))
	h.want(t, decodeEvent{uploader: 1, large: true})
	h.proceed[1] <- struct{}{}
	h.want(t, decodeEvent{uploader: 1, large: true, end: true})
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestSixteenBitPicturesCountTwice: a 16-bit PNG's bitmap has 8 bytes a
// pixel, twice an 8-bit one's, so 9 megapixels of it are as large as 18.
func TestSixteenBitPicturesCountTwice(t *testing.T) {
	h := newHeldStore(t, 1)
	for _, c := range []struct {
		layout testpicture.Layout
		large  bool
	}{{testpicture.RGB, false}, {testpicture.RGB16, true}} {
		done := h.upload(t, context.Background(), 1, testpicture.FlatPNG(3000, 3000, c.layout))
		h.want(t, decodeEvent{uploader: 1, large: c.large})
		if c.large {
			h.proceed[1] <- struct{}{}
		}
		h.want(t, decodeEvent{uploader: 1, large: c.large, end: true})
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}
