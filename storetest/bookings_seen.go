package storetest

import (
	"testing"

	"rehome/app"
)

// RunBookingsSeen checks the marker of the bookings a seller has seen in
// My Buyers, and the count of open bookings past it.
func RunBookingsSeen(t *testing.T, open func(t *testing.T) Stores) {
	w := newWorld(t, open)
	bea, cy := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleBuyer)
	olga := w.user(t, "olga", app.RoleSeller)
	first, second := w.book(t, w.product(t, "Chair"), bea), w.book(t, w.product(t, "Desk"), bea)
	olgas := w.newProduct("Lamp")
	olgas.SellerID = olga.ID
	must(t, w.CreateProduct(w.ctx, olgas))
	ofOlga := w.book(t, olgas, bea)

	want := func(step string, sellerID, seen int64, count int) {
		t.Helper()
		if got, err := w.BookingsSeen(w.ctx, sellerID); err != nil || got != seen {
			t.Errorf("%s: BookingsSeen = %d, %v; want %d", step, got, err, seen)
		}
		if got, err := w.NewBookings(w.ctx, sellerID); err != nil || got != count {
			t.Errorf("%s: NewBookings = %d, %v; want %d", step, got, err, count)
		}
	}
	want("before any look", w.seller.ID, 0, 2)
	want("another seller's", olga.ID, 0, 1)

	must(t, w.SeeBookings(w.ctx, w.seller.ID, first.ID))
	want("seen up to the first", w.seller.ID, first.ID, 1)
	// Up to a later booking of someone else: the seller's newest before it.
	must(t, w.SeeBookings(w.ctx, w.seller.ID, ofOlga.ID))
	want("seen up to another's", w.seller.ID, second.ID, 0)
	must(t, w.SeeBookings(w.ctx, w.seller.ID, first.ID))
	want("never back", w.seller.ID, second.ID, 0)
	want("another seller's untouched", olga.ID, 0, 1)

	// Only open bookings are new: booked, or paid and not handed over.
	cancelled := w.book(t, w.product(t, "Shelf"), cy)
	declined := w.book(t, w.product(t, "Stool"), cy)
	paid := w.book(t, w.product(t, "Bed"), cy)
	want("three new", w.seller.ID, second.ID, 3)
	must(t, w.CancelBooking(w.ctx, cancelled.ID))
	must(t, w.DeclineBooking(w.ctx, declined.ID, ""))
	must(t, w.MarkPaid(w.ctx, paid.ID))
	want("cancelled and declined", w.seller.ID, second.ID, 1)
	_, err := w.HandoverCode(w.ctx, paid.ID, "246810")
	must(t, err)
	must(t, w.HandOver(w.ctx, paid.ID, "246810"))
	want("handed over", w.seller.ID, second.ID, 0)

	// A buyer has no bookings to see: the marker stays unset.
	must(t, w.SeeBookings(w.ctx, bea.ID, second.ID))
	want("a buyer", bea.ID, 0, 0)
}
