package app

import "fmt"

// bookingChanged tells both sides of b that it changed, after the change
// committed; note, if any, goes to the phone of the side it names.
func (s *Bookings) bookingChanged(b *Booking, note *bookingNote) {
	data := BookingEventData{BookingID: b.ID, ProductID: b.ProductID}
	var events []Event
	for _, userID := range []int64{b.BuyerID, b.SellerID} {
		if userID == 0 {
			continue // the account was deleted
		}
		e := NewEvent(userID, data)
		if note != nil && note.to == userID {
			e.Push = &note.PushNote
		}
		events = append(events, e)
	}
	s.notices.notify(events...)
}

// bookingNote is a phone notification about a booking for one side of it.
type bookingNote struct {
	PushNote
	to int64
}

func bookedNote(b *Booking) *bookingNote {
	return &bookingNote{to: b.SellerID, PushNote: PushNote{Kind: PushBooking, Title: "New booking: {product}",
		Body: "{buyer} booked it", Vars: []string{"product", b.Product, "buyer", b.BuyerName},
		Link: Link{Screen: ScreenMyBuyers}, Tag: bookingTag(b)}}
}

func declinedNote(b *Booking) *bookingNote {
	body := "{reason}" // the seller's own words
	if b.DeclineReason == "" {
		body = "The seller declined your booking"
	}
	return &bookingNote{to: b.BuyerID, PushNote: PushNote{Kind: PushDeclined, Title: "Booking declined: {product}",
		Body: body, Vars: []string{"product", b.Product, "reason", b.DeclineReason},
		Link: Link{Screen: ScreenMyOrders}, Tag: bookingTag(b)}}
}

func paidNote(b *Booking) *bookingNote {
	return &bookingNote{to: b.SellerID, PushNote: PushNote{Kind: PushPayment, Title: "Payment received: {product}",
		Body: "{buyer} paid {price}", Vars: []string{"product", b.Product, "buyer", b.BuyerName, "price", b.Price.String()},
		Link: Link{Screen: ScreenMyBuyers}, Tag: bookingTag(b)}}
}

func bookingTag(b *Booking) string { return fmt.Sprintf("booking-%d", b.ID) }
