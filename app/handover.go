package app

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"fmt"
	"math/big"
	"strings"
	"time"
)

// A handover is the moment a booked product changes hands. The buyer shows
// a code only they can see; the seller enters it. A handover both sides
// took part in is what a review may be written about: reviews cannot be
// invented by one side alone.

const (
	// HandoverCodeDigits is how long a handover code is.
	HandoverCodeDigits = 6
	// HandoverAttempts wrong codes in a row lock a booking's handover for
	// HandoverLock: at most 5 guesses in 15 minutes of a million codes.
	HandoverAttempts = 5
	HandoverLock     = 15 * time.Minute
)

// HandoverCode is the answer of GET /api/booked/{id}/handover.
type HandoverCode struct {
	Code string `json:"code"`
}

// HandoverInput is the body of POST /api/mybuyers/{id}/handover.
type HandoverInput struct {
	Code string `json:"code"`
}

// handoverOpen says whether b may still be handed over: it is booked, or
// paid by card and not handed over yet.
func handoverOpen(b *Booking) error {
	switch {
	case b.HandedOverAt != nil:
		return Errorf(KindConflict, "This booking was already handed over")
	case b.Status == BookingBooked || b.Status == BookingPaid:
		return nil
	case b.Status == BookingCancelled:
		return Errorf(KindConflict, "This booking was cancelled")
	default:
		return Errorf(KindConflict, "This booking was declined by the seller")
	}
}

// newHandoverCode draws a code uniformly from the 10^6 six-digit strings.
func newHandoverCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// HandoverCode shows the buyer of an open booking the code to show the
// seller at the pickup: the same code every time it is asked for.
func (s *Bookings) HandoverCode(ctx context.Context, actor *User, id int64) (*HandoverCode, error) {
	b, err := s.bookingFor(ctx, actor, id, CanShowHandoverCode)
	if err != nil {
		return nil, err
	}
	if err := handoverOpen(b); err != nil {
		return nil, err
	}
	fresh, err := newHandoverCode()
	if err != nil {
		return nil, err
	}
	code, err := s.bookings.HandoverCode(ctx, b.ID, fresh)
	if err != nil {
		return nil, err
	}
	return &HandoverCode{Code: code}, nil
}

// HandOver is the seller entering the buyer's code at the pickup: the
// booking is handed over, and paid in person unless it was paid by card,
// and the product sold, in one transaction.
func (s *Bookings) HandOver(ctx context.Context, actor *User, id int64, in HandoverInput) (*Booking, error) {
	b, err := s.bookingFor(ctx, actor, id, CanHandOver)
	if err != nil {
		return nil, err
	}
	// People read codes aloud in groups: "123 456".
	code := strings.Join(strings.Fields(in.Code), "")
	v := &Validator{}
	v.Check(len(code) == HandoverCodeDigits && strings.Trim(code, "0123456789") == "", "code",
		"Enter the 6-digit code the buyer shows you")
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := handoverOpen(b); err != nil {
		return nil, err
	}
	queued := s.queuedBehind(ctx, b)
	if err := s.bookings.HandOver(ctx, b.ID, code); err != nil {
		return nil, err
	}
	if b.Status == BookingBooked {
		s.paid(b, queued)
	}
	s.bookingChanged(b, handedOverNote(b))
	return s.bookingAs(ctx, actor, id)
}

// SameHandoverCode says whether code is the stored one, in time that does
// not tell how much of it matched. A booking whose buyer never opened the
// code has none, and no code is it.
func SameHandoverCode(stored, code string) bool {
	return stored != "" && subtle.ConstantTimeCompare([]byte(stored), []byte(code)) == 1
}

// WrongHandoverCode is the error of a code that is not the booking's;
// locked says it was the wrong code that locked the handover.
func WrongHandoverCode(locked bool) error {
	message := "This is not the buyer's code"
	if locked {
		message = fmt.Sprintf("This is not the buyer's code. After %d wrong codes the handover is locked for %d minutes",
			HandoverAttempts, int(HandoverLock.Minutes()))
	}
	return &Error{Kind: KindInvalid, Message: message, Fields: map[string]string{"code": message}}
}

// HandoverLocked is the error while a booking's handover is locked, until.
func HandoverLocked(wait time.Duration) error {
	when := "a minute"
	if minutes := int(wait.Round(time.Minute).Minutes()); minutes > 1 {
		when = fmt.Sprintf("%d minutes", minutes)
	}
	return &Error{Kind: KindRateLimited, RetryAfterSeconds: int(wait.Seconds()) + 1,
		Message: "Too many wrong codes: try again in " + when}
}

func handedOverNote(b *Booking) *bookingNote {
	return &bookingNote{to: b.BuyerID, PushNote: PushNote{Kind: PushBooking, Title: "Handed over: {product}",
		Body: "Enjoy it! You can now review the seller", Vars: []string{"product", b.Product}, Link: Link{Screen: ScreenMyOrders}, Tag: bookingTag(b)}}
}
