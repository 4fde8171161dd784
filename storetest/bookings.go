package storetest

import (
	"testing"

	"rehome/app"
)

// RunBookings checks bookings and payments one call at a time: what each
// state allows, not found as an error, the lists' order and paging, and
// what a payment does to the product and its other bookings.
func RunBookings(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("RoundTrip", func(t *testing.T) {
		w := newWorld(t, open)
		p := w.product(t, "Chair")
		b := w.book(t, p, w.user(t, "bea", app.RoleBuyer))
		if b.ID == 0 || b.Created.IsZero() {
			t.Fatalf("CreateBooking filled in ID %d, Created %v", b.ID, b.Created)
		}
		got, err := w.BookingByID(w.ctx, b.ID)
		must(t, err)
		if got.Product != "Chair" || *got.ProductID != p.ID || got.BuyerID != b.BuyerID || got.SellerID != w.seller.ID ||
			got.Status != app.BookingBooked || !got.Created.Equal(b.Created) {
			t.Errorf("read back %+v", got)
		}
		if w.productStatus(t, p.ID) != app.StatusReserved {
			t.Errorf("a product with an open booking reads %s", w.productStatus(t, p.ID))
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		w := newWorld(t, open)
		for name, call := range map[string]func() error{
			"BookingByID":    func() error { _, err := w.BookingByID(w.ctx, 9999); return err },
			"CancelBooking":  func() error { return w.CancelBooking(w.ctx, 9999) },
			"DeclineBooking": func() error { return w.DeclineBooking(w.ctx, 9999, "") },
			"MarkPaid":       func() error { return w.MarkPaid(w.ctx, 9999) },
			"PaymentID":      func() error { _, err := w.PaymentID(w.ctx, 9999); return err },
			"CreateBooking": func() error {
				b := w.newBooking(w.newProduct("Ghost"), w.seller)
				*b.ProductID = 9999
				return w.CreateBooking(w.ctx, b)
			},
		} {
			t.Run(name, func(t *testing.T) { wantKind(t, call(), app.KindNotFound) })
		}
	})
	t.Run("States", func(t *testing.T) {
		// Each case starts from a fresh booking, brought to a state by
		// before, and then makes one more call.
		for _, tc := range []struct {
			name   string
			before func(w *world, b *app.Booking) error
			call   func(w *world, b *app.Booking) error
			want   app.Kind
			status app.BookingStatus
		}{
			{"Cancel", nil, cancel, "", app.BookingCancelled},
			{"CancelTwiceIsOnce", cancel, cancel, "", app.BookingCancelled},
			{"Decline", nil, decline, "", app.BookingDeclined},
			{"ErrDeclineCancelled", cancel, decline, app.KindConflict, app.BookingCancelled},
			{"ErrCancelDeclined", decline, cancel, app.KindConflict, app.BookingDeclined},
			{"ErrCancelPaid", pay, cancel, app.KindConflict, app.BookingPaid},
			{"ErrDeclinePaid", pay, decline, app.KindConflict, app.BookingPaid},
			{"Pay", nil, pay, "", app.BookingPaid},
			{"ErrPayTwice", pay, pay, app.KindConflict, app.BookingPaid},
			{"ErrPayCancelled", cancel, pay, app.KindConflict, app.BookingCancelled},
			{"ErrPayDeclined", decline, pay, app.KindConflict, app.BookingDeclined},
			{"BookAgainAfterCancel", cancel, bookAgain, "", app.BookingCancelled},
			{"ErrBookTwice", nil, bookAgain, app.KindConflict, app.BookingBooked},
			{"ErrBookPaid", pay, bookAgain, app.KindConflict, app.BookingPaid},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w := newWorld(t, open)
				b := w.book(t, w.product(t, "Desk"), w.user(t, "bea", app.RoleBuyer))
				if tc.before != nil {
					must(t, tc.before(w, b))
				}
				wantKind(t, tc.call(w, b), tc.want)
				if got := w.bookingStatus(t, b.ID); got != tc.status {
					t.Errorf("booking is %s, want %s", got, tc.status)
				}
			})
		}
	})
	t.Run("PaymentSellsAndCallsOffTheRest", func(t *testing.T) {
		w := newWorld(t, open)
		p, other := w.product(t, "Table"), w.product(t, "Stool")
		bea, cy := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleBuyer)
		won, lost, elsewhere := w.book(t, p, bea), w.book(t, p, cy), w.book(t, other, cy)
		must(t, w.MarkPaid(w.ctx, won.ID))
		for id, want := range map[int64]app.BookingStatus{won.ID: app.BookingPaid, lost.ID: app.BookingCancelled, elsewhere.ID: app.BookingBooked} {
			if got := w.bookingStatus(t, id); got != want {
				t.Errorf("booking %d is %s, want %s", id, got, want)
			}
		}
		if got := w.productStatus(t, p.ID); got != app.StatusSold {
			t.Errorf("paid product is %s", got)
		}
		open, err := w.OpenBookingsOf(w.ctx, p.ID)
		must(t, err)
		if len(open) != 0 {
			t.Errorf("a sold product has open bookings %+v", open)
		}
		wantKind(t, w.CreateBooking(w.ctx, w.newBooking(p, w.user(t, "dee", app.RoleBuyer))), app.KindConflict)
	})
	t.Run("DeletionCallsOffBookings", func(t *testing.T) {
		w := newWorld(t, open)
		p := w.product(t, "Shelf")
		b := w.book(t, p, w.user(t, "bea", app.RoleBuyer))
		must(t, w.DeleteProduct(w.ctx, p.ID))
		got, err := w.BookingByID(w.ctx, b.ID)
		must(t, err)
		if got.Status != app.BookingCancelled || got.ProductID != nil || got.Product != "Shelf" {
			t.Errorf("booking of a deleted product: %+v", got)
		}
	})
	t.Run("BookedFromWhateverBecameOfIt", func(t *testing.T) {
		w := newWorld(t, open)
		bea, cy, olga := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleBuyer), w.user(t, "olga", app.RoleSeller)
		p := w.product(t, "Lamp")
		must(t, w.CancelBooking(w.ctx, w.book(t, p, bea).ID))
		must(t, w.DeleteProduct(w.ctx, p.ID))
		for _, tc := range []struct {
			seller, buyer *app.User
			want          bool
		}{{w.seller, bea, true}, {w.seller, cy, false}, {olga, bea, false}, {bea, w.seller, false}} {
			got, err := w.BookedFrom(w.ctx, tc.seller.ID, tc.buyer.ID)
			must(t, err)
			if got != tc.want {
				t.Errorf("BookedFrom(%s, %s) = %v, want %v", tc.seller.Name, tc.buyer.Name, got, tc.want)
			}
		}
	})
	t.Run("ListsNewestFirstInPages", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		for _, name := range []string{"a", "b", "c", "d"} {
			w.book(t, w.product(t, name), bea)
		}
		for _, tc := range []struct {
			page app.Page
			want string
		}{
			{app.Page{Limit: 10}, "d c b a"},
			{app.Page{Limit: 3}, "d c b"},
			{app.Page{Limit: 3, Offset: 3}, "a"},
		} {
			buyer, err := w.BuyerBookings(w.ctx, bea.ID, tc.page)
			must(t, err)
			seller, err := w.SellerBookings(w.ctx, w.seller.ID, tc.page)
			must(t, err)
			for _, list := range []app.List[app.Booking]{buyer, seller} {
				if got := names(list.Items, func(b app.Booking) string { return b.Product }); got != tc.want || list.Total != 4 {
					t.Errorf("bookings %+v = %q of %d, want %q of 4", tc.page, got, list.Total, tc.want)
				}
			}
		}
	})
	t.Run("PaymentIDKeepsTheFirst", func(t *testing.T) {
		w := newWorld(t, open)
		b := w.book(t, w.product(t, "Bed"), w.user(t, "bea", app.RoleBuyer))
		must(t, w.SetPaymentID(w.ctx, b.ID, "pi_first"))
		must(t, w.SetPaymentID(w.ctx, b.ID, "pi_second"))
		if got, err := w.PaymentID(w.ctx, b.ID); err != nil || got != "pi_first" {
			t.Errorf("PaymentID = %q, %v; want pi_first", got, err)
		}
	})
	t.Run("EventActedOnOnce", func(t *testing.T) {
		w := newWorld(t, open)
		b := w.book(t, w.product(t, "Bed"), w.user(t, "bea", app.RoleBuyer))
		for i, want := range []bool{true, false} {
			done, err := w.MarkPaidByEvent(w.ctx, "evt_1", b.ID)
			if err != nil || done != want {
				t.Errorf("delivery %d: done %v, %v; want %v", i+1, done, err, want)
			}
		}
	})
}

func cancel(w *world, b *app.Booking) error  { return w.CancelBooking(w.ctx, b.ID) }
func decline(w *world, b *app.Booking) error { return w.DeclineBooking(w.ctx, b.ID, "Sold elsewhere") }
func pay(w *world, b *app.Booking) error     { return w.MarkPaid(w.ctx, b.ID) }

// bookAgain has b's buyer book b's product once more.
func bookAgain(w *world, b *app.Booking) error {
	again := *b
	again.ID, again.Status = 0, app.BookingBooked
	return w.CreateBooking(w.ctx, &again)
}
