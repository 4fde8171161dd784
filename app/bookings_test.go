package app_test

import (
	"testing"

	"rehome/app"
)

// TestBookRules: who may book what. A seller books another's listing, not
// their own; a sold listing, and one whose seller blocked the buyer (or
// whom the buyer blocked), cannot be booked.
func TestBookRules(t *testing.T) {
	t.Parallel()
	mk := newMarket(t)
	sam := mk.person("Sam Seller", app.RoleSeller)
	olga := mk.person("Olga Other", app.RoleSeller)
	bea := mk.person("Bea Buyer", app.RoleBuyer)
	blocked := mk.person("Bo Blocked", app.RoleBuyer)
	blocker := mk.person("Cy Blocker", app.RoleBuyer)
	if err := mk.svc.Blocking.Block(mk.ctx, sam, blocked.ID); err != nil {
		t.Fatal(err)
	}
	if err := mk.svc.Blocking.Block(mk.ctx, blocker, sam.ID); err != nil {
		t.Fatal(err)
	}
	sold := mk.product(sam)
	if _, err := mk.svc.Bookings.ConfirmPayment(mk.ctx, sam, mk.book(olga, sold).ID); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		buyer *app.User
		sold  bool
		want  app.Kind
	}{
		{"OK", bea, false, ""},
		{"OKAnotherSeller", olga, false, ""},
		{"ErrNobodySignedIn", nil, false, app.KindUnauthorized},
		{"ErrOwnListing", sam, false, app.KindForbidden},
		{"ErrSold", bea, true, app.KindConflict},
		{"ErrSellerBlockedBuyer", blocked, false, app.KindForbidden},
		{"ErrBuyerBlockedSeller", blocker, false, app.KindForbidden},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := sold
			if !tc.sold {
				p = mk.product(sam)
			}
			_, err := mk.svc.Bookings.Book(mk.ctx, tc.buyer, bookingOf(p))
			wantKind(t, "book", err, tc.want)
		})
	}
}

// TestBookingWhoMay: the buyer calls a booking off, the seller declines it
// or says it was paid, an admin may do all three; nobody else may.
func TestBookingWhoMay(t *testing.T) {
	t.Parallel()
	mk := newMarket(t)
	sam := mk.person("Sam Seller", app.RoleSeller)
	olga := mk.person("Olga Other", app.RoleSeller)
	bea := mk.person("Bea Buyer", app.RoleBuyer)
	people := map[string]*app.User{"buyer": bea, "seller": sam, "other seller": olga, "admin": mk.admin}
	actions := map[string]func(actor *app.User, id int64) error{
		"cancel": func(actor *app.User, id int64) error {
			_, err := mk.svc.Bookings.CancelBooking(mk.ctx, actor, id)
			return err
		},
		"decline": func(actor *app.User, id int64) error {
			_, err := mk.svc.Bookings.DeclineBooking(mk.ctx, actor, id, app.DeclineInput{Reason: "Sold elsewhere"})
			return err
		},
		"confirm payment": func(actor *app.User, id int64) error {
			_, err := mk.svc.Bookings.ConfirmPayment(mk.ctx, actor, id)
			return err
		},
	}
	for _, tc := range []struct {
		action, who string
		want        app.Kind
	}{
		{"cancel", "buyer", ""},
		{"cancel", "admin", ""},
		{"cancel", "seller", app.KindForbidden},
		{"cancel", "other seller", app.KindForbidden},
		{"decline", "seller", ""},
		{"decline", "admin", ""},
		{"decline", "buyer", app.KindForbidden},
		{"decline", "other seller", app.KindForbidden},
		{"confirm payment", "seller", ""},
		{"confirm payment", "admin", ""},
		{"confirm payment", "buyer", app.KindForbidden},
		{"confirm payment", "other seller", app.KindForbidden},
	} {
		t.Run(tc.action+" by "+tc.who, func(t *testing.T) {
			b := mk.book(bea, mk.product(sam))
			wantKind(t, tc.action, actions[tc.action](people[tc.who], b.ID), tc.want)
		})
	}
}

// TestBookingStatusTransitions: a booking leaves Booked once, by one of
// cancel, decline or payment; what follows is refused, but calling off a
// cancelled booking again changes nothing.
func TestBookingStatusTransitions(t *testing.T) {
	t.Parallel()
	mk := newMarket(t)
	sam := mk.person("Sam Seller", app.RoleSeller)
	bea := mk.person("Bea Buyer", app.RoleBuyer)
	steps := map[string]func(id int64) error{
		"cancel": func(id int64) error {
			_, err := mk.svc.Bookings.CancelBooking(mk.ctx, bea, id)
			return err
		},
		"decline": func(id int64) error {
			_, err := mk.svc.Bookings.DeclineBooking(mk.ctx, sam, id, app.DeclineInput{})
			return err
		},
		"pay": func(id int64) error {
			_, err := mk.svc.Bookings.ConfirmPayment(mk.ctx, sam, id)
			return err
		},
	}
	for _, tc := range []struct {
		first, then string
		want        app.Kind
		status      app.BookingStatus
	}{
		{"pay", "cancel", app.KindConflict, app.BookingPaid},
		{"pay", "decline", app.KindConflict, app.BookingPaid},
		{"pay", "pay", app.KindConflict, app.BookingPaid},
		{"decline", "pay", app.KindConflict, app.BookingDeclined},
		{"decline", "cancel", app.KindConflict, app.BookingDeclined},
		{"cancel", "pay", app.KindConflict, app.BookingCancelled},
		{"cancel", "decline", app.KindConflict, app.BookingCancelled},
		{"cancel", "cancel", "", app.BookingCancelled},
	} {
		t.Run(tc.first+" then "+tc.then, func(t *testing.T) {
			b := mk.book(bea, mk.product(sam))
			if err := steps[tc.first](b.ID); err != nil {
				t.Fatalf("%s: %v", tc.first, err)
			}
			wantKind(t, tc.then, steps[tc.then](b.ID), tc.want)
			if got, err := mk.svc.Bookings.Booking(mk.ctx, bea, b.ID); err != nil || got.Status != tc.status {
				t.Errorf("after %s then %s: %+v, %v; want %s", tc.first, tc.then, got, err, tc.status)
			}
		})
	}
}
