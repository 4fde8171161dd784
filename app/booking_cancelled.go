package app

import (
	"context"
	"log/slog"
)

// What the people of a booking are told when it was cancelled for them,
// not by either of them. A block cancels it without saying who blocked
// whom.
const (
	bookingCancelledTitle = "Booking cancelled: {product}"
	bookingCancelledBody  = "The booking was cancelled"
)

// bookingsCancelled tells both sides of each booking cancelled for them,
// after the change committed: an event, a push note and, when the
// marketplace sends mail, a mail, each saying body.
func (s *Bookings) bookingsCancelled(ctx context.Context, cancelled []Booking, body string) {
	for i := range cancelled {
		b := &cancelled[i]
		vars := []string{"product", b.Product}
		data := BookingEventData{BookingID: b.ID, ProductID: b.ProductID}
		var events []Event
		for _, side := range []struct {
			userID int64
			kind   PushKind
			screen Screen
		}{
			{b.BuyerID, PushDeclined, ScreenMyOrders},
			{b.SellerID, PushBooking, ScreenMyBuyers},
		} {
			if side.userID == 0 {
				continue // the account was deleted
			}
			e := NewEvent(side.userID, data)
			e.Push = &PushNote{Kind: side.kind, Title: bookingCancelledTitle, Body: body, Vars: vars,
				Link: Link{Screen: side.screen}, Tag: bookingTag(b)}
			events = append(events, e)
			s.mailCancelled(ctx, side.userID, body, vars, Link{Screen: side.screen})
		}
		s.notices.notify(events...)
	}
}

// mailCancelled mails one side of a cancelled booking. The cancellation
// has committed: a mail that cannot be queued is logged, not answered.
func (s *Bookings) mailCancelled(ctx context.Context, userID int64, body string, vars []string, link Link) {
	if s.outbox == nil || !s.outbox.Sends() {
		return
	}
	u, err := s.users.UserByID(ctx, userID)
	if err != nil {
		return // gone meanwhile
	}
	say := s.site.speakerTo(ctx, u)
	m := spokenMail(say, u, u.Email, say(bookingCancelledTitle, vars...), mailBody{
		Paragraphs:  []string{say(body, vars...) + ".", say("Your bookings in the app show it.")},
		ActionLabel: say("Open the booking"), ActionURL: s.outbox.link(link)})
	if err := s.mails.QueueMail(ctx, m); err != nil {
		slog.ErrorContext(ctx, "queue the mail of a cancelled booking", "user", userID, "err", err)
		return
	}
	s.outbox.queued()
}
