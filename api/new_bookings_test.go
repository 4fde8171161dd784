package api_test

import (
	"fmt"
	"maps"
	"net/http"
	"strings"
	"testing"

	"rehome/app"
)

// badgeOf reads the top bar's counts as c, checking the answer has both
// and nothing else.
func badgeOf(t *testing.T, c *client) (unread, bookings int) {
	t.Helper()
	r := c.call("GET", "/api/conversations/unread", nil)
	expectStatus(t, r, http.StatusOK)
	got := jsonObject(t, r.body)
	if len(got) != 2 || got["unread"] == nil || got["bookings"] == nil {
		t.Fatalf("badge answered %s, want unread and bookings", r.body)
	}
	counts := decode[map[string]int](t, r)
	return counts["unread"], counts["bookings"]
}

func wantNewBookings(t *testing.T, step string, c *client, want int) {
	t.Helper()
	if _, got := badgeOf(t, c); got != want {
		t.Errorf("%s: %d new bookings, want %d", step, got, want)
	}
}

// newInList says which of the seller's bookings My Buyers marks new.
func newInList(t *testing.T, seller *client) map[int64]bool {
	t.Helper()
	marks := map[int64]bool{}
	for _, b := range mpGet[app.Booking](t, seller, "/api/mybuyers").Items {
		marks[b.ID] = b.New
	}
	return marks
}

// TestNewBookingsUntilSeen follows the badge's count of new bookings: the
// seller's open bookings since My Buyers last showed them, on every device
// of theirs, and not another seller's, a cancelled or a declined one.
func TestNewBookingsUntilSeen(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	cy, _ := s.register("Cy Buyer", "cy@example.com", app.RoleBuyer)
	olga, _ := s.register("Olga Seller", "olga@example.com", app.RoleSeller)
	olgasPicture := olga.upload(pngImage(t, 50, 50))
	r := olga.call("POST", "/api/products", productBody("Tables", olgasPicture.URL))
	expectStatus(t, r, http.StatusCreated)
	olgasProduct := decode[app.Product](t, r).ID

	wantNewBookings(t, "no bookings yet", s.seller, 0)
	open := mpBook(t, bea, s.mpProduct(t, "Tables"))
	wantNewBookings(t, "booked", s.seller, 1)
	wantNewBookings(t, "a buyer", bea, 0)

	mpBook(t, cy, olgasProduct)
	wantNewBookings(t, "another seller's booking", s.seller, 1)
	wantNewBookings(t, "that seller", olga, 1)

	cancelled := mpBook(t, cy, s.mpProduct(t, "Tables"))
	expectStatus(t, cy.call("DELETE", mpPath("/api/booked/%d", cancelled.ID), nil), http.StatusOK)
	declined := mpBook(t, bea, s.mpProduct(t, "Tables"))
	expectStatus(t, s.seller.call("DELETE", mpPath("/api/mybuyers/%d", declined.ID), nil), http.StatusOK)
	wantNewBookings(t, "cancelled and declined", s.seller, 1)

	// Messages count as before, beside the bookings.
	say(t, bea, mpPath("/api/booked/%d/messages", open.ID), "Is it still there?")
	if unread, bookings := badgeOf(t, s.seller); unread != 1 || bookings != 1 {
		t.Errorf("after a message: %d unread, %d new bookings; want 1 and 1", unread, bookings)
	}

	if got, want := newInList(t, s.seller), map[int64]bool{open.ID: true, cancelled.ID: false, declined.ID: false}; !maps.Equal(got, want) {
		t.Errorf("My Buyers marks %v new, want %v", got, want)
	}

	expectError(t, s.seller.call("POST", "/api/mybuyers/seen", map[string]any{}), http.StatusUnprocessableEntity,
		"Please correct the highlighted fields", map[string]string{"booking_id": "This field is required"})
	seen := fmt.Sprintf(`{"booking_id":%d}`, declined.ID)
	expectError(t, s.seller.send("POST", "/api/mybuyers/seen", "application/json", strings.NewReader(seen), "Sec-Fetch-Site", "cross-site"),
		http.StatusForbidden, "Cross-origin requests are not allowed", nil)
	wantNewBookings(t, "refused cross-origin", s.seller, 1)
	expectStatus(t, s.seller.send("POST", "/api/mybuyers/seen", "application/json", strings.NewReader(seen)), http.StatusNoContent)
	wantNewBookings(t, "seen", s.seller, 0)
	if got := newInList(t, s.seller); got[open.ID] {
		t.Errorf("My Buyers still marks a seen booking new: %v", got)
	}

	// Seen is the person's, not the browser's.
	phone := s.client()
	expectStatus(t, phone.login("seller@example.com", testPassword), http.StatusOK)
	wantNewBookings(t, "on another device", phone, 0)

	later := mpBook(t, cy, s.mpProduct(t, "Tables"))
	wantNewBookings(t, "a booking after", phone, 1)
	if got := newInList(t, s.seller); !got[later.ID] || got[open.ID] {
		t.Errorf("My Buyers marks %v new, want only %d", got, later.ID)
	}
	wantNewBookings(t, "another seller's, untouched", olga, 1)
}
