package app_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"rehome/app"
)

// TestMessageRules: nobody writes about their own listing; a message has
// text of at most MaxMessageRunes; a pickup time is proposed only in a
// conversation about an open booking.
func TestMessageRules(t *testing.T) {
	t.Parallel()
	mk := newMarket(t)
	sam := mk.person("Sam Seller", app.RoleSeller)
	bea := mk.person("Bea Buyer", app.RoleBuyer)
	listing := mk.product(sam)
	tomorrow := time.Now().Add(24 * time.Hour)
	first, err := mk.svc.Conversations.MessageAboutProduct(mk.ctx, bea, listing.ID, app.MessageInput{Text: "Is it still there?"})
	if err != nil {
		t.Fatal(err)
	}
	unbooked := first.ConversationID
	booking := mk.book(bea, mk.product(sam))
	if _, err := mk.svc.Conversations.MessageAboutBooking(mk.ctx, bea, booking.ID, app.MessageInput{Text: "When can I come?"}); err != nil {
		t.Fatal(err)
	}
	booked, err := mk.svc.Bookings.Booking(mk.ctx, sam, booking.ID)
	if err != nil || booked.ConversationID == nil {
		t.Fatalf("the booking's conversation: %+v, %v", booked, err)
	}
	for _, tc := range []struct {
		name string
		send func() error
		want app.Kind
	}{
		{"ErrOwnListing", func() error {
			_, err := mk.svc.Conversations.MessageAboutProduct(mk.ctx, sam, listing.ID, app.MessageInput{Text: "Hello"})
			return err
		}, app.KindForbidden},
		{"ErrNobodySignedIn", func() error {
			_, err := mk.svc.Conversations.MessageAboutProduct(mk.ctx, nil, listing.ID, app.MessageInput{Text: "Hello"})
			return err
		}, app.KindUnauthorized},
		{"ErrEmpty", func() error {
			_, err := mk.svc.Conversations.SendMessage(mk.ctx, bea, unbooked, app.MessageInput{Text: "  "})
			return err
		}, app.KindInvalid},
		{"ErrTooLong", func() error {
			_, err := mk.svc.Conversations.SendMessage(mk.ctx, bea, unbooked, app.MessageInput{Text: strings.Repeat("x", app.MaxMessageRunes+1)})
			return err
		}, app.KindInvalid},
		{"ErrPickupWithoutBooking", func() error {
			_, err := mk.svc.Conversations.SendMessage(mk.ctx, sam, unbooked, app.MessageInput{PickupAt: &tomorrow})
			return err
		}, app.KindConflict},
		{"OKLongest", func() error {
			_, err := mk.svc.Conversations.SendMessage(mk.ctx, bea, unbooked, app.MessageInput{Text: strings.Repeat("x", app.MaxMessageRunes)})
			return err
		}, ""},
		{"OKPickupForABooking", func() error {
			_, err := mk.svc.Conversations.SendMessage(mk.ctx, sam, *booked.ConversationID, app.MessageInput{PickupAt: &tomorrow})
			return err
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantKind(t, "send", tc.send(), tc.want)
		})
	}
}

// TestMessagesPerMinute: a person sends at most MessagesPerMinute messages
// a minute, then waits; the limit is the sender's, so the other side
// still answers.
func TestMessagesPerMinute(t *testing.T) {
	t.Parallel()
	mk := newMarket(t)
	sam := mk.person("Sam Seller", app.RoleSeller)
	bea := mk.person("Bea Buyer", app.RoleBuyer)
	listing := mk.product(sam)
	var conversation int64
	for i := range app.MessagesPerMinute {
		m, err := mk.svc.Conversations.MessageAboutProduct(mk.ctx, bea, listing.ID, app.MessageInput{Text: fmt.Sprint("Hello ", i)})
		if err != nil {
			t.Fatalf("message %d: %v", i+1, err)
		}
		conversation = m.ConversationID
	}
	_, err := mk.svc.Conversations.MessageAboutProduct(mk.ctx, bea, listing.ID, app.MessageInput{Text: "One more"})
	wantKind(t, "one message too many", err, app.KindRateLimited)
	_, err = mk.svc.Conversations.SendMessage(mk.ctx, sam, conversation, app.MessageInput{Text: "Slow down"})
	wantKind(t, "the seller's answer", err, "")
}
