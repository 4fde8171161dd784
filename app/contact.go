package app

import (
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
