package app

import (
	"cmp"
	"context"
	"errors"
)

// CardPayment is a payment of a booking's price started at the card payment
// provider: the browser completes it with ClientSecret.
type CardPayment struct {
	ID           string
	ClientSecret string
}

// CardPayments takes card payments through a provider (Stripe).
type CardPayments interface {
	// Start starts the payment of b's price, once per booking: asked again
	// for the same booking, the provider answers with the same payment.
	// existingID is the payment started before, if any.
	Start(ctx context.Context, b *Booking, existingID string) (*CardPayment, error)
	// PublishableKey is the provider's key for the browser.
	PublishableKey() string
	// Currency is what payments are taken in.
	Currency() string
	// Event checks a webhook's signature and reads its event; a body whose
	// signature does not match is malformed.
	Event(payload []byte, signature string) (*PaymentEvent, error)
}

// PaymentEvent is what the provider tells the server about a payment.
type PaymentEvent struct {
	ID        string
	Type      string
	PaymentID string
	BookingID int64 // 0 when the payment is not a booking's
	Amount    Cents
	Currency  string
}

// PaymentSucceeded is the event that makes a booking Paid.
const PaymentSucceeded = "payment_intent.succeeded"

// CardPaymentEvent acts on a webhook from the provider: a succeeded payment
// marks its booking Paid; other events are ignored.
func (s *Bookings) CardPaymentEvent(ctx context.Context, payload []byte, signature string) error {
	if s.cards == nil {
		return Errorf(KindNotFound, "Card payments are not set up on this marketplace")
	}
	ev, err := s.cards.Event(payload, signature)
	if err != nil || ev.Type != PaymentSucceeded {
		return err
	}
	if ev.Currency != s.cards.Currency() {
		return Errorf(KindInvalid, "Payment %s is in %s, not %s", ev.PaymentID, ev.Currency, s.cards.Currency())
	}
	return s.cardPaymentSucceeded(ctx, ev)
}

// PaymentStore keeps which payment belongs to which booking, and the
// provider's events acted on.
type PaymentStore interface {
	// PaymentID is the provider's payment started for a booking, or empty;
	// an unknown booking is not found.
	PaymentID(ctx context.Context, bookingID int64) (string, error)
	// SetPaymentID records a booking's payment unless it has one, by an
	// update on that condition: of racing calls the first to commit is
	// kept, and none fails.
	SetPaymentID(ctx context.Context, bookingID int64, paymentID string) error
	// MarkPaidByEvent is MarkPaid once per provider event, in one
	// transaction with recording the event (an insert that does nothing on
	// the event's conflict): of racing deliveries of one event exactly one
	// acts and returns done; the others, and any later one, return done
	// false and change nothing. MarkPaid's conflicts roll the event back,
	// so a redelivery is acted on again.
	MarkPaidByEvent(ctx context.Context, eventID string, bookingID int64) (done bool, err error)
}

// Checkout is what the payment screen needs to take a card.
type Checkout struct {
	ClientSecret   string `json:"client_secret"`
	PublishableKey string `json:"publishable_key"`
	PaymentID      string `json:"-"` // for the log: how Stripe's dashboard names it
}

// CardPaymentsEnabled reports whether card payments are set up.
func (s *Bookings) CardPaymentsEnabled() bool { return s.cards != nil }

// UseCurrency sets what prices are in: an ISO 4217 code in lower case.
func (s *Bookings) UseCurrency(code string) { s.currency = code }

// Currency is what prices are in; usd unless set.
func (s *Bookings) Currency() string {
	if s.currency == "" {
		return "usd"
	}
	return s.currency
}

// UseCardPayments turns card payments on. Without it, Checkout refuses.
func (s *Bookings) UseCardPayments(p CardPayments) { s.cards = p }

// CanPayByCard lets only the buyer pay for their booking.
func CanPayByCard(u *User, b *Booking) bool { return u.ID == b.BuyerID }

// Checkout starts (or finds again) the card payment of a booking for its
// buyer. The amount is the booking's price as stored, never the client's.
func (s *Bookings) Checkout(ctx context.Context, actor *User, bookingID int64) (*Checkout, error) {
	b, err := s.bookingFor(ctx, actor, bookingID, CanPayByCard)
	if err != nil {
		return nil, err
	}
	if s.cards == nil {
		return nil, Errorf(KindConflict, "Card payments are not set up on this marketplace")
	}
	if err := payable(ctx, s.products, b); err != nil {
		return nil, err
	}
	existing, err := s.payments.PaymentID(ctx, b.ID)
	if err != nil {
		return nil, err
	}
	p, err := s.cards.Start(ctx, b, existing)
	if err != nil {
		return nil, err
	}
	if existing == "" {
		if err := s.payments.SetPaymentID(ctx, b.ID, p.ID); err != nil {
			return nil, err
		}
	}
	return &Checkout{ClientSecret: p.ClientSecret, PublishableKey: s.cards.PublishableKey(), PaymentID: cmp.Or(existing, p.ID)}, nil
}

// payable refuses a booking that can no longer be paid for.
func payable(ctx context.Context, store ProductStore, b *Booking) error {
	switch {
	case b.Status == BookingPaid:
		return Errorf(KindConflict, "This booking is already paid")
	case b.Status == BookingCancelled:
		return Errorf(KindConflict, "This booking was cancelled")
	case b.ProductID == nil:
		return Errorf(KindConflict, "The product no longer exists")
	}
	p, err := store.ProductByID(ctx, *b.ProductID)
	if err != nil {
		return err
	}
	if p.Status == StatusSold {
		return Errorf(KindConflict, "This product is already sold")
	}
	return nil
}

// cardPaymentSucceeded is the provider saying a payment went through: the
// booking becomes Paid and its product Sold, as when the seller confirms a
// payment in person. The provider may send an event twice, or late: the
// second time, or for a booking no longer payable, nothing changes. A
// payment that is not the booking's, or not of its price, is refused.
func (s *Bookings) cardPaymentSucceeded(ctx context.Context, ev *PaymentEvent) error {
	b, err := s.bookings.BookingByID(ctx, ev.BookingID)
	if err != nil {
		return err
	}
	recorded, err := s.payments.PaymentID(ctx, b.ID)
	if err != nil {
		return err
	}
	if recorded == "" || recorded != ev.PaymentID {
		return Errorf(KindInvalid, "Payment %s is not the payment of booking %d", ev.PaymentID, b.ID)
	}
	if ev.Amount != b.Price {
		return Errorf(KindInvalid, "Payment %s is of %s, booking %d costs %s", ev.PaymentID, ev.Amount, b.ID, b.Price)
	}
	queued := s.queuedBehind(ctx, b)
	done, err := s.payments.MarkPaidByEvent(ctx, ev.ID, b.ID)
	var e *Error
	if errors.As(err, &e) && e.Kind == KindConflict {
		return nil // already paid, cancelled or sold: nothing to do, and no reason to be asked again
	}
	if done {
		s.paid(b, queued)
	}
	return err
}
