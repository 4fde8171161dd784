package app

import (
	"context"
	"time"
)

const (
	// NoShowAfter is how long after an agreed pickup time either side may
	// say the other did not come.
	NoShowAfter = 2 * time.Hour
	// NoShowsCounted is how far back a public profile counts no-shows.
	NoShowsCounted = 365 * 24 * time.Hour
)

// Who did not come to a booking's pickup (Booking.NoShow).
const (
	NoShowBuyer  = "buyer"
	NoShowSeller = "seller"
)

// CanReportBuyerNoShow and CanReportSellerNoShow let each side of a booking
// say the other did not come; nobody else knows.
func CanReportBuyerNoShow(u *User, b *Booking) bool  { return u != nil && u.ID == b.SellerID }
func CanReportSellerNoShow(u *User, b *Booking) bool { return u != nil && u.ID == b.BuyerID }

// NoShowOpen says whether b's pickup is far enough past to be missed.
func NoShowOpen(b *Booking, now time.Time) error {
	switch {
	case b.Status != BookingBooked:
		return Errorf(KindConflict, "Only an open booking can end in a no-show")
	case b.PickupAt == nil:
		return Errorf(KindConflict, "A no-show needs a pickup time you both agreed on")
	case now.Before(b.PickupAt.Add(NoShowAfter)):
		return Errorf(KindConflict, "You can say they did not come 2 hours after the agreed pickup time")
	}
	return nil
}

// BuyerNoShow is the seller saying the buyer did not come: the booking is
// declined, and the next buyer in the queue is told.
func (s *Bookings) BuyerNoShow(ctx context.Context, actor *User, id int64) (*Booking, error) {
	return s.noShow(ctx, actor, id, NoShowBuyer, CanReportBuyerNoShow)
}

// SellerNoShow is the buyer saying the seller did not come: the booking is
// cancelled.
func (s *Bookings) SellerNoShow(ctx context.Context, actor *User, id int64) (*Booking, error) {
	return s.noShow(ctx, actor, id, NoShowSeller, CanReportSellerNoShow)
}

func (s *Bookings) noShow(ctx context.Context, actor *User, id int64, absent string, may func(*User, *Booking) bool) (*Booking, error) {
	b, err := s.bookingFor(ctx, actor, id, may)
	if err != nil {
		return nil, err
	}
	// The store decides on the booking and the time, by its clock.
	if err := s.bookings.MarkNoShow(ctx, b.ID, absent); err != nil {
		return nil, err
	}
	s.bookingChanged(b, nil)
	if next := s.queuedBehind(ctx, b); len(next) > 0 {
		s.bookingChanged(&next[0], nextInQueueNote(&next[0]))
	}
	return s.bookingAs(ctx, actor, id)
}

// NoShowsOf counts a person's no-shows that their profile shows.
func (s *Accounts) noShowsOf(ctx context.Context, userID int64) (int, error) {
	return s.bookings.bookings.NoShowsOf(ctx, userID, NoShowsCounted)
}

func nextInQueueNote(b *Booking) *bookingNote {
	return &bookingNote{to: b.BuyerID, PushNote: PushNote{Kind: PushBooking, Title: "You're next: {product}",
		Body: "The booking before yours ended. Write to the seller to arrange a pickup", Vars: []string{"product", b.Product}, Link: Link{Screen: ScreenMyOrders},
		Tag: bookingTag(b)}}
}
