package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rehome/app"
)

// setClock sets the store's clock to at.
func (s *trustShop) setClock(at time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.now = at
}

// TestBuyerContactBySeller: a booking's seller reads its buyer's email and
// phone while it is open (Booked, or Paid and not handed over) and for 14
// days after its handover; never once cancelled or declined, nor while
// either blocked the other. That holds in every answer that carries the
// booking to the seller: their list, the booking itself, the answer of
// each change they make, their export and their live events. The buyer
// reads their own, and admins everyone's.
func TestBuyerContactBySeller(t *testing.T) {
	s := newTrustShop(t)
	sellerEvents := s.seller.openEvents("")
	day := 24 * time.Hour
	realNow := s.now
	var secrets []string // every buyer's email and phone so far

	type buyer struct {
		c            *client
		user         app.User
		email, phone string
	}
	handOver := func(ago time.Duration) func(t *testing.T, b buyer, booking int64) *response {
		return func(t *testing.T, b buyer, booking int64) *response {
			s.setClock(realNow.Add(-ago))
			defer s.setClock(realNow)
			r := b.c.call("GET", fmt.Sprintf("/api/booked/%d/handover", booking), nil)
			expectStatus(t, r, http.StatusOK)
			return s.seller.call("POST", fmt.Sprintf("/api/mybuyers/%d/handover", booking),
				map[string]string{"code": decode[app.HandoverCode](t, r).Code})
		}
	}
	for i, tc := range []struct {
		name string
		// change is what happens after the booking; an answer it returns
		// is the seller's, and carries the booking.
		change  func(t *testing.T, b buyer, booking int64) *response
		status  app.BookingStatus
		visible bool
	}{
		{"open", func(*testing.T, buyer, int64) *response { return nil }, app.BookingBooked, true},
		{"paid, not handed over yet", func(t *testing.T, _ buyer, booking int64) *response {
			return s.seller.call("POST", fmt.Sprintf("/api/booked/%d/paid", booking), nil)
		}, app.BookingPaid, true},
		{"handed over 13 days ago", handOver(13 * day), app.BookingPaid, true},
		{"handed over 15 days ago", handOver(15 * day), app.BookingPaid, false},
		{"cancelled by the buyer", func(t *testing.T, b buyer, booking int64) *response {
			expectStatus(t, b.c.call("DELETE", fmt.Sprintf("/api/booked/%d", booking), nil), http.StatusOK)
			return nil
		}, app.BookingCancelled, false},
		{"declined by the seller", func(t *testing.T, _ buyer, booking int64) *response {
			return s.seller.call("DELETE", fmt.Sprintf("/api/mybuyers/%d", booking), map[string]string{"reason": "Sold elsewhere"})
		}, app.BookingDeclined, false},
		// A block cancels the open booking between them.
		{"the seller blocked the buyer", func(t *testing.T, b buyer, _ int64) *response {
			expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/users/%d/block", b.user.ID), nil), http.StatusNoContent)
			return nil
		}, app.BookingCancelled, false},
		{"the buyer blocked the seller", func(t *testing.T, b buyer, _ int64) *response {
			expectStatus(t, b.c.call("POST", fmt.Sprintf("/api/users/%d/block", s.sellerUser.ID), nil), http.StatusNoContent)
			return nil
		}, app.BookingCancelled, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := buyer{email: fmt.Sprintf("buyer%d@example.com", i), phone: fmt.Sprintf("+1 555 01%02d", i)}
			b.c, b.user = s.register(fmt.Sprintf("Buyer %d", i), b.email, app.RoleBuyer)
			r := b.c.call("POST", "/api/booked", map[string]any{"product_id": s.mpProduct(t, "Tables"), "location": "Riverside", "buyer_phone": b.phone})
			expectStatus(t, r, http.StatusCreated)
			booking := decode[app.Booking](t, r).ID
			path := fmt.Sprintf("/api/booked/%d", booking)
			secrets = append(secrets, b.email, b.phone)

			// check says whether got, as the seller reads it, shows the
			// buyer's email and phone, and fails on half of them.
			check := func(t *testing.T, where string, got app.Booking) {
				t.Helper()
				shown := got.BuyerEmail == b.email && got.BuyerPhone == b.phone
				hidden := got.BuyerEmail == "" && got.BuyerPhone == ""
				if got.ID != booking || got.Status != tc.status || got.BuyerName != fmt.Sprintf("Buyer %d", i) ||
					(!shown && !hidden) || shown != tc.visible {
					t.Errorf("%s: %+v; want %s, contact shown %v", where, got, tc.status, tc.visible)
				}
			}
			if answer := tc.change(t, b, booking); answer != nil {
				expectStatus(t, answer, http.StatusOK)
				check(t, "the change's answer", decode[app.Booking](t, answer))
			}

			r = s.seller.call("GET", path, nil)
			expectStatus(t, r, http.StatusOK)
			check(t, "GET "+path, decode[app.Booking](t, r))
			if !tc.visible && (strings.Contains(string(r.body), b.email) || strings.Contains(string(r.body), b.phone)) {
				t.Errorf("GET %s says how to reach the buyer: %s", path, r.body)
			}
			listed, ok := mpBookingByID(mpGet[app.Booking](t, s.seller, "/api/mybuyers?limit=100"), booking)
			if !ok {
				t.Fatal("not in the seller's list")
			}
			check(t, "GET /api/mybuyers", listed)
			r = s.seller.call("GET", "/api/auth/me/export", nil)
			expectStatus(t, r, http.StatusOK)
			exported := false
			for _, got := range decode[app.Export](t, r).BookingsReceived {
				if got.ID == booking {
					check(t, "the export", got)
					exported = true
				}
			}
			if !exported {
				t.Error("not in the seller's export")
			}

			// The buyer reads their own, and admins everyone's.
			for who, c := range map[string]*client{"the buyer": b.c, "an admin": s.admin} {
				got := decode[app.Booking](t, c.call("GET", path, nil))
				if got.BuyerEmail != b.email || got.BuyerPhone != b.phone {
					t.Errorf("%s reads %q, %q", who, got.BuyerEmail, got.BuyerPhone)
				}
			}
			// A live event names the booking, never how to reach its buyer.
			for {
				e := sellerEvents.next()
				for _, secret := range secrets {
					if strings.Contains(e.data, secret) {
						t.Errorf("the seller's %s event says how to reach a buyer: %s", e.event, e.data)
					}
				}
				var data app.BookingEventData
				if e.event == string(app.EventBooking) && json.Unmarshal([]byte(e.data), &data) == nil && data.BookingID == booking {
					break
				}
			}
		})
	}
}
