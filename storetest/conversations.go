package storetest

import (
	"fmt"
	"testing"
	"time"

	"rehome/app"
)

// RunConversations checks messages: one conversation per product and
// buyer, the message cursor, read marks and answers to pickup proposals.
func RunConversations(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("FirstMessagesShareOneConversation", func(t *testing.T) {
		w := newWorld(t, open)
		for round := range rounds {
			c := w.newConversation(w.product(t, "Lamp"), w.user(t, fmt.Sprint("bea", round), app.RoleBuyer))
			ids := make([]int64, racers)
			for _, err := range race(racers, round, func(i int) error {
				c := *c
				err := w.AddMessage(w.ctx, &c, &app.Message{SenderID: c.BuyerID, Text: "Still there?"})
				ids[i] = c.ID
				return err
			}) {
				must(t, err)
			}
			for i, id := range ids {
				if id != ids[0] {
					t.Fatalf("message %d went to conversation %d, message 0 to %d", i, id, ids[0])
				}
			}
			list, err := w.Messages(w.ctx, ids[0], 0, 100)
			must(t, err)
			if list.Total != racers {
				t.Errorf("the conversation holds %d messages, want %d", list.Total, racers)
			}
		}
	})
	t.Run("MessagesByCursor", func(t *testing.T) {
		w := newWorld(t, open)
		c := w.newConversation(w.product(t, "Lamp"), w.user(t, "bea", app.RoleBuyer))
		for i := range 5 {
			must(t, w.AddMessage(w.ctx, c, &app.Message{SenderID: c.BuyerID, Text: fmt.Sprint(i)}))
		}
		text := func(m app.Message) string { return m.Text }
		before, want := int64(0), []string{"3 4", "1 2", "0", ""}
		for _, page := range want {
			list, err := w.Messages(w.ctx, c.ID, before, 2)
			must(t, err)
			if got := names(list.Items, text); got != page || list.Total != 5 {
				t.Fatalf("page before %d: %q of %d, want %q of 5", before, got, list.Total, page)
			}
			if len(list.Items) > 0 {
				before = list.Items[0].ID
			}
		}
		_, err := w.MessageByID(w.ctx, c.ID+1, before)
		wantKind(t, err, app.KindNotFound)
		_, err = w.ConversationByID(w.ctx, 9999, c.BuyerID)
		wantKind(t, err, app.KindNotFound)
	})
	t.Run("ReadOnce", func(t *testing.T) {
		w := newWorld(t, open)
		c := w.newConversation(w.product(t, "Lamp"), w.user(t, "bea", app.RoleBuyer))
		for round := range rounds {
			must(t, w.AddMessage(w.ctx, c, &app.Message{SenderID: c.BuyerID, Text: fmt.Sprint(round)}))
			if n, err := w.Unread(w.ctx, w.seller.ID); err != nil || n != 1 {
				t.Fatalf("unread %d, %v; want 1", n, err)
			}
			changed := make([]bool, racers)
			for _, err := range race(racers, round, func(i int) (err error) {
				changed[i], err = w.MarkRead(w.ctx, c.ID, w.seller.ID)
				return err
			}) {
				must(t, err)
			}
			if n := count(changed); n != 1 {
				t.Errorf("%d calls say they marked the message read, want 1", n)
			}
		}
	})
	t.Run("PickupAnsweredOnce", func(t *testing.T) {
		w := newWorld(t, open)
		p, bea := w.product(t, "Lamp"), w.user(t, "bea", app.RoleBuyer)
		w.book(t, p, bea)
		c := w.newConversation(p, bea)
		for round := range rounds {
			at := time.Now().Add(time.Duration(round+1) * time.Hour).Truncate(time.Millisecond)
			m := &app.Message{SenderID: bea.ID, Text: "Saturday?", PickupAt: &at}
			must(t, w.AddMessage(w.ctx, c, m))
			answers := []func() error{
				func() error { _, err := w.AcceptPickup(w.ctx, c.ID, m.ID); return err },
				func() error { return w.DeclinePickup(w.ctx, c.ID, m.ID) },
			}
			winner := wantOneWinner(t, race(2, round, func(i int) error { return answers[i]() }))
			got, err := w.MessageByID(w.ctx, c.ID, m.ID)
			must(t, err)
			if got.Accepted != (winner == 0) || got.Declined != (winner == 1) {
				t.Errorf("accepted %v, declined %v after answer %d won", got.Accepted, got.Declined, winner)
			}
		}
	})
	t.Run("NewestActivityFirst", func(t *testing.T) {
		w := newWorld(t, open)
		now := time.Now()
		w.SetClock(func() time.Time { return now })
		bea, cy := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleBuyer)
		lamp, chair := w.newConversation(w.product(t, "Lamp"), bea), w.newConversation(w.product(t, "Chair"), cy)
		must(t, w.AddMessage(w.ctx, lamp, &app.Message{SenderID: bea.ID, Text: "Lamp?"}))
		now = now.Add(time.Second)
		must(t, w.AddMessage(w.ctx, chair, &app.Message{SenderID: cy.ID, Text: "Chair?"}))
		now = now.Add(time.Second)
		m := &app.Message{SenderID: w.seller.ID, Text: "Yes"}
		must(t, w.AddMessageTo(w.ctx, lamp.ID, m))
		if m.ID == 0 || m.ConversationID != lamp.ID || !sameMoment(m.Created, now) {
			t.Errorf("AddMessageTo filled in %+v", m)
		}
		product := func(c app.Conversation) string { return c.Product.Name }
		for _, tc := range []struct {
			viewer *app.User
			page   app.Page
			want   string
			total  int
		}{
			{w.seller, app.Page{Limit: 10}, "Lamp Chair", 2},
			{w.seller, app.Page{Limit: 1, Offset: 1}, "Chair", 2},
			{bea, app.Page{Limit: 10}, "Lamp", 1},
		} {
			list, err := w.Conversations(w.ctx, tc.viewer.ID, tc.page)
			must(t, err)
			if got := names(list.Items, product); got != tc.want || list.Total != tc.total {
				t.Errorf("%s's conversations %+v: %q of %d, want %q of %d", tc.viewer.Name, tc.page, got, list.Total, tc.want, tc.total)
			}
		}
		list, err := w.Conversations(w.ctx, bea.ID, app.Page{Limit: 10})
		must(t, err)
		if last := list.Items[0].LastMessage; last == nil || last.ID != m.ID || last.Text != "Yes" {
			t.Errorf("the last message reads %+v, want %+v", last, m)
		}
		wantKind(t, w.AddMessageTo(w.ctx, 9999, &app.Message{SenderID: bea.ID, Text: "Hello?"}), app.KindConflict)
	})
	t.Run("ErrPickupWithoutBooking", func(t *testing.T) {
		w := newWorld(t, open)
		c := w.newConversation(w.product(t, "Lamp"), w.user(t, "bea", app.RoleBuyer))
		at := time.Now().Add(time.Hour)
		m := &app.Message{SenderID: c.BuyerID, Text: "Saturday?", PickupAt: &at}
		must(t, w.AddMessage(w.ctx, c, m))
		_, err := w.AcceptPickup(w.ctx, c.ID, m.ID)
		wantKind(t, err, app.KindConflict)
		plain := &app.Message{SenderID: c.BuyerID, Text: "Hello"}
		must(t, w.AddMessage(w.ctx, c, plain))
		wantKind(t, w.DeclinePickup(w.ctx, c.ID, plain.ID), app.KindConflict)
	})
}

// newConversation is buyer's conversation about p, as the service starts one.
func (w *world) newConversation(p *app.Product, buyer *app.User) *app.Conversation {
	id := p.ID
	return &app.Conversation{ProductRef: id, BuyerID: buyer.ID, SellerID: p.SellerID,
		Product: app.ConversationProduct{ID: &id, Name: p.Name, Image: p.Image, ThumbURL: p.ThumbURL, Price: p.ResalePrice}}
}

func count(flags []bool) int {
	n := 0
	for _, f := range flags {
		if f {
			n++
		}
	}
	return n
}
