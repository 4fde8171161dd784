package app

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"
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

// NoShowsOf lists a person's no-shows that their profile shows.
func (s *Accounts) noShowsOf(ctx context.Context, userID int64) ([]NoShowRecord, error) {
	return s.bookings.bookings.NoShowsOf(ctx, userID, NoShowsCounted)
}

// AnswerNoShow lets the person a no-show was counted against say, once,
// what happened; their profile shows it beside the no-show.
func (s *Bookings) AnswerNoShow(ctx context.Context, actor *User, id int64, in NoShowAnswerInput) (*Booking, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	answer := CleanText(in.Answer)
	v := &Validator{}
	v.Required(answer, "answer")
	v.Check(utf8.RuneCountInString(answer) <= MaxNoShowAnswer, "answer", "Use at most 500 characters")
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.bookings.AnswerNoShow(ctx, id, actor.ID, answer); err != nil {
		return nil, err
	}
	return s.bookingAs(ctx, actor, id)
}

// RemoveNoShow is an admin taking back a no-show, with a reason kept in
// the audit log: it no longer counts nor shows.
func (s *Bookings) RemoveNoShow(ctx context.Context, actor *User, id int64, in RemoveNoShowInput) error {
	if err := Allow(actor, CanManageUsers(actor)); err != nil {
		return err
	}
	reason, err := auditReason(in.Reason)
	if err != nil {
		return err
	}
	b, err := s.bookings.BookingByID(ctx, id)
	if err != nil {
		return err
	}
	target := fmt.Sprintf("%s (the %s did not come): %s", b.Product, b.NoShow, reason)
	if err := s.bookings.RemoveNoShow(ctx, id, auditOf(actor, AuditRemoveNoShow, AuditTargetBooking, id, target)); err != nil {
		return err
	}
	s.bookingChanged(b, nil)
	return nil
}

func nextInQueueNote(b *Booking) *bookingNote {
	return &bookingNote{to: b.BuyerID, PushNote: PushNote{Kind: PushBooking, Title: "You're next: {product}",
		Body: "The booking before yours ended. Write to the seller to arrange a pickup", Vars: []string{"product", b.Product}, Link: Link{Screen: ScreenMyOrders},
		Tag: bookingTag(b)}}
}
