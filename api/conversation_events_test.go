package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rehome/api"
	"rehome/app"
	"rehome/internal/webroutes"
)

// recorder is a Notifier that keeps what it is told, for the tests of
// which events the service sends.
type recorder struct {
	mu     sync.Mutex
	events []app.Event
}

func (r *recorder) Notify(events ...app.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, events...)
}

// take describes the events told since the last take, one line each,
// sorted: the order of one write's events does not matter.
func (r *recorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var lines []string
	for _, e := range r.events {
		data, err := json.Marshal(e.Data)
		if err != nil {
			panic(err)
		}
		line := fmt.Sprintf("%d %s %s", e.UserID, e.Type, data)
		if e.Push != nil {
			line += fmt.Sprintf(" push %s %q %q %s %s", e.Push.Kind, e.Push.Title, e.Push.Body, webroutes.Path(e.Push.Link), e.Push.Tag)
		}
		lines = append(lines, line)
	}
	r.events = nil
	slices.Sort(lines)
	return lines
}

func expectEvents(t *testing.T, rec *recorder, after string, want ...string) {
	t.Helper()
	slices.Sort(want)
	if got := rec.take(); !slices.Equal(got, want) {
		t.Errorf("after %s, events:\n%s\nwant:\n%s", after, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestConversationAndBookingEvents: each write tells the right people the
// right thing, after it is stored, and a refused request tells nobody.
func TestConversationAndBookingEvents(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	rec := s.listen()
	product := s.mpProduct(t, "Tables")
	bea, beaUser := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	di, diUser := s.register("Di Buyer", "di@example.com", app.RoleBuyer)
	sam := s.sellerUser.ID
	rec.take()

	first := say(t, bea, fmt.Sprintf("/api/products/%d/messages", product), "Does it fit in a car? "+strings.Repeat("x", 120))
	c, m := first.ConversationID, first.ID
	messageData := func(id int64) string { return fmt.Sprintf(`{"conversation_id":%d,"message_id":%d}`, c, id) }
	push := func(kind, title, body string) string {
		return fmt.Sprintf(" push %s %q %q /dashboard/messages/%d conversation-%d", kind, title, body, c, c)
	}
	expectEvents(t, rec, "a question",
		fmt.Sprintf("%d message %s", beaUser.ID, messageData(m)),
		fmt.Sprintf("%d message %s", sam, messageData(m))+push("message", "New message about Oak table",
			"Bea Buyer: Does it fit in a car? "+strings.Repeat("x", 78)+"…"),
		fmt.Sprintf(`%d unread {"unread":1}`, sam))

	expectStatus(t, s.seller.call("GET", messagesPath(c), nil), http.StatusOK)
	expectEvents(t, rec, "the seller read the messages, marking nothing")
	expectStatus(t, s.seller.call("POST", readPath(c), nil), http.StatusOK)
	expectEvents(t, rec, "the seller marked it read", fmt.Sprintf(`%d unread {"unread":0}`, sam))
	expectStatus(t, s.seller.call("POST", readPath(c), nil), http.StatusOK)
	expectEvents(t, rec, "marking it read again")

	reply := say(t, s.seller, messagesPath(c), "It does")
	expectEvents(t, rec, "a reply",
		fmt.Sprintf("%d message %s", sam, messageData(reply.ID)),
		fmt.Sprintf("%d message %s", beaUser.ID, messageData(reply.ID))+push("reply", "New message about Oak table", "Sam Seller: It does"),
		fmt.Sprintf(`%d unread {"unread":1}`, beaUser.ID))

	booking := mpBook(t, bea, product)
	bookingData := func(b app.Booking) string {
		return fmt.Sprintf(`{"booking_id":%d,"product_id":%d}`, b.ID, *b.ProductID)
	}
	expectEvents(t, rec, "a booking",
		fmt.Sprintf("%d booking %s", beaUser.ID, bookingData(booking)),
		fmt.Sprintf("%d booking %s push booking %q %q /dashboard/mybuyers booking-%d", sam, bookingData(booking),
			"New booking: Oak table", "Bea Buyer booked it", booking.ID))

	r := s.seller.call("POST", messagesPath(c), map[string]any{"pickup_at": time.Now().Add(30 * time.Hour)})
	expectStatus(t, r, http.StatusCreated)
	proposal := decode[app.Message](t, r).ID
	expectEvents(t, rec, "a pickup time proposed",
		fmt.Sprintf("%d message %s", sam, messageData(proposal)),
		fmt.Sprintf("%d message %s", beaUser.ID, messageData(proposal))+push("reply", "New message about Oak table", "Sam Seller proposes a pickup time"),
		fmt.Sprintf(`%d unread {"unread":2}`, beaUser.ID))

	accept := fmt.Sprintf("/api/conversations/%d/messages/%d/accept", c, proposal)
	expectStatus(t, s.seller.call("POST", accept, nil), http.StatusForbidden)
	expectEvents(t, rec, "a refused accept")
	expectStatus(t, bea.call("POST", accept, nil), http.StatusOK)
	expectEvents(t, rec, "the pickup time accepted",
		fmt.Sprintf("%d message %s", sam, messageData(proposal)),
		fmt.Sprintf("%d message %s", beaUser.ID, messageData(proposal)),
		fmt.Sprintf("%d booking %s", sam, bookingData(booking)),
		fmt.Sprintf("%d booking %s", beaUser.ID, bookingData(booking)))

	// Declining tells both sides, and changes no booking.
	r = bea.call("POST", messagesPath(c), map[string]any{"pickup_at": time.Now().Add(50 * time.Hour)})
	expectStatus(t, r, http.StatusCreated)
	later := decode[app.Message](t, r).ID
	rec.take()
	expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/conversations/%d/messages/%d/decline", c, later), nil), http.StatusOK)
	expectEvents(t, rec, "the pickup time declined",
		fmt.Sprintf("%d message %s", sam, messageData(later)),
		fmt.Sprintf("%d message %s", beaUser.ID, messageData(later)))

	// Di queues behind Bea: selling to Bea calls Di's booking off, and
	// tells Di too.
	queued := mpBook(t, di, product)
	rec.take()
	expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/booked/%d/paid", booking.ID), nil), http.StatusOK)
	expectEvents(t, rec, "paid in person",
		fmt.Sprintf("%d booking %s", beaUser.ID, bookingData(booking)),
		fmt.Sprintf("%d booking %s push payment %q %q /dashboard/mybuyers booking-%d", sam, bookingData(booking),
			"Payment received: Oak table", "Bea Buyer paid 120.50", booking.ID),
		fmt.Sprintf("%d booking %s", diUser.ID, bookingData(queued)),
		fmt.Sprintf("%d booking %s", sam, bookingData(queued)))

	// A seller's no goes to the buyer's phone; a buyer's own cancelling
	// to nobody's.
	other := mpBook(t, di, s.mpProduct(t, "Chairs"))
	rec.take()
	expectStatus(t, s.seller.call("DELETE", fmt.Sprintf("/api/mybuyers/%d", other.ID), map[string]string{"reason": "Promised to a neighbour"}), http.StatusOK)
	expectEvents(t, rec, "a decline",
		fmt.Sprintf("%d booking %s", sam, bookingData(other)),
		fmt.Sprintf("%d booking %s push declined %q %q /dashboard/myorders booking-%d", diUser.ID, bookingData(other),
			"Booking declined: Oak table", "Promised to a neighbour", other.ID))

	cancelled := mpBook(t, di, s.mpProduct(t, "Chairs"))
	rec.take()
	expectStatus(t, di.call("DELETE", fmt.Sprintf("/api/booked/%d", cancelled.ID), nil), http.StatusOK)
	expectEvents(t, rec, "a cancellation",
		fmt.Sprintf("%d booking %s", sam, bookingData(cancelled)),
		fmt.Sprintf("%d booking %s", diUser.ID, bookingData(cancelled)))

	// Deleting a product, or an account, calls its open bookings off.
	deleted := mpBook(t, di, s.mpProduct(t, "Chairs"))
	rec.take()
	expectStatus(t, s.seller.call("DELETE", fmt.Sprintf("/api/products/%d", *deleted.ProductID), nil), http.StatusNoContent)
	expectEvents(t, rec, "a product deleted",
		fmt.Sprintf("%d booking %s", sam, bookingData(deleted)),
		fmt.Sprintf("%d booking %s", diUser.ID, bookingData(deleted)))
	left := mpBook(t, di, s.mpProduct(t, "Chairs"))
	rec.take()
	expectStatus(t, di.call("DELETE", "/api/auth/me", map[string]string{"password": testPassword}), http.StatusNoContent)
	expectEvents(t, rec, "the buyer left",
		fmt.Sprintf("%d booking %s", sam, bookingData(left)),
		fmt.Sprintf("%d booking %s", diUser.ID, bookingData(left)))
}

// TestCardPaymentTellsBothSides: a payment by card tells the buyer and
// the seller (on their phone too), once, however often Stripe repeats it.
func TestCardPaymentTellsBothSides(t *testing.T) {
	t.Parallel()
	e := withCards(t, api.Config{})
	rec := e.listen()
	admin, _ := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 8, 8)), http.StatusCreated)
	seller, sellerUser := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	buyer, buyerUser := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	r := seller.call("POST", "/api/products", productBody("Tables", seller.upload(pngImage(t, 40, 30)).URL))
	expectStatus(t, r, http.StatusCreated)
	booking := mpBook(t, buyer, decode[app.Product](t, r).ID)
	expectStatus(t, buyer.call("POST", fmt.Sprintf("/api/booked/%d/checkout", booking.ID), nil), http.StatusOK)
	paymentID, err := e.db.PaymentID(t.Context(), booking.ID)
	if err != nil {
		t.Fatal(err)
	}
	rec.take()
	data := fmt.Sprintf(`{"booking_id":%d,"product_id":%d}`, booking.ID, *booking.ProductID)
	body, signature := succeeded(t, "evt_1", paymentID, booking.ID, booking.Price, time.Now())
	expectStatus(t, deliver(e.client(), body, signature), http.StatusOK)
	expectEvents(t, rec, "a card payment",
		fmt.Sprintf("%d booking %s", buyerUser.ID, data),
		fmt.Sprintf("%d booking %s push payment %q %q /dashboard/mybuyers booking-%d", sellerUser.ID, data,
			"Payment received: Oak table", "Bea Buyer paid 120.50", booking.ID))
	expectStatus(t, deliver(e.client(), body, signature), http.StatusOK)
	expectEvents(t, rec, "the same event again")
}

// TestMessagesReachOpenStreams: through the whole server, a message one
// side sends arrives on the other side's open stream with their new
// unread count, and on the sender's other tab; marking it read clears the
// count on the reader's tabs.
func TestMessagesReachOpenStreams(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	buyer, buyerUser := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	product := s.createProducts(t, s.sellerUser, "Tables", 1)[0]
	sellerTab, buyerTab := s.seller.openEvents(""), buyer.openEvents("")
	sellerTab.next() // retry
	buyerTab.next()

	m := say(t, buyer, fmt.Sprintf("/api/products/%d/messages", product), "Does it fit in a car?")
	message := fmt.Sprintf(`{"conversation_id":%d,"message_id":%d}`, m.ConversationID, m.ID)
	heard := map[string]string{}
	for range 2 {
		got := sellerTab.next()
		heard[got.event] = got.data
	}
	if heard["message"] != message || heard["unread"] != `{"unread":1}` {
		t.Errorf("the seller heard %v, want the message %s and 1 unread", heard, message)
	}
	if got := buyerTab.next(); got.event != "message" || got.data != message {
		t.Errorf("the buyer's tab heard %+v, want their own message %s", got, message)
	}

	expectStatus(t, s.seller.call("POST", readPath(m.ConversationID), nil), http.StatusOK)
	if got := sellerTab.next(); got.event != "unread" || got.data != `{"unread":0}` {
		t.Errorf("after reading, the seller heard %+v, want 0 unread", got)
	}
	nothingBefore(s.hub, buyerUser.ID, buyerTab)
}
