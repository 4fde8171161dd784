package app

import (
	"fmt"
	"slices"
)

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

// What the people of a booking are told when it was cancelled for them,
// not by either of them. A block cancels it without saying who blocked
// whom; a seller's suspension or deletion tells the buyer why.
const (
	bookingCancelledTitle = "Booking cancelled: {product}"
	bookingCancelledBody  = "The booking was cancelled"
	sellerSuspendedBody   = "The seller's account was suspended, so your booking was cancelled"
	sellerDeletedBody     = "The seller's account was deleted, so your booking was cancelled"
)

// someone drops the events for nobody: a side whose account was deleted.
func someone(events ...Event) []Event {
	return slices.DeleteFunc(events, func(e Event) bool { return e.UserID == 0 })
}
