package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"rehome/api"
	"rehome/app"
	"rehome/internal/stripemock"
	"rehome/internal/wiring"
	"rehome/payments"
)

const webhookSecret = "whsec_test_secret"

// withCards is a server taking card payments through stripe-mock, deployed
// as cfg says.
func withCards(t *testing.T, cfg api.Config) *env {
	t.Helper()
	stripe := payments.NewStripe(payments.Config{
		SecretKey: "sk_test_123", PublishableKey: "pk_test_123", WebhookSecret: webhookSecret, Currency: "usd",
		APIURL: stripemock.Start(t),
	})
	return serverSet(t, t.TempDir(), cfg, wiring.Settings{CardPayments: stripe})
}

// succeeded is Stripe's event for a payment that went through, signed.
func succeeded(t *testing.T, eventID, paymentID string, bookingID int64, amount app.Cents, at time.Time) (body []byte, signature string) {
	t.Helper()
	event := map[string]any{
		"id": eventID, "object": "event", "type": "payment_intent.succeeded", "api_version": "2026-03-25.dahlia",
		"data": map[string]any{"object": map[string]any{
			"id": paymentID, "object": "payment_intent", "amount": int64(amount), "currency": "usd", "status": "succeeded",
			"metadata": map[string]string{"booking_id": strconv.FormatInt(bookingID, 10)},
		}},
	}
	body, err := json.Marshal(event)
	if err != nil {
		t.Fatal(err)
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: webhookSecret, Timestamp: at})
	return body, signed.Header
}

func deliver(c *client, body []byte, signature string) *response {
	return c.send("POST", "/api/stripe/webhook", "application/json", bytes.NewReader(body), "Stripe-Signature", signature)
}

func TestPayingForABookingByCard(t *testing.T) {
	t.Parallel()
	e := withCards(t, api.Config{})
	admin, _ := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 8, 8)), http.StatusCreated)
	seller, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	picture := seller.upload(pngImage(t, 40, 30))
	book := func(buyer *client) app.Booking {
		t.Helper()
		r := seller.call("POST", "/api/products", productBody("Tables", picture.URL))
		expectStatus(t, r, http.StatusCreated)
		product := decode[app.Product](t, r)
		r = buyer.call("POST", "/api/booked", map[string]any{"product_id": product.ID, "location": "Riverside", "buyer_phone": "+1 555 0199"})
		expectStatus(t, r, http.StatusCreated)
		return decode[app.Booking](t, r)
	}
	buyer, _ := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	other, _ := e.register("Otto Other", "otto@example.com", app.RoleBuyer)
	booking := book(buyer)
	checkoutPath := fmt.Sprintf("/api/booked/%d/checkout", booking.ID)

	t.Run("only the booking's buyer may pay", func(t *testing.T) {
		expectStatus(t, e.client().call("POST", checkoutPath, nil), http.StatusUnauthorized)
		for _, c := range []*client{other, seller, admin} {
			expectStatus(t, c.call("POST", checkoutPath, nil), http.StatusForbidden)
		}
	})

	t.Run("the client cannot name the amount", func(t *testing.T) {
		r := buyer.call("POST", checkoutPath, map[string]any{"amount": 1})
		expectError(t, r, http.StatusBadRequest, `Unknown field "amount"`, map[string]string{"amount": "Unknown field"})
		expectStatus(t, buyer.send("POST", checkoutPath, "application/x-www-form-urlencoded", strings.NewReader("amount=1")),
			http.StatusUnsupportedMediaType)
		if id, _ := e.db.PaymentID(context.Background(), booking.ID); id != "" {
			t.Errorf("a refused checkout started payment %s", id)
		}
	})

	r := buyer.call("POST", checkoutPath, nil)
	expectStatus(t, r, http.StatusOK)
	checkout := decode[app.Checkout](t, r)
	if checkout.ClientSecret == "" || checkout.PublishableKey != "pk_test_123" {
		t.Fatalf("checkout %+v", checkout)
	}
	paymentID, err := e.db.PaymentID(context.Background(), booking.ID)
	if err != nil || paymentID == "" {
		t.Fatalf("no payment recorded for the booking: %q %v", paymentID, err)
	}
	t.Run("asking again keeps the same payment", func(t *testing.T) {
		expectStatus(t, buyer.call("POST", checkoutPath, nil), http.StatusOK)
		if again, _ := e.db.PaymentID(context.Background(), booking.ID); again != paymentID {
			t.Errorf("payment %s, then %s", paymentID, again)
		}
	})

	status := func(id int64) app.BookingStatus {
		t.Helper()
		return decode[app.Booking](t, buyer.call("GET", fmt.Sprintf("/api/booked/%d", id), nil)).Status
	}
	now := time.Now()
	refused := []struct {
		name      string
		body      func() ([]byte, string)
		wantHTTP  int
		whyIgnore string
	}{
		{"a forged signature", func() ([]byte, string) {
			body, _ := succeeded(t, "evt_forged", paymentID, booking.ID, booking.Price, now)
			forged := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: "whsec_guessed", Timestamp: now})
			return body, forged.Header
		}, http.StatusBadRequest, ""},
		{"a body changed after signing", func() ([]byte, string) {
			_, signature := succeeded(t, "evt_changed", paymentID, booking.ID, booking.Price, now)
			body, _ := succeeded(t, "evt_changed", paymentID, booking.ID+1, booking.Price, now)
			return body, signature
		}, http.StatusBadRequest, ""},
		{"an old event replayed", func() ([]byte, string) {
			return succeeded(t, "evt_old", paymentID, booking.ID, booking.Price, now.Add(-time.Hour))
		}, http.StatusBadRequest, ""},
		{"another amount", func() ([]byte, string) {
			return succeeded(t, "evt_amount", paymentID, booking.ID, 1, now)
		}, http.StatusOK, "amount"},
		{"another payment", func() ([]byte, string) {
			return succeeded(t, "evt_payment", "pi_not_ours", booking.ID, booking.Price, now)
		}, http.StatusOK, "payment"},
	}
	for _, tc := range refused {
		t.Run(tc.name+" changes nothing", func(t *testing.T) {
			body, signature := tc.body()
			expectStatus(t, deliver(e.client(), body, signature), tc.wantHTTP)
			if got := status(booking.ID); got != app.BookingBooked {
				t.Errorf("booking %s, want still Booked", got)
			}
		})
	}

	t.Run("an event Rehome does not handle is acknowledged", func(t *testing.T) {
		body := []byte(`{"id":"evt_other","object":"event","type":"charge.refunded","api_version":"2026-03-25.dahlia","data":{"object":{}}}`)
		signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: webhookSecret})
		expectStatus(t, deliver(e.client(), body, signed.Header), http.StatusOK)
	})

	body, signature := succeeded(t, "evt_paid", paymentID, booking.ID, booking.Price, now)
	expectStatus(t, deliver(e.client(), body, signature), http.StatusOK)
	if got := status(booking.ID); got != app.BookingPaid {
		t.Fatalf("booking %s after the payment, want Paid", got)
	}
	product := decode[app.Product](t, buyer.call("GET", fmt.Sprintf("/api/products/%d", *booking.ProductID), nil))
	if product.Status != app.StatusSold {
		t.Errorf("product %s, want Sold", product.Status)
	}
	before := e.fingerprint(t)
	expectStatus(t, deliver(e.client(), body, signature), http.StatusOK)
	if after := e.fingerprint(t); after != before {
		t.Errorf("the same event twice changed what is stored")
	}
	expectError(t, buyer.call("POST", checkoutPath, nil), http.StatusConflict, "This booking is already paid", nil)

	t.Run("the seller sees the buyer paid", func(t *testing.T) {
		list := decode[app.List[app.Booking]](t, seller.call("GET", "/api/mybuyers", nil))
		for _, b := range list.Items {
			if b.ID == booking.ID && b.Status != app.BookingPaid {
				t.Errorf("My Buyers shows %s", b.Status)
			}
		}
	})
}

func TestPaymentMethods(t *testing.T) {
	t.Parallel()
	if r := newEnv(t).client().call("GET", "/api/payment-methods", nil); strings.TrimSpace(string(r.body)) != `{"card":false,"currency":"usd"}` {
		t.Errorf("without Stripe: %s", r.body)
	}
	euros := serverSet(t, t.TempDir(), api.Config{}, wiring.Settings{Currency: "eur"})
	if r := euros.client().call("GET", "/api/payment-methods", nil); strings.TrimSpace(string(r.body)) != `{"card":false,"currency":"eur"}` {
		t.Errorf("in euros: %s", r.body)
	}
	if r := withCards(t, api.Config{}).client().call("GET", "/api/payment-methods", nil); strings.TrimSpace(string(r.body)) != `{"card":true,"currency":"usd"}` {
		t.Errorf("with Stripe: %s", r.body)
	}
}

func TestCardPaymentsNotSetUp(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 8, 8)), http.StatusCreated)
	seller, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	r := seller.call("POST", "/api/products", productBody("Tables", seller.upload(pngImage(t, 40, 30)).URL))
	buyer, _ := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	r = buyer.call("POST", "/api/booked", map[string]any{"product_id": decode[app.Product](t, r).ID, "location": "Riverside", "buyer_phone": "+1 555 0199"})
	booking := decode[app.Booking](t, r)
	expectError(t, buyer.call("POST", fmt.Sprintf("/api/booked/%d/checkout", booking.ID), nil),
		http.StatusConflict, "Card payments are not set up on this marketplace", nil)
}

// TestAGoogleBuyerPaysByCard is the whole story with both set up: a person
// signs in with Google, books, pays by card; Stripe's event marks the
// booking Paid and the product Sold, and My Orders and My Buyers say so.
func TestAGoogleBuyerPaysByCard(t *testing.T) {
	t.Parallel()
	p := withProviderAnd(t, withCards)
	e := p.env
	admin, _ := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 8, 8)), http.StatusCreated)
	seller, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	r := seller.call("POST", "/api/products", productBody("Tables", seller.upload(pngImage(t, 40, 30)).URL))
	expectStatus(t, r, http.StatusCreated)
	product := decode[app.Product](t, r)

	buyer := e.client()
	if at := p.signIn(t, buyer, jane(), "/"); at.Path != "/" {
		t.Fatalf("sign-in ended at %s", at)
	}
	r = buyer.call("POST", "/api/booked", map[string]any{"product_id": product.ID, "location": "Riverside", "buyer_phone": "+1 555 0199"})
	expectStatus(t, r, http.StatusCreated)
	booking := decode[app.Booking](t, r)
	expectStatus(t, buyer.call("POST", fmt.Sprintf("/api/booked/%d/checkout", booking.ID), nil), http.StatusOK)
	paymentID, err := e.db.PaymentID(context.Background(), booking.ID)
	if err != nil {
		t.Fatal(err)
	}
	body, signature := succeeded(t, "evt_story", paymentID, booking.ID, booking.Price, time.Now())
	expectStatus(t, deliver(e.client(), body, signature), http.StatusOK)

	orders := decode[app.List[app.Booking]](t, buyer.call("GET", "/api/booked", nil))
	if len(orders.Items) != 1 || orders.Items[0].Status != app.BookingPaid {
		t.Errorf("My Orders: %+v", orders.Items)
	}
	buyers := decode[app.List[app.Booking]](t, seller.call("GET", "/api/mybuyers", nil))
	if len(buyers.Items) != 1 || buyers.Items[0].Status != app.BookingPaid || buyers.Items[0].BuyerEmail != "jane.doe@example.com" {
		t.Errorf("My Buyers: %+v", buyers.Items)
	}
	if got := decode[app.Product](t, buyer.call("GET", fmt.Sprintf("/api/products/%d", product.ID), nil)); got.Status != app.StatusSold {
		t.Errorf("product %s, want Sold", got.Status)
	}
}

// TestStripeIsAllowedOnThePaymentScreenOnly: the payment screen's document
// may load Stripe.js when card payments are set up; no other document may.
func TestStripeIsAllowedOnThePaymentScreenOnly(t *testing.T) {
	t.Parallel()
	cards, none := withCards(t, api.Config{}), newEnv(t)
	tests := []struct {
		name   string
		e      *env
		path   string
		stripe bool
	}{
		{"the payment screen", cards, "/dashboard/payment/7", true},
		{"the home page", cards, "/", false},
		{"My Orders", cards, "/dashboard/myorders", false},
		{"the API", cards, "/api/categories", false},
		{"the payment screen without card payments", none, "/dashboard/payment/7", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.e.client().call("GET", tt.path, nil)
			csp, permissions := r.header.Get("Content-Security-Policy"), r.header.Get("Permissions-Policy")
			if got := strings.Contains(csp, "https://js.stripe.com"); got != tt.stripe {
				t.Errorf("Content-Security-Policy %q: Stripe allowed %v, want %v", csp, got, tt.stripe)
			}
			if got := !strings.Contains(permissions, "payment=()"); got != tt.stripe {
				t.Errorf("Permissions-Policy %q: payment allowed %v, want %v", permissions, got, tt.stripe)
			}
			if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "object-src 'none'") {
				t.Errorf("Content-Security-Policy %q lost the rest of the policy", csp)
			}
		})
	}
}
