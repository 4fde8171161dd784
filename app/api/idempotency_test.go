package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rehome/app"
)

func TestIdempotencyKeys(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	seller, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	buyer, _ := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	other, _ := e.register("Ben Buyer", "ben@example.com", app.RoleBuyer)
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 20, 20)), http.StatusCreated)
	picture := seller.upload(pngImage(t, 20, 20))
	newProduct := func() int64 {
		r := seller.call("POST", "/api/products", productBody("Tables", picture.URL))
		expectStatus(t, r, http.StatusCreated)
		return decode[app.Product](t, r).ID
	}
	bookingBody := func(id int64) string {
		return fmt.Sprintf(`{"product_id":%d,"location":"Market Square","buyer_phone":"+1 555 0100"}`, id)
	}
	send := func(c *client, path, body, key string) *response {
		return c.send("POST", path, "application/json", strings.NewReader(body), "Idempotency-Key", key)
	}
	openBookings := func(c *client) int {
		return decode[app.List[app.Booking]](t, c.call("GET", "/api/booked", nil)).Total
	}

	t.Run("a retried booking books once and answers as the first time", func(t *testing.T) {
		body := bookingBody(newProduct())
		first := send(buyer, "/api/booked", body, "outbox-1")
		expectStatus(t, first, http.StatusCreated)
		before := openBookings(buyer)
		again := send(buyer, "/api/booked", body, "outbox-1")
		expectStatus(t, again, http.StatusCreated)
		if string(again.body) != string(first.body) || again.header.Get("Idempotent-Replayed") != "true" {
			t.Errorf("replay %s (replayed %q), first %s", again.body, again.header.Get("Idempotent-Replayed"), first.body)
		}
		if after := openBookings(buyer); after != before {
			t.Errorf("%d bookings after the retry, want %d", after, before)
		}
	})
	t.Run("a refusal is replayed too", func(t *testing.T) {
		id := newProduct()
		expectStatus(t, buyer.call("POST", "/api/booked", bookingBody(id)), http.StatusCreated)
		expectStatus(t, send(buyer, "/api/booked", bookingBody(id), "outbox-2"), http.StatusConflict)
		r := send(buyer, "/api/booked", bookingBody(id), "outbox-2")
		expectStatus(t, r, http.StatusConflict)
		if r.header.Get("Idempotent-Replayed") != "true" {
			t.Error("the 409 was worked out again, not replayed")
		}
	})
	t.Run("a key reused for another request is refused", func(t *testing.T) {
		expectStatus(t, send(buyer, "/api/booked", bookingBody(newProduct()), "outbox-3"), http.StatusCreated)
		expectError(t, send(buyer, "/api/booked", bookingBody(newProduct()), "outbox-3"), http.StatusUnprocessableEntity,
			"This Idempotency-Key was already used for another request", nil)
	})
	t.Run("keys belong to their user", func(t *testing.T) {
		id := newProduct()
		expectStatus(t, send(buyer, "/api/booked", bookingBody(id), "shared-key"), http.StatusCreated)
		r := send(other, "/api/booked", bookingBody(id), "shared-key")
		expectStatus(t, r, http.StatusCreated)
		if r.header.Get("Idempotent-Replayed") != "" {
			t.Error("another user's answer was replayed")
		}
	})
	t.Run("a retried report reports once", func(t *testing.T) {
		body := fmt.Sprintf(`{"product_id":%d,"reason":"broken"}`, newProduct())
		expectStatus(t, send(buyer, "/api/reported", body, "outbox-4"), http.StatusCreated)
		expectStatus(t, send(buyer, "/api/reported", body, "outbox-4"), http.StatusCreated)
		list := decode[app.List[app.ReportedProduct]](t, admin.call("GET", "/api/reported", nil))
		if len(list.Items) != 1 || list.Items[0].Reports != 1 {
			t.Errorf("reports %+v", list.Items)
		}
	})
	t.Run("without a key a repeat is a duplicate", func(t *testing.T) {
		id := newProduct()
		expectStatus(t, buyer.call("POST", "/api/booked", bookingBody(id)), http.StatusCreated)
		expectStatus(t, buyer.call("POST", "/api/booked", bookingBody(id)), http.StatusConflict)
	})
	t.Run("a malformed key is refused", func(t *testing.T) {
		for _, key := range []string{strings.Repeat("k", 256), "has space", "tab\there"} {
			expectStatus(t, send(buyer, "/api/booked", bookingBody(newProduct()), key), http.StatusBadRequest)
		}
	})
	t.Run("signed-out requests are refused, not remembered", func(t *testing.T) {
		id := newProduct()
		expectStatus(t, send(e.client(), "/api/booked", bookingBody(id), "outbox-5"), http.StatusUnauthorized)
		expectStatus(t, send(buyer, "/api/booked", bookingBody(id), "outbox-5"), http.StatusCreated)
	})
}
