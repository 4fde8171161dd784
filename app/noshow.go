package app

import (
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

// NoShowRecord is one no-show as the absent person's profile shows it,
// with what they answered.
type NoShowRecord struct {
	BookingID int64     `json:"booking_id"`
	At        time.Time `json:"at"`
	Answer    string    `json:"answer"`
}

// MaxNoShowAnswer bounds the statement beside a no-show.
const MaxNoShowAnswer = 500

// NoShowAnswerInput is the body of POST /api/no-shows/{booking_id}/answer.
type NoShowAnswerInput struct {
	Answer string `json:"answer"`
}

// RemoveNoShowInput is the body of DELETE /api/no-shows/{booking_id}.
type RemoveNoShowInput struct {
	Reason string `json:"reason"`
}

func nextInQueueNote(b *Booking) *bookingNote {
	return &bookingNote{to: b.BuyerID, PushNote: PushNote{Kind: PushBooking, Title: "You're next: {product}",
		Body: "The booking before yours ended. Write to the seller to arrange a pickup", Vars: []string{"product", b.Product}, Link: Link{Screen: ScreenMyOrders},
		Tag: bookingTag(b)}}
}
