package sqlite_test

import (
	"context"
	"testing"

	"rehome/app"
)

// TestBookingFindsItsConversation: a booking, however it was made, finds
// the conversation between its buyer and seller, after the product is
// deleted too.
func TestBookingFindsItsConversation(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	must(t, w.db.CreateBookings(ctx, []app.Booking{*w.book(w.sofa, w.buyer)}))
	bookings, err := w.db.BuyerBookings(ctx, w.buyer.ID, app.Page{Limit: 10})
	must(t, err)
	for _, b := range bookings.Items {
		if b.ConversationID != nil {
			t.Fatalf("booking %d has conversation %d before anyone wrote", b.ID, *b.ConversationID)
		}
	}
	lamp, err := w.message(ctx, nil)
	must(t, err)
	id := w.sofa.ID
	sofa := &app.Conversation{ProductRef: id, BuyerID: w.buyer.ID, SellerID: w.sam.ID,
		Product: app.ConversationProduct{ID: &id, Name: w.sofa.Name, Price: w.sofa.ResalePrice}}
	must(t, w.db.AddMessage(ctx, sofa, &app.Message{SenderID: w.buyer.ID, Text: "And the sofa?"}))
	must(t, w.db.DeleteProduct(ctx, w.sofa.ID))

	bookings, err = w.db.BuyerBookings(ctx, w.buyer.ID, app.Page{Limit: 10})
	must(t, err)
	want := map[string]int64{w.lamp.Name: lamp.ID, w.sofa.Name: sofa.ID}
	for _, b := range bookings.Items {
		if b.ConversationID == nil || *b.ConversationID != want[b.Product] {
			t.Errorf("booking of %s: conversation %v, want %d", b.Product, b.ConversationID, want[b.Product])
		}
	}
	c, err := w.db.ConversationByID(ctx, sofa.ID, w.sam.ID)
	must(t, err)
	if c.Product.ID != nil || c.Product.Name != "Sofa" || c.Role != app.AsSeller || c.Other.ID != w.buyer.ID || c.Unread != 1 {
		t.Errorf("conversation after the product's deletion: %+v", c)
	}
}
