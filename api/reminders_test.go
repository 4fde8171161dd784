package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rehome/app"
)

// TestPickupReminders: the day before an agreed pickup and two hours
// before it, both sides get a push note and a mail, each once; a person
// who turned reminders off gets no mail.
func TestPickupReminders(t *testing.T) {
	t.Parallel()
	e, sink := withMail(t)
	rec := e.listen()
	admin, _ := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 30, 20)), http.StatusCreated)
	seller, sellerUser := e.register("Sam Seller", "seller@example.com", app.RoleSeller)
	picture := seller.upload(pngImage(t, 50, 50)).URL
	ctx := context.Background()
	// booked has buyer book a new product, with a pickup time agreed at.
	booked := func(buyer *client, buyerUser app.User, at time.Time) app.Booking {
		r := seller.call("POST", "/api/products", productBody("Tables", picture))
		expectStatus(t, r, http.StatusCreated)
		p := decode[app.Product](t, r)
		b := mpBook(t, buyer, p.ID)
		c := &app.Conversation{ProductRef: p.ID, BuyerID: buyerUser.ID, SellerID: sellerUser.ID,
			Product: app.ConversationProduct{ID: &p.ID, Name: p.Name}}
		m := &app.Message{SenderID: sellerUser.ID, PickupAt: &at}
		if err := e.db.AddMessage(ctx, c, m); err != nil {
			t.Fatal(err)
		}
		if _, err := e.db.AcceptPickup(ctx, c.ID, m.ID); err != nil {
			t.Fatal(err)
		}
		return b
	}
	bea, beaUser := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	cy, cyUser := e.register("Cy Buyer", "cy@example.com", app.RoleBuyer)
	expectStatus(t, cy.call("PUT", "/api/push/preferences", map[string]bool{"reminder": false}), http.StatusOK)
	tomorrow := booked(bea, beaUser, time.Now().Add(23*time.Hour))
	soon := booked(cy, cyUser, time.Now().Add(100*time.Minute))
	booked(bea, beaUser, time.Now().Add(25*time.Hour)) // not yet

	send := func() []string {
		rec.take()
		if err := e.svc.Reminders.Send(ctx); err != nil {
			t.Fatal(err)
		}
		var pushed []string
		for _, line := range rec.take() {
			if strings.Contains(line, " push reminder ") {
				pushed = append(pushed, line)
			}
		}
		return pushed
	}
	pushed := strings.Join(send(), "\n")
	for _, want := range []string{
		fmt.Sprintf(`%d booking {"booking_id":%d,"product_id":%d} push reminder "Pickup in 23 hours: Oak table" "You agreed to pick it up in 23 hours, at Central station" /dashboard/myorders pickup-%d`,
			beaUser.ID, tomorrow.ID, *tomorrow.ProductID, tomorrow.ID),
		fmt.Sprintf(`%d booking {"booking_id":%d,"product_id":%d} push reminder "Pickup in 23 hours: Oak table" "Bea Buyer agreed to pick it up in 23 hours"`,
			sellerUser.ID, tomorrow.ID, *tomorrow.ProductID),
		fmt.Sprintf(`%d booking {"booking_id":%d,"product_id":%d} push reminder "Pickup in 2 hours: Oak table"`, cyUser.ID, soon.ID, *soon.ProductID),
		fmt.Sprintf(`%d booking {"booking_id":%d,"product_id":%d} push reminder "Pickup in 2 hours: Oak table" "Cy Buyer agreed`,
			sellerUser.ID, soon.ID, *soon.ProductID),
	} {
		if !strings.Contains(pushed, want) {
			t.Errorf("no push like\n%s\nin\n%s", want, pushed)
		}
	}
	if n := strings.Count(pushed, "\n") + 1; n != 4 {
		t.Errorf("%d push notes, want 4:\n%s", n, pushed)
	}
	if again := send(); len(again) != 0 {
		t.Errorf("sent again: %v", again)
	}
	if m := mailFor(t, sink, beaUser.Email, 1); m.Subject != "Pickup in 23 hours: Oak table" ||
		!strings.Contains(m.Text, "You agreed to pick it up in 23 hours, at Central station.") {
		t.Errorf("the buyer's mail: %s\n%s", m.Subject, m.Text)
	}
	mailFor(t, sink, sellerUser.Email, 2)
	if mails := mailsTo(sink, cyUser.Email); len(mails) != 0 {
		t.Errorf("Cy, who turned reminders off, got %d mails", len(mails))
	}
}
