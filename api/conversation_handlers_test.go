package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"rehome/app"
)

// Helpers for the conversation tests.

// say posts text as c to path and returns the message.
func say(t *testing.T, c *client, path, text string) app.Message {
	t.Helper()
	r := c.call("POST", path, map[string]string{"text": text})
	expectStatus(t, r, http.StatusCreated)
	return decode[app.Message](t, r)
}

func unreadOf(t *testing.T, c *client) int {
	t.Helper()
	r := c.call("GET", "/api/conversations/unread", nil)
	expectStatus(t, r, http.StatusOK)
	return decode[map[string]int](t, r)["unread"]
}

func conversationOf(t *testing.T, c *client, id int64) app.Conversation {
	t.Helper()
	r := c.call("GET", fmt.Sprintf("/api/conversations/%d", id), nil)
	expectStatus(t, r, http.StatusOK)
	return decode[app.Conversation](t, r)
}

// jsonObject decodes an answer as a generic object, to check its keys.
func jsonObject(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	return v
}

func messagesPath(conversation int64) string {
	return fmt.Sprintf("/api/conversations/%d/messages", conversation)
}

func readPath(conversation int64) string {
	return fmt.Sprintf("/api/conversations/%d/read", conversation)
}

func TestMessageRefusesBadInput(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	conversation := say(t, bea, fmt.Sprintf("/api/products/%d/messages", product), "Hello").ConversationID
	soon := time.Now().Add(time.Hour).UTC().Format(time.RFC3339)
	const required = "This field is required"
	cases := []struct {
		name    string
		path    string
		body    any
		status  int
		message string
		fields  map[string]string
	}{
		{"no text", messagesPath(conversation), map[string]any{}, 422, "", map[string]string{"text": required}},
		{"blank text", messagesPath(conversation), map[string]any{"text": " \n "}, 422, "", map[string]string{"text": required}},
		{"only zero-width characters", messagesPath(conversation), map[string]any{"text": "\u200b\u200c\u200d\u2060\ufeff"}, 422, "",
			map[string]string{"text": required}},
		{"only controls and bidirectional overrides", messagesPath(conversation), map[string]any{"text": "\u0001\u001b\u007f\u0085\u202e\u2066 \t"}, 422, "",
			map[string]string{"text": required}},
		{"only invisible characters about a product", fmt.Sprintf("/api/products/%d/messages", product), map[string]any{"text": "\u00ad\u200e\u3164\ufe0f"}, 422, "",
			map[string]string{"text": required}},
		{"long text", messagesPath(conversation), map[string]any{"text": strings.Repeat("é", 2001)}, 422, "",
			map[string]string{"text": "Use at most 2,000 characters"}},
		{"blank text about a product", fmt.Sprintf("/api/products/%d/messages", product), map[string]any{"text": ""}, 422, "",
			map[string]string{"text": required}},
		{"a pickup time past", messagesPath(conversation), map[string]any{"pickup_at": time.Now().Add(-time.Minute)}, 422, "",
			map[string]string{"pickup_at": "Choose a time in the future"}},
		{"a pickup time next year", messagesPath(conversation), map[string]any{"pickup_at": time.Now().Add(367 * 24 * time.Hour)}, 422, "",
			map[string]string{"pickup_at": "Choose a time within a year"}},
		{"a pickup time without a booking", messagesPath(conversation), map[string]any{"pickup_at": soon}, 409,
			"A pickup time can be proposed only while the buyer has an open booking", nil},
		{"a pickup time that is no time", messagesPath(conversation), map[string]any{"pickup_at": "tomorrow"}, 400, "", nil},
		{"an unknown field", messagesPath(conversation), map[string]any{"text": "Hi", "sender_id": 1}, 400, `Unknown field "sender_id"`,
			map[string]string{"sender_id": "Unknown field"}},
		{"no such product", "/api/products/9999/messages", map[string]any{"text": "Hi"}, 404, "", nil},
		{"no such conversation", messagesPath(9999), map[string]any{"text": "Hi"}, 404, "", nil},
		{"no such booking", "/api/booked/9999/messages", map[string]any{"text": "Hi"}, 404, "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := bea.call("POST", tc.path, tc.body)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d; body %s", r.status, tc.status, r.body)
			}
			if tc.status == 422 {
				expectError(t, r, tc.status, "Please correct the highlighted fields", tc.fields)
			} else if tc.message != "" {
				expectError(t, r, tc.status, tc.message, tc.fields)
			}
		})
	}
	t.Run("controls and overrides are taken out, an emoji sequence kept", func(t *testing.T) {
		m := say(t, bea, messagesPath(conversation), "\u202eHello\u0007\r\n\tthere \U0001F468\u200D\U0001F469\u200D\U0001F467\u2069\u009b")
		if want := "Hello\n\tthere \U0001F468\u200D\U0001F469\u200D\U0001F467"; m.Text != want {
			t.Errorf("text %q, want %q", m.Text, want)
		}
	})
	t.Run("to oneself", func(t *testing.T) {
		expectError(t, s.seller.call("POST", fmt.Sprintf("/api/products/%d/messages", product), map[string]string{"text": "Me?"}),
			http.StatusForbidden, "You cannot message yourself", nil)
	})
	t.Run("nothing more was stored", func(t *testing.T) {
		if list := mpGet[app.Message](t, bea, messagesPath(conversation)); list.Total != 2 {
			t.Errorf("messages %+v", list)
		}
	})
}

// TestConversation follows a question and its answer: the JSON each side
// sees, the unread counts, reading, and the booking's conversation_id.
func TestConversation(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, beaUser := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)

	r := bea.call("POST", fmt.Sprintf("/api/products/%d/messages", product), map[string]string{"text": "  Does it fit in a car?  "})
	expectStatus(t, r, http.StatusCreated)
	first := decode[app.Message](t, r)
	expectJSONFields(t, jsonObject(t, r.body), map[string]any{
		"id": float64(first.ID), "conversation_id": float64(first.ConversationID), "sender_id": float64(beaUser.ID),
		"mine": true, "text": "Does it fit in a car?", "pickup_at": nil, "accepted": false, "declined": false, "superseded": false,
	}, "time")
	conversation := first.ConversationID
	// The same buyer about the same product: the same conversation.
	if again := say(t, bea, fmt.Sprintf("/api/products/%d/messages", product), "Or a van?"); again.ConversationID != conversation {
		t.Fatalf("a second conversation %d, want %d", again.ConversationID, conversation)
	}

	if n := unreadOf(t, s.seller); n != 2 {
		t.Errorf("seller's unread %d, want 2", n)
	}
	if n := unreadOf(t, bea); n != 0 {
		t.Errorf("buyer's unread %d, want 0", n)
	}
	r = s.seller.call("GET", "/api/conversations", nil)
	expectStatus(t, r, http.StatusOK)
	list := jsonObject(t, r.body)
	if list["total"] != float64(1) {
		t.Fatalf("seller's conversations %s", r.body)
	}
	seen := list["items"].([]any)[0].(map[string]any)
	expectJSONFields(t, seen, map[string]any{
		"id": float64(conversation), "role": "seller", "booking": nil, "unread": float64(2),
		"product": map[string]any{"id": float64(product), "name": "Oak table", "image": s.picture.URL, "thumb_url": s.picture.ThumbURL, "price": 120.5},
		"other":   map[string]any{"id": float64(beaUser.ID), "name": "Bea Buyer", "image": beaUser.Image},
	}, "last_message", "updated")
	if last := seen["last_message"].(map[string]any); last["text"] != "Or a van?" || last["mine"] != false {
		t.Errorf("last message %v", last)
	}

	// Reading the messages marks nothing read; marking the conversation
	// read marks the buyer's messages read for the seller only.
	messages := mpGet[app.Message](t, s.seller, messagesPath(conversation))
	if messages.Total != 2 || messages.Items[0].Text != "Does it fit in a car?" || messages.Items[0].Mine {
		t.Errorf("messages %+v", messages)
	}
	if n := unreadOf(t, s.seller); n != 2 {
		t.Errorf("seller's unread after reading the messages %d, want still 2", n)
	}
	r = s.seller.call("POST", readPath(conversation), nil)
	expectStatus(t, r, http.StatusOK)
	if got := decode[map[string]int](t, r); got["unread"] != 0 || len(got) != 1 {
		t.Errorf("marking read answered %s, want {\"unread\":0}", r.body)
	}
	if n := unreadOf(t, s.seller); n != 0 {
		t.Errorf("seller's unread after marking read %d, want 0", n)
	}
	reply := say(t, s.seller, messagesPath(conversation), "It does")
	if n := unreadOf(t, bea); n != 1 {
		t.Errorf("buyer's unread %d, want 1", n)
	}
	c := conversationOf(t, bea, conversation)
	if c.Role != app.AsBuyer || c.Other.ID != s.sellerUser.ID || c.Unread != 1 || c.LastMessage == nil || c.LastMessage.ID != reply.ID {
		t.Errorf("the buyer's conversation %+v", c)
	}

	// A booking finds the conversation; the conversation the booking.
	booking := mpBook(t, bea, product)
	if booking.ConversationID == nil || *booking.ConversationID != conversation || booking.PickupAt != nil {
		t.Errorf("booking %+v, want conversation %d and no pickup time", booking, conversation)
	}
	if c := conversationOf(t, s.seller, conversation); c.Booking == nil || c.Booking.ID != booking.ID || c.Booking.Status != app.BookingBooked {
		t.Errorf("the conversation's booking %+v", c.Booking)
	}
	r = bea.call("GET", fmt.Sprintf("/api/booked/%d", booking.ID), nil)
	expectStatus(t, r, http.StatusOK)
	if got := jsonObject(t, r.body); got["conversation_id"] != float64(conversation) || got["pickup_at"] != nil {
		t.Errorf("booking JSON %s", r.body)
	}
}

func TestMessagesPages(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	var sent []int64
	for i := range 7 {
		sent = append(sent, say(t, bea, fmt.Sprintf("/api/products/%d/messages", product), fmt.Sprint("Message ", i)).ID)
	}
	path := messagesPath(conversationAbout(t, bea, product))
	cases := []struct {
		name  string
		query string
		want  []int64
	}{
		{"the newest", "", sent},
		{"the newest three", "?limit=3", sent[4:]},
		{"three before the fifth", fmt.Sprintf("?limit=3&before=%d", sent[4]), sent[1:4]},
		{"the rest", fmt.Sprintf("?limit=3&before=%d", sent[1]), sent[:1]},
		{"before the first", fmt.Sprintf("?before=%d", sent[0]), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			list := mpGet[app.Message](t, s.seller, path+tc.query)
			var got []int64
			for _, m := range list.Items {
				got = append(got, m.ID)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) || list.Total != 7 {
				t.Errorf("ids %v of %d, want %v of 7", got, list.Total, tc.want)
			}
		})
	}
	expectStatus(t, s.seller.call("GET", path+"?before=x", nil), http.StatusBadRequest)
}

// conversationAbout is the conversation c started about product.
func conversationAbout(t *testing.T, c *client, product int64) int64 {
	t.Helper()
	for _, conv := range mpGet[app.Conversation](t, c, "/api/conversations?limit=100").Items {
		if conv.Product.ID != nil && *conv.Product.ID == product {
			return conv.ID
		}
	}
	t.Fatalf("no conversation about %d", product)
	return 0
}

// TestPickup: a pickup time proposed in a conversation becomes the
// booking's once the other side accepts it.
func TestPickup(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	booking := mpBook(t, bea, product)
	// 'Message the buyer' from My Buyers starts the conversation.
	conversation := say(t, s.seller, fmt.Sprintf("/api/booked/%d/messages", booking.ID), "When suits you?").ConversationID
	at := time.Now().Add(26 * time.Hour).UTC().Truncate(time.Millisecond)
	r := bea.call("POST", messagesPath(conversation), map[string]any{"text": "", "pickup_at": at})
	expectStatus(t, r, http.StatusCreated)
	proposal := decode[app.Message](t, r)
	if proposal.PickupAt == nil || !proposal.PickupAt.Equal(at) || proposal.Accepted || proposal.Text != "" {
		t.Fatalf("proposal %+v", proposal)
	}
	accept := func(c *client, message int64) *response {
		return c.call("POST", fmt.Sprintf("/api/conversations/%d/messages/%d/accept", conversation, message), nil)
	}
	expectStatus(t, accept(bea, proposal.ID), http.StatusForbidden)
	question := mpGet[app.Message](t, bea, messagesPath(conversation)).Items[0]
	expectError(t, accept(bea, question.ID), http.StatusConflict, "This message proposes no pickup time", nil)
	expectStatus(t, accept(s.seller, 9999), http.StatusNotFound)

	r = accept(s.seller, proposal.ID)
	expectStatus(t, r, http.StatusOK)
	if got := decode[app.Message](t, r); !got.Accepted || got.ID != proposal.ID {
		t.Errorf("accepted %+v", got)
	}
	expectError(t, accept(s.seller, proposal.ID), http.StatusConflict, "This pickup time is already accepted", nil)
	for _, got := range []app.Booking{
		decode[app.Booking](t, bea.call("GET", fmt.Sprintf("/api/booked/%d", booking.ID), nil)),
		found(mpBookingByID(mpGet[app.Booking](t, s.seller, "/api/mybuyers"), booking.ID)),
		found(mpBookingByID(mpGet[app.Booking](t, bea, "/api/booked"), booking.ID)),
	} {
		if got.PickupAt == nil || !got.PickupAt.Equal(at) {
			t.Errorf("booking's pickup_at %v, want %v", got.PickupAt, at)
		}
	}
	if c := conversationOf(t, bea, conversation); c.Booking == nil || c.Booking.PickupAt == nil || !c.Booking.PickupAt.Equal(at) {
		t.Errorf("conversation's booking %+v", c.Booking)
	}

	// Once the booking is called off, no pickup time is proposed or accepted.
	r = s.seller.call("POST", messagesPath(conversation), map[string]any{"pickup_at": at.Add(time.Hour)})
	expectStatus(t, r, http.StatusCreated)
	late := decode[app.Message](t, r)
	expectStatus(t, bea.call("DELETE", fmt.Sprintf("/api/booked/%d", booking.ID), nil), http.StatusOK)
	expectError(t, accept(bea, late.ID), http.StatusConflict, "The buyer has no open booking of this product", nil)
	expectError(t, bea.call("POST", messagesPath(conversation), map[string]any{"pickup_at": at}), http.StatusConflict,
		"A pickup time can be proposed only while the buyer has an open booking", nil)
}

// TestDeclinePickup: the side that did not propose a pickup time declines
// it, or answers with another time, which supersedes it; either way the
// old proposal can no longer be accepted.
func TestDeclinePickup(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	booking := mpBook(t, bea, product)
	conversation := say(t, s.seller, fmt.Sprintf("/api/booked/%d/messages", booking.ID), "When suits you?").ConversationID
	propose := func(c *client, at time.Time) app.Message {
		r := c.call("POST", messagesPath(conversation), map[string]any{"pickup_at": at})
		expectStatus(t, r, http.StatusCreated)
		return decode[app.Message](t, r)
	}
	answer := func(c *client, verb string, message int64) *response {
		return c.call("POST", fmt.Sprintf("/api/conversations/%d/messages/%d/%s", conversation, message, verb), nil)
	}
	at := time.Now().Add(26 * time.Hour).UTC().Truncate(time.Millisecond)
	first := propose(s.seller, at)

	expectStatus(t, answer(s.seller, "decline", first.ID), http.StatusForbidden)
	question := mpGet[app.Message](t, bea, messagesPath(conversation)).Items[0]
	expectError(t, answer(bea, "decline", question.ID), http.StatusConflict, "This message proposes no pickup time", nil)
	expectStatus(t, answer(bea, "decline", 9999), http.StatusNotFound)

	r := answer(bea, "decline", first.ID)
	expectStatus(t, r, http.StatusOK)
	if got := decode[app.Message](t, r); !got.Declined || got.Accepted || got.ID != first.ID {
		t.Errorf("declined %+v", got)
	}
	expectError(t, answer(bea, "decline", first.ID), http.StatusConflict, "This pickup time is already declined", nil)
	expectError(t, answer(bea, "accept", first.ID), http.StatusConflict, "This pickup time is already declined", nil)
	if got := decode[app.Booking](t, bea.call("GET", fmt.Sprintf("/api/booked/%d", booking.ID), nil)); got.PickupAt != nil {
		t.Errorf("a declined time became the booking's: %v", got.PickupAt)
	}

	// Suggesting another time is a new proposal: the one it answers can
	// be neither accepted nor declined after it.
	second := propose(s.seller, at.Add(time.Hour))
	other := propose(bea, at.Add(2*time.Hour))
	for _, verb := range []string{"accept", "decline"} {
		expectError(t, answer(bea, verb, second.ID), http.StatusConflict, "A newer pickup time was proposed since", nil)
	}
	messages := mpGet[app.Message](t, bea, messagesPath(conversation)).Items
	states := map[int64]string{}
	for _, m := range messages {
		states[m.ID] = fmt.Sprintf("accepted=%v declined=%v superseded=%v", m.Accepted, m.Declined, m.Superseded)
	}
	for id, want := range map[int64]string{
		first.ID:  "accepted=false declined=true superseded=true",
		second.ID: "accepted=false declined=false superseded=true",
		other.ID:  "accepted=false declined=false superseded=false",
	} {
		if states[id] != want {
			t.Errorf("message %d: %s, want %s", id, states[id], want)
		}
	}
	expectStatus(t, answer(s.seller, "accept", other.ID), http.StatusOK)
	expectError(t, answer(s.seller, "decline", other.ID), http.StatusConflict, "This pickup time is already accepted", nil)
}

func found[T any](v T, ok bool) T {
	if !ok {
		panic("not found")
	}
	return v
}

func TestMessagesAreLimited(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	path := fmt.Sprintf("/api/products/%d/messages", product)
	for i := range app.MessagesPerMinute {
		say(t, bea, path, fmt.Sprint("Hello ", i))
	}
	r := bea.call("POST", path, map[string]string{"text": "One more"})
	expectStatus(t, r, http.StatusTooManyRequests)
	if retry, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || retry <= 0 || retry > 60 {
		t.Errorf("Retry-After %q, want seconds in (0, 60]", r.header.Get("Retry-After"))
	}
	// The limit is the sender's: the seller still answers.
	say(t, s.seller, messagesPath(conversationAbout(t, bea, product)), "Slow down")
}

// TestMessageRetriedOnce: the offline outbox resends with its key; the
// message is sent once and the first answer repeated.
func TestMessageRetriedOnce(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	body := `{"text":"Sent from the bus"}`
	path := fmt.Sprintf("/api/products/%d/messages", product)
	first := bea.send("POST", path, "application/json", strings.NewReader(body), "Idempotency-Key", "msg-1")
	again := bea.send("POST", path, "application/json", strings.NewReader(body), "Idempotency-Key", "msg-1")
	expectStatus(t, first, http.StatusCreated)
	expectStatus(t, again, http.StatusCreated)
	if string(first.body) != string(again.body) || again.header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("retry answered %s (replayed %q), want %s", again.body, again.header.Get("Idempotent-Replayed"), first.body)
	}
	conversation := decode[app.Message](t, first).ConversationID
	if n := mpGet[app.Message](t, s.seller, messagesPath(conversation)).Total; n != 1 {
		t.Errorf("%d messages, want 1", n)
	}
}

// TestConversationOutlivesProduct: the snapshot stays when the product
// goes; a booking without a conversation then has nobody to write to.
func TestConversationOutlivesProduct(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	asked, silent := s.mpProduct(t, "Tables"), s.mpProduct(t, "Tables")
	askedBooking, silentBooking := mpBook(t, bea, asked), mpBook(t, bea, silent)
	conversation := say(t, bea, fmt.Sprintf("/api/products/%d/messages", asked), "Still there?").ConversationID
	for _, p := range []int64{asked, silent} {
		expectStatus(t, s.seller.call("DELETE", fmt.Sprintf("/api/products/%d", p), nil), http.StatusNoContent)
	}
	c := conversationOf(t, s.seller, conversation)
	if c.Product.ID != nil || c.Product.Name != "Oak table" || c.Product.Price != 12050 || c.Product.Image != s.picture.URL {
		t.Errorf("product snapshot %+v", c.Product)
	}
	// Still reachable from the booking, by either side.
	if got := say(t, s.seller, fmt.Sprintf("/api/booked/%d/messages", askedBooking.ID), "Sorry, it broke"); got.ConversationID != conversation {
		t.Errorf("message in conversation %d, want %d", got.ConversationID, conversation)
	}
	expectError(t, bea.call("POST", fmt.Sprintf("/api/booked/%d/messages", silentBooking.ID), map[string]string{"text": "Hello?"}),
		http.StatusConflict, "The product or the other account no longer exists, and there is no conversation about it", nil)
	expectStatus(t, bea.call("POST", fmt.Sprintf("/api/products/%d/messages", asked), map[string]string{"text": "Hi"}), http.StatusNotFound)
}

// TestConversationGoesWithAccount: a deleted account takes its
// conversations and their messages with it.
func TestConversationGoesWithAccount(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	conversation := say(t, bea, fmt.Sprintf("/api/products/%d/messages", product), "Hello").ConversationID
	expectStatus(t, bea.call("DELETE", "/api/auth/me", map[string]string{"password": testPassword}), http.StatusNoContent)
	if list := mpGet[app.Conversation](t, s.seller, "/api/conversations"); list.Total != 0 || len(list.Items) != 0 {
		t.Errorf("seller's conversations %+v", list)
	}
	if n := unreadOf(t, s.seller); n != 0 {
		t.Errorf("seller's unread %d, want 0", n)
	}
	expectStatus(t, s.seller.call("GET", fmt.Sprintf("/api/conversations/%d", conversation), nil), http.StatusNotFound)
}

func TestExportHoldsConversations(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	product := s.mpProduct(t, "Tables")
	bea, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	conversation := say(t, bea, fmt.Sprintf("/api/products/%d/messages", product), "Hello").ConversationID
	say(t, s.seller, messagesPath(conversation), "Hi Bea")
	r := bea.call("GET", "/api/auth/me/export", nil)
	expectStatus(t, r, http.StatusOK)
	export := decode[struct {
		Conversations []struct {
			ID       int64         `json:"id"`
			Role     string        `json:"role"`
			Messages []app.Message `json:"messages"`
		} `json:"conversations"`
	}](t, r)
	if len(export.Conversations) != 1 {
		t.Fatalf("export %s", r.body)
	}
	c := export.Conversations[0]
	if c.ID != conversation || c.Role != "buyer" || len(c.Messages) != 2 || !c.Messages[0].Mine || c.Messages[1].Text != "Hi Bea" {
		t.Errorf("exported conversation %+v", c)
	}
	if n := unreadOf(t, bea); n != 1 {
		t.Errorf("the export marked messages read: unread %d, want 1", n)
	}
}
