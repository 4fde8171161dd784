package app_test

import (
	"testing"

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
