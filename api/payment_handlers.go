package api

import (
	"errors"
	"io"
	"net/http"

	"rehome/app"
)

type paymentMethodsBody struct {
	Card     bool   `json:"card"`
	Currency string `json:"currency"`
}

// paymentMethods tells the payment screen whether to offer a card form, so
// that it asks for a checkout only where one can be had, and every screen
// what prices are in.
func (s *Server) paymentMethods(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, paymentMethodsBody{Card: s.bookings.CardPaymentsEnabled(), Currency: s.bookings.Currency()})
}

// checkout starts the card payment of a booking for its buyer.
func (s *Server) checkout(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	// The price is the booking's, as stored: a body, such as an amount of the
	// client's choosing, is refused rather than ignored.
	if r.ContentLength != 0 {
		var none struct{}
		if err := decodeJSON(w, r, &none); err != nil {
			return err
		}
	}
	c, err := s.bookings.Checkout(r.Context(), actor(r), id)
	if err != nil {
		return err
	}
	s.log.Info("card payment started", "booking", id, "payment", c.PaymentID)
	writeJSON(w, http.StatusOK, c)
	return nil
}

// maxWebhookBytes bounds a webhook body: Stripe's events are a few KB.
const maxWebhookBytes = 256 << 10

type receivedBody struct {
	Received bool `json:"received"`
}

// cardWebhook takes Stripe's events. A bad signature is 400; an event that
// is read but names nothing to act on is 200 and logged, since Stripe would
// otherwise send it again for days; a failure of ours is 5xx, and Stripe
// tries again later.
func (s *Server) cardWebhook(w http.ResponseWriter, r *http.Request) error {
	if !s.bookings.CardPaymentsEnabled() {
		return app.Errorf(app.KindNotFound, "Card payments are not set up on this marketplace")
	}
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return app.Errorf(app.KindTooLarge, "The event is too large")
		}
		return app.Errorf(app.KindMalformed, "The event could not be read")
	}
	err = s.bookings.CardPaymentEvent(r.Context(), payload, r.Header.Get("Stripe-Signature"))
	switch app.ErrorKind(err) {
	case "":
	case app.KindInvalid, app.KindNotFound:
		s.log.Warn("a card payment event was ignored", "err", err)
	default:
		return err
	}
	writeJSON(w, http.StatusOK, receivedBody{Received: true})
	return nil
}
