package app

import (
	"context"
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

// CanPayByCard lets only the buyer pay for their booking.
func CanPayByCard(u *User, b *Booking) bool { return u.ID == b.BuyerID }

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
