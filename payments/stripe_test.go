package payments_test

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"rehome/app"
	"rehome/internal/stripemock"
	"rehome/payments"
)

const webhookSecret = "whsec_test_secret"

func newStripe(apiURL string) *payments.Stripe {
	return payments.NewStripe(payments.Config{
		SecretKey: "sk_test_123", PublishableKey: "pk_test_123", WebhookSecret: webhookSecret,
		Currency: "eur", APIURL: apiURL,
	})
}

// TestStart: a booking's payment is a PaymentIntent created at Stripe (here
// stripe-mock), or the one created before when its id is known.
func TestStart(t *testing.T) {
	s := newStripe(stripemock.Start(t))
	if s.PublishableKey() != "pk_test_123" || s.Currency() != "eur" {
		t.Errorf("keys: %q %q", s.PublishableKey(), s.Currency())
	}
	booking := &app.Booking{ID: 42, Product: "Oak table", Price: 12_500}
	started, err := s.Start(context.Background(), booking, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(started.ID, "pi_") || !strings.Contains(started.ClientSecret, "_secret_") {
		t.Errorf("started %+v, want a PaymentIntent and its client secret", started)
	}
	again, err := s.Start(context.Background(), booking, "pi_started_before")
	if err != nil {
		t.Fatal(err)
	}
	if again.ID != "pi_started_before" || again.ClientSecret == "" {
		t.Errorf("asked again: %+v, want the payment started before", again)
	}
}

// TestStripeUnreachable: the buyer is told to try again later or pay in
// person, never shown Stripe's error.
func TestStripeUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close()
	s := newStripe(closed)
	for _, existing := range []string{"", "pi_started_before"} {
		_, err := s.Start(context.Background(), &app.Booking{ID: 1, Price: 100}, existing)
		var appErr *app.Error
		if !errors.As(err, &appErr) || appErr.Kind != app.KindUnavailable || appErr.RetryAfterSeconds == 0 {
			t.Errorf("existing %q: %v, want unavailable, with a time to retry", existing, err)
		}
	}
}

// signed is a webhook body of this type about a PaymentIntent, signed with
// secret at the time given.
func signed(t *testing.T, eventType string, metadata map[string]string, secret string, at time.Time) (body []byte, signature string) {
	t.Helper()
	body, err := json.Marshal(map[string]any{
		"id": "evt_1", "object": "event", "type": eventType, "api_version": stripe.APIVersion,
		"data": map[string]any{"object": map[string]any{
			"id": "pi_1", "object": "payment_intent", "amount": 12_500, "currency": "eur", "status": "succeeded",
			"metadata": metadata,
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return body, webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: at}).Header
}

func TestEvent(t *testing.T) {
	s := newStripe("")
	now := time.Now()
	booking := map[string]string{"booking_id": "42"}
	cases := []struct {
		name      string
		eventType string
		metadata  map[string]string
		secret    string
		at        time.Time
		want      *app.PaymentEvent // nil: refused as malformed
	}{
		{"a payment of a booking", app.PaymentSucceeded, booking, webhookSecret, now,
			&app.PaymentEvent{ID: "evt_1", Type: app.PaymentSucceeded, PaymentID: "pi_1", BookingID: 42, Amount: 12_500, Currency: "eur"}},
		{"a payment of no booking", app.PaymentSucceeded, nil, webhookSecret, now,
			&app.PaymentEvent{ID: "evt_1", Type: app.PaymentSucceeded, PaymentID: "pi_1", Amount: 12_500, Currency: "eur"}},
		{"another event is only named", "payment_intent.created", booking, webhookSecret, now,
			&app.PaymentEvent{ID: "evt_1", Type: "payment_intent.created"}},
		{"signed with another secret", app.PaymentSucceeded, booking, "whsec_someone_else", now, nil},
		{"signed too long ago: a replay", app.PaymentSucceeded, booking, webhookSecret, now.Add(-10 * time.Minute), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body, signature := signed(t, tc.eventType, tc.metadata, tc.secret, tc.at)
			got, err := s.Event(body, signature)
			if tc.want == nil {
				var appErr *app.Error
				if !errors.As(err, &appErr) || appErr.Kind != app.KindMalformed {
					t.Errorf("%+v, %v; want refused as malformed", got, err)
				}
				return
			}
			if err != nil || *got != *tc.want {
				t.Errorf("%+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
	t.Run("a body changed after signing", func(t *testing.T) {
		body, signature := signed(t, app.PaymentSucceeded, booking, webhookSecret, now)
		body = []byte(strings.Replace(string(body), "12500", "1", 1))
		if got, err := s.Event(body, signature); err == nil {
			t.Errorf("accepted %+v", got)
		}
	})
}
