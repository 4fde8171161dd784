package app

import "context"

// A seller sees new bookings: the top bar's badge counts them beside the
// unread messages, and My Buyers marks them until the seller has seen
// them there. Seen is per person, not per device: My Buyers tells the
// server the newest booking it showed (SeeBookings), and every device of
// the seller counts from there.

// StillOpen reports whether the booking still asks something of its
// seller: booked or paid, and not handed over yet. A cancelled or
// declined one, or one handed over, is never new. The stores' NewBookings
// count the same condition.
func (b *Booking) StillOpen() bool {
	return (b.Status == BookingBooked || b.Status == BookingPaid) && b.HandedOverAt == nil
}

// SeenInput is the body of POST /api/mybuyers/seen: the newest booking My
// Buyers showed.
type SeenInput struct {
	BookingID int64 `json:"booking_id"`
}

// SeeBookings records that My Buyers showed the actor their bookings up
// to in.BookingID. Anyone signed in may say so: a buyer has no bookings to
// see, and their count stays 0.
func (s *Bookings) SeeBookings(ctx context.Context, actor *User, in SeenInput) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	v := &Validator{}
	v.Check(in.BookingID > 0, "booking_id", RequiredMessage)
	if err := v.Err(); err != nil {
		return err
	}
	return s.bookings.SeeBookings(ctx, actor.ID, in.BookingID)
}

// newBookings counts the open bookings the seller has not seen in My
// Buyers.
func (s *Bookings) newBookings(ctx context.Context, sellerID int64) (int, error) {
	return s.bookings.NewBookings(ctx, sellerID)
}

// markNew marks the bookings of a seller's list that are new to them.
func (s *Bookings) markNew(ctx context.Context, sellerID int64, list []Booking) error {
	seen, err := s.bookings.BookingsSeen(ctx, sellerID)
	if err != nil {
		return err
	}
	for i := range list {
		list[i].New = list[i].ID > seen && list[i].StillOpen()
	}
	return nil
}
