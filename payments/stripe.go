// Package payments takes card payments for bookings through Stripe: it
// starts a PaymentIntent per booking and reads Stripe's signed webhook
// events. The rules (who may pay, what a paid booking means) are in app.
package payments

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"rehome/app"
)

// Config is a Stripe account's keys.
type Config struct {
	SecretKey      string
	PublishableKey string
	WebhookSecret  string
	Currency       string // ISO code in lower case, such as usd
	// APIURL is Stripe's API; tests point it at stripe-mock.
	APIURL string
}

// Stripe implements app.CardPayments.
type Stripe struct {
	client *stripe.Client
	cfg    Config
}

var _ app.CardPayments = (*Stripe)(nil)

func NewStripe(cfg Config) *Stripe {
	backend := &stripe.BackendConfig{
		HTTPClient:    &http.Client{Timeout: 30 * time.Second},
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if cfg.APIURL != "" {
		backend.URL = stripe.String(cfg.APIURL)
	}
	return &Stripe{client: stripe.NewClient(cfg.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(backend))), cfg: cfg}
}

func (s *Stripe) PublishableKey() string { return s.cfg.PublishableKey }

// unavailable is Stripe failing to answer: the buyer may try again, or pay
// in person.
func unavailable(err error) error {
	return fmt.Errorf("%w (%v)", &app.Error{Kind: app.KindUnavailable, RetryAfterSeconds: 30,
		Message: "Card payments are not available right now. Try again later, or pay in person."}, err)
}

// Start creates the booking's PaymentIntent, or finds the one started
// before. Stripe is also given an idempotency key per booking, so a retry
// after a lost answer cannot start a second payment.
func (s *Stripe) Start(ctx context.Context, b *app.Booking, existingID string) (*app.CardPayment, error) {
	if existingID != "" {
		pi, err := s.client.V1PaymentIntents.Retrieve(ctx, existingID, nil)
		if err != nil {
			return nil, unavailable(err)
		}
		return &app.CardPayment{ID: pi.ID, ClientSecret: pi.ClientSecret}, nil
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:                  stripe.Int64(int64(b.Price)),
		Currency:                stripe.String(s.cfg.Currency),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{Enabled: stripe.Bool(true)},
		Description:             stripe.String(b.Product),
	}
	params.AddMetadata(bookingKey, strconv.FormatInt(b.ID, 10))
	params.SetIdempotencyKey("rehome-booking-" + strconv.FormatInt(b.ID, 10))
	pi, err := s.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, unavailable(err)
	}
	return &app.CardPayment{ID: pi.ID, ClientSecret: pi.ClientSecret}, nil
}

// bookingKey names the booking in a PaymentIntent's metadata.
const bookingKey = "booking_id"

// Event checks a webhook body's Stripe-Signature with the webhook secret
// (and its age: at most five minutes, against replays) and reads it.
func (s *Stripe) Event(payload []byte, signature string) (*app.PaymentEvent, error) {
	e, err := webhook.ConstructEventWithOptions(payload, signature, s.cfg.WebhookSecret,
		// Stripe sends events in the account's API version; only the
		// fields read below matter, and they are stable.
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return nil, app.Errorf(app.KindMalformed, "The webhook's signature does not match")
	}
	ev := &app.PaymentEvent{ID: e.ID, Type: string(e.Type)}
	if ev.Type != app.PaymentSucceeded || e.Data == nil {
		return ev, nil
	}
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(e.Data.Raw, &pi); err != nil {
		return nil, app.Errorf(app.KindMalformed, "The payment of event %s cannot be read", e.ID)
	}
	ev.PaymentID, ev.Amount, ev.Currency = pi.ID, app.Cents(pi.Amount), string(pi.Currency)
	ev.BookingID, _ = strconv.ParseInt(pi.Metadata[bookingKey], 10, 64)
	return ev, nil
}

// Currency is what payments are taken in.
func (s *Stripe) Currency() string { return s.cfg.Currency }
