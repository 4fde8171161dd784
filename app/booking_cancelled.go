package app

import (
	"context"
	"slices"
)

// What the people of a booking are told when it was cancelled for them,
// not by either of them. A block cancels it without saying who blocked
// whom; a seller's suspension or deletion tells the buyer why.
const (
	bookingCancelledTitle = "Booking cancelled: {product}"
	bookingCancelledBody  = "The booking was cancelled"
	sellerSuspendedBody   = "The seller's account was suspended, so your booking was cancelled"
	sellerDeletedBody     = "The seller's account was deleted, so your booking was cancelled"
)

// bookingsCancelled tells both sides of each booking cancelled for them,
// after the change committed: an event, a push note and, when the
// marketplace sends mail, a mail, each saying body.
func (s *Bookings) bookingsCancelled(ctx context.Context, cancelled []Booking, body string) {
	for i := range cancelled {
		b := &cancelled[i]
		s.notices.notify(someone(s.toldCancelled(ctx, b, b.BuyerID, body), s.toldCancelled(ctx, b, b.SellerID, body))...)
	}
}

// cancelledForBuyers tells the buyer of each booking cancelled for them
// what bookingsCancelled does, and its seller only that it changed.
func (s *Bookings) cancelledForBuyers(ctx context.Context, cancelled []Booking, body string) {
	for i := range cancelled {
		b := &cancelled[i]
		s.notices.notify(someone(s.toldCancelled(ctx, b, b.BuyerID, body),
			NewEvent(b.SellerID, BookingEventData{BookingID: b.ID, ProductID: b.ProductID}))...)
	}
}

// accountEnded tells the people of the bookings an account's deletion
// cancelled: each buyer of its products why, the others that they changed.
func (s *Bookings) accountEnded(ctx context.Context, ended []Booking, userID int64) {
	for i := range ended {
		b := &ended[i]
		if b.SellerID != userID {
			s.bookingChanged(b, nil)
			continue
		}
		s.notices.notify(someone(s.toldCancelled(ctx, b, b.BuyerID, sellerDeletedBody))...)
	}
}

// someone drops the events for nobody: a side whose account was deleted.
func someone(events ...Event) []Event {
	return slices.DeleteFunc(events, func(e Event) bool { return e.UserID == 0 })
}

// toldCancelled is the event that tells userID, one side of b, that it was
// cancelled, with its push note; it mails them too. A side whose account
// was deleted gets an event for nobody, which someone drops.
func (s *Bookings) toldCancelled(ctx context.Context, b *Booking, userID int64, body string) Event {
	e := NewEvent(userID, BookingEventData{BookingID: b.ID, ProductID: b.ProductID})
	if userID == 0 {
		return e
	}
	kind, screen := PushDeclined, ScreenMyOrders
	if userID == b.SellerID {
		kind, screen = PushBooking, ScreenMyBuyers
	}
	vars := []string{"product", b.Product}
	e.Push = &PushNote{Kind: kind, Title: bookingCancelledTitle, Body: body, Vars: vars, Link: Link{Screen: screen}, Tag: bookingTag(b)}
	s.mailCancelled(ctx, userID, body, vars, Link{Screen: screen})
	return e
}

// mailCancelled mails one side of a cancelled booking. The cancellation
// has committed, and the event and push note tell it too: a mail that
// cannot be queued is left out, as the email change's notice is.
func (s *Bookings) mailCancelled(ctx context.Context, userID int64, body string, vars []string, link Link) {
	if s.outbox == nil || !s.outbox.Sends() {
		return
	}
	u, err := s.users.UserByID(ctx, userID)
	if err != nil {
		return // gone meanwhile
	}
	say := s.site.speakerTo(ctx, u)
	m := s.outbox.spokenMail(say, u, u.Email, say(bookingCancelledTitle, vars...), MailContent{
		Paragraphs:  []string{say(body, vars...) + ".", say("Your bookings in the app show it.")},
		ActionLabel: say("Open the booking"), ActionURL: s.outbox.link(link)})
	if err := s.mails.QueueMail(ctx, m); err == nil {
		s.outbox.queued()
	}
}
