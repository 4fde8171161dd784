package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"rehome/api"
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
	t.Run("a refusal that may change frees the key for the retry", func(t *testing.T) {
		path := fmt.Sprintf("/api/products/%d/messages", newProduct())
		for {
			r := other.call("POST", path, map[string]string{"text": "Hello"})
			if r.status == http.StatusTooManyRequests {
				break
			}
			expectStatus(t, r, http.StatusCreated)
		}
		// Were the first one's claim kept, the second would wait for an
		// answer that never comes, then be asked to come back (503).
		for range 2 {
			r := send(other, path, `{"text":"Still there?"}`, "outbox-6")
			expectStatus(t, r, http.StatusTooManyRequests)
			if r.header.Get("Idempotent-Replayed") != "" {
				t.Error("a 429 was replayed")
			}
		}
	})
	t.Run("signed-out requests are refused, not remembered", func(t *testing.T) {
		id := newProduct()
		expectStatus(t, send(e.client(), "/api/booked", bookingBody(id), "outbox-5"), http.StatusUnauthorized)
		expectStatus(t, send(buyer, "/api/booked", bookingBody(id), "outbox-5"), http.StatusCreated)
	})
}

// sendAtOnce sends the same request with the same key from n goroutines at
// once, as an outbox retrying on two connections or two tabs would. Each
// has its connection open before they start, so that none waits to dial.
func sendAtOnce(c *client, n int, path, body, key string) []*response {
	answers := make([]*response, n)
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		ready.Add(1)
		done.Go(func() {
			own := *c
			transport := c.http.Transport.(*http.Transport).Clone()
			defer transport.CloseIdleConnections()
			own.http = &http.Client{Jar: c.http.Jar, Transport: transport}
			expectStatus(c.t, own.call("GET", "/api/auth/me", nil), http.StatusOK)
			ready.Done()
			<-start
			answers[i] = own.send("POST", path, "application/json", strings.NewReader(body), "Idempotency-Key", key)
		})
	}
	ready.Wait()
	close(start)
	done.Wait()
	return answers
}

// wantOneWorker checks that of answers to one key exactly one did the work
// and the others replayed its answer.
func wantOneWorker(t *testing.T, answers []*response, status int) {
	t.Helper()
	worked := 0
	for i, r := range answers {
		expectStatus(t, r, status)
		if r.header.Get("Idempotent-Replayed") != "true" {
			worked++
		}
		if string(r.body) != string(answers[0].body) {
			t.Errorf("answer %d is %s, answer 0 %s", i, r.body, answers[0].body)
		}
	}
	if worked != 1 {
		t.Errorf("%d of %d answers were not replayed, want 1", worked, len(answers))
	}
}

func TestIdempotencyKeysAtOnce(t *testing.T) {
	t.Parallel()
	const racers = 8
	s := newTrustShop(t)
	t.Run("a message sent twice at once is stored once", func(t *testing.T) {
		conversation := say(t, s.buyer, fmt.Sprintf("/api/products/%d/messages", s.mpProduct(t, "Tables")), "Hello").ConversationID
		wantOneWorker(t, sendAtOnce(s.buyer, racers, messagesPath(conversation), `{"text":"Still there?"}`, "message-1"), http.StatusCreated)
		if list := mpGet[app.Message](t, s.buyer, messagesPath(conversation)); list.Total != 2 {
			t.Errorf("%d messages, want 2", list.Total)
		}
	})
	t.Run("a booking sent twice at once books once", func(t *testing.T) {
		product := s.mpProduct(t, "Tables")
		body := fmt.Sprintf(`{"product_id":%d,"location":"Market Square","buyer_phone":"+1 555 0100"}`, product)
		wantOneWorker(t, sendAtOnce(s.buyer, racers, "/api/booked", body, "booking-1"), http.StatusCreated)
		booked := 0
		for _, b := range mpGet[app.Booking](t, s.buyer, "/api/booked?limit=100").Items {
			if b.ProductID != nil && *b.ProductID == product {
				booked++
			}
		}
		if booked != 1 {
			t.Errorf("%d bookings of the product, want 1", booked)
		}
	})
	t.Run("a handover sent twice at once answers the one that handed over", func(t *testing.T) {
		b, code := s.booking(t)
		wantOneWorker(t, sendAtOnce(s.seller, racers, fmt.Sprintf("/api/mybuyers/%d/handover", b.ID), `{"code":"`+code+`"}`, "handover-1"),
			http.StatusOK)
	})
}

// TestIdempotencyKeyOfADeadProcess: a process killed while doing a key's
// work leaves the key claimed without an answer. Its work's transaction did
// not commit, so a retry does the work once the claim's lease is over, and
// is asked to come back until then with an answer the outbox keeps its
// entry on.
func TestIdempotencyKeyOfADeadProcess(t *testing.T) {
	t.Parallel()
	s := trustShopOf(t, shopOn(t, serverWith(t, t.TempDir(), api.Config{IdempotencyWait: time.Millisecond})))
	conversation := say(t, s.buyer, fmt.Sprintf("/api/products/%d/messages", s.mpProduct(t, "Tables")), "Hello").ConversationID
	path, body := messagesPath(conversation), `{"text":"Still there?"}`
	_, err := s.db.ClaimKey(context.Background(), s.buyerUser.ID, "message-2", api.IdempotencyHash("POST", path, []byte(body)), "killed")
	if err != nil {
		t.Fatal(err)
	}
	send := func() *response {
		return s.buyer.send("POST", path, "application/json", strings.NewReader(body), "Idempotency-Key", "message-2")
	}
	messages := func() int { return mpGet[app.Message](t, s.buyer, path).Total }

	r := send()
	expectError(t, r, http.StatusServiceUnavailable, "This request is still being processed: try again in a moment", nil)
	if r.header.Get("Retry-After") == "" || messages() != 1 {
		t.Errorf("within the lease: Retry-After %q, %d messages", r.header.Get("Retry-After"), messages())
	}
	s.later(app.IdempotencyLease + time.Second)
	first := send()
	expectStatus(t, first, http.StatusCreated)
	if first.header.Get("Idempotent-Replayed") != "" || messages() != 2 {
		t.Errorf("past the lease: replayed %q, %d messages, want the work done", first.header.Get("Idempotent-Replayed"), messages())
	}
	again := send()
	expectStatus(t, again, http.StatusCreated)
	if again.header.Get("Idempotent-Replayed") != "true" || string(again.body) != string(first.body) || messages() != 2 {
		t.Errorf("the retry's retry: %s %s, %d messages", again.header, again.body, messages())
	}
}

// TestIdempotencyKeyOfAProcessKilledAfterItsWork: a process killed after
// its work's transaction committed, and before it kept its answer, leaves
// the key claimed and marked worked in that transaction. A retry waits
// within the lease, as for any claim; after it, it is told the work was
// done (409, which the outbox settles) and never does it again.
func TestIdempotencyKeyOfAProcessKilledAfterItsWork(t *testing.T) {
	t.Parallel()
	s := trustShopOf(t, shopOn(t, serverWith(t, t.TempDir(), api.Config{IdempotencyWait: time.Millisecond})))
	conversation := say(t, s.buyer, fmt.Sprintf("/api/products/%d/messages", s.mpProduct(t, "Tables")), "Hello").ConversationID
	path, body := messagesPath(conversation), `{"text":"Still there?"}`
	ctx := context.Background()
	_, err := s.db.ClaimKey(ctx, s.buyerUser.ID, "message-3", api.IdempotencyHash("POST", path, []byte(body)), "killed")
	if err != nil {
		t.Fatal(err)
	}
	// The killed process's work, under its claim, as its handler wrote it.
	claim := app.IdempotencyClaim{UserID: s.buyerUser.ID, Key: "message-3", By: "killed"}
	if err := s.db.AddMessageTo(app.WithIdempotencyClaim(ctx, claim), conversation, &app.Message{SenderID: s.buyerUser.ID, Text: "Still there?"}); err != nil {
		t.Fatal(err)
	}
	send := func() *response {
		return s.buyer.send("POST", path, "application/json", strings.NewReader(body), "Idempotency-Key", "message-3")
	}
	messages := func() int { return mpGet[app.Message](t, s.buyer, path).Total }

	expectError(t, send(), http.StatusServiceUnavailable, "This request is still being processed: try again in a moment", nil)
	s.later(app.IdempotencyLease + time.Second)
	for range 2 {
		expectError(t, send(), http.StatusConflict, "This request was already done, but its answer was lost: reload to see it", nil)
	}
	if n := messages(); n != 2 {
		t.Errorf("%d messages, want the greeting and the one the killed process sent", n)
	}
}
