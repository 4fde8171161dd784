package app

import (
	"context"
	"time"
)

// MyBooking is a viewer's own open or paid booking of a product.
type MyBooking struct {
	ID     int64
	Status BookingStatus
}

// SharesPhone reports whether the booking gives its buyer the seller's
// phone: while it is open, and once it is paid, to arrange the pickup.
func (b MyBooking) SharesPhone() bool {
	return b.Status == BookingBooked || b.Status == BookingPaid
}

// ShowContact sets what viewer may see of how to reach p's seller: the
// seller and admins see the email and phone; a buyer whose booking of it
// shares the phone (booked), and everyone signed in when the seller shows
// their phone, see the phone; nobody else sees either.
func ShowContact(viewer *User, p *Product, booked bool) {
	p.SellerEmail, p.SellerPhone = "", ""
	switch {
	case viewer == nil:
	case viewer.ID == p.SellerID || viewer.IsAdmin():
		p.SellerEmail, p.SellerPhone = p.Contact.Email, p.Contact.Phone
	case booked || p.Contact.ShowPhone:
		p.SellerPhone = p.Contact.Phone
	}
}

// mayShowContact reports whether viewer may see any of p's seller's
// contact details without a booking: a page for anyone else needs no
// change, which keeps the common path as cheap as it was.
func mayShowContact(viewer *User, p *Product) bool {
	return viewer.ID == p.SellerID || viewer.IsAdmin() || p.Contact.ShowPhone
}

// BuyerContactAfterHandover is how long after a handover its seller may
// still reach the buyer directly: long enough for a question about what
// changed hands, not for good.
const BuyerContactAfterHandover = 14 * 24 * time.Hour

// BuyerContactVisible says whether b's seller may see how to reach its
// buyer (email and phone) at now: while the booking is open (Booked, or
// Paid and not handed over yet) and for BuyerContactAfterHandover after
// its handover. A booking cancelled or declined shows them no more, nor
// does one while either of the two blocked the other (blocked).
func BuyerContactVisible(b *Booking, now time.Time, blocked bool) bool {
	switch {
	case blocked, b.Status != BookingBooked && b.Status != BookingPaid:
		return false
	case b.HandedOverAt == nil:
		return true
	}
	return now.Before(b.HandedOverAt.Add(BuyerContactAfterHandover))
}

// showBuyerContact leaves the buyer's email and phone in the bookings that
// viewer reads as their seller only where BuyerContactVisible; the buyer
// reads their own, and admins everyone's. Every answer, export and event
// that carries a booking to its seller passes through it. Whether the two
// blocked each other is asked only of the bookings the rest of the rule
// would show, once per buyer.
func (s *Bookings) showBuyerContact(ctx context.Context, viewer *User, bookings []Booking) error {
	now := s.now()
	blockedWith := map[int64]bool{}
	for i := range bookings {
		b := &bookings[i]
		if viewer == nil || viewer.ID != b.SellerID || viewer.ID == b.BuyerID {
			continue
		}
		blocked := false
		if BuyerContactVisible(b, now, false) {
			known, asked := blockedWith[b.BuyerID]
			if !asked {
				var err error
				if known, err = s.safety.EitherBlocked(ctx, viewer.ID, b.BuyerID); err != nil {
					return err
				}
				blockedWith[b.BuyerID] = known
			}
			blocked = known
		}
		if !BuyerContactVisible(b, now, blocked) {
			b.BuyerEmail, b.BuyerPhone = "", ""
		}
	}
	return nil
}

// bookingAs reads booking id as viewer may see it (showBuyerContact).
func (s *Bookings) bookingAs(ctx context.Context, viewer *User, id int64) (*Booking, error) {
	b, err := s.bookings.BookingByID(ctx, id)
	if err != nil {
		return nil, err
	}
	one := []Booking{*b}
	if err := s.showBuyerContact(ctx, viewer, one); err != nil {
		return nil, err
	}
	return &one[0], nil
}
