package app_test

import (
	"testing"
	"time"

	"rehome/app"
)

func TestShowContact(t *testing.T) {
	admin := &app.User{ID: 1, Role: app.RoleAdmin}
	seller := &app.User{ID: 2, Role: app.RoleSeller}
	other := &app.User{ID: 3, Role: app.RoleSeller}
	buyer := &app.User{ID: 4, Role: app.RoleBuyer}
	contact := app.SellerContact{Email: "sam@example.com", Phone: "+1 555 0101"}
	shown := contact
	shown.ShowPhone = true
	for _, tc := range []struct {
		name         string
		viewer       *app.User
		contact      app.SellerContact
		booked       bool
		email, phone string
	}{
		{"the seller", seller, contact, false, contact.Email, contact.Phone},
		{"an admin", admin, contact, false, contact.Email, contact.Phone},
		{"a buyer who booked", buyer, contact, true, "", contact.Phone},
		{"a buyer who did not", buyer, contact, false, "", ""},
		{"another seller", other, contact, false, "", ""},
		{"anonymous", nil, contact, true, "", ""},
		{"anyone signed in, when the seller shows the phone", other, shown, false, "", contact.Phone},
		{"anonymous, when the seller shows the phone", nil, shown, false, "", ""},
		{"the seller of a listing without a phone", seller, app.SellerContact{Email: contact.Email}, false, contact.Email, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// What a previous viewer was shown never stays.
			p := &app.Product{SellerID: seller.ID, Contact: tc.contact, SellerEmail: "stale", SellerPhone: "stale"}
			app.ShowContact(tc.viewer, p, tc.booked)
			if p.SellerEmail != tc.email || p.SellerPhone != tc.phone {
				t.Errorf("email %q, phone %q; want %q, %q", p.SellerEmail, p.SellerPhone, tc.email, tc.phone)
			}
		})
	}
	for status, shares := range map[app.BookingStatus]bool{
		app.BookingBooked: true, app.BookingPaid: true, app.BookingDeclined: false, app.BookingCancelled: false,
	} {
		if got := (app.MyBooking{ID: 1, Status: status}).SharesPhone(); got != shares {
			t.Errorf("a %s booking shares the phone: %v, want %v", status, got, shares)
		}
	}
}

func TestBuyerContactVisible(t *testing.T) {
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	ago := func(d time.Duration) *time.Time { at := now.Add(-d); return &at }
	day := 24 * time.Hour
	for _, tc := range []struct {
		name       string
		status     app.BookingStatus
		handedOver *time.Time
		blocked    bool
		visible    bool
	}{
		{"open", app.BookingBooked, nil, false, true},
		{"paid, not handed over yet", app.BookingPaid, nil, false, true},
		{"handed over 13 days ago", app.BookingPaid, ago(13 * day), false, true},
		{"handed over a moment short of 14 days ago", app.BookingPaid, ago(14*day - time.Millisecond), false, true},
		{"handed over 14 days ago", app.BookingPaid, ago(14 * day), false, false},
		{"handed over 15 days ago", app.BookingPaid, ago(15 * day), false, false},
		{"cancelled", app.BookingCancelled, nil, false, false},
		{"declined", app.BookingDeclined, nil, false, false},
		{"open, but either blocked the other", app.BookingBooked, nil, true, false},
		{"paid, but either blocked the other", app.BookingPaid, nil, true, false},
		{"handed over 13 days ago, but either blocked the other", app.BookingPaid, ago(13 * day), true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &app.Booking{Status: tc.status, HandedOverAt: tc.handedOver}
			if got := app.BuyerContactVisible(b, now, tc.blocked); got != tc.visible {
				t.Errorf("visible %v, want %v", got, tc.visible)
			}
		})
	}
}
