package app_test

import (
	"testing"

	"rehome/app"
)

// TestBlockRules: nobody blocks themselves or an account that does not
// exist; a block, by either side, keeps both from messaging the other and
// the buyer from booking, and calls off their open booking; lifted, all is
// as before.
func TestBlockRules(t *testing.T) {
	t.Parallel()
	mk := newMarket(t)
	sam := mk.person("Sam Seller", app.RoleSeller)
	bea := mk.person("Bea Buyer", app.RoleBuyer)

	for _, tc := range []struct {
		name    string
		actor   *app.User
		blocked int64
		want    app.Kind
	}{
		{"ErrNobodySignedIn", nil, bea.ID, app.KindUnauthorized},
		{"ErrSelf", sam, sam.ID, app.KindConflict},
		{"ErrUnknown", sam, 99999, app.KindNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantKind(t, "block", mk.svc.Blocking.Block(mk.ctx, tc.actor, tc.blocked), tc.want)
		})
	}

	for _, tc := range []struct {
		name             string
		blocker, blocked *app.User
	}{
		{"SellerBlocksBuyer", sam, bea},
		{"BuyerBlocksSeller", bea, sam},
	} {
		t.Run(tc.name, func(t *testing.T) {
			open := mk.book(bea, mk.product(sam))
			other := mk.product(sam)
			say := app.MessageInput{Text: "Is it still there?"}
			if _, err := mk.svc.Conversations.MessageAboutProduct(mk.ctx, bea, other.ID, say); err != nil {
				t.Fatal(err)
			}
			if err := mk.svc.Blocking.Block(mk.ctx, tc.blocker, tc.blocked.ID); err != nil {
				t.Fatal(err)
			}
			_, err := mk.svc.Bookings.Book(mk.ctx, bea, bookingOf(other))
			wantKind(t, "booking", err, app.KindForbidden)
			_, err = mk.svc.Conversations.MessageAboutProduct(mk.ctx, bea, other.ID, say)
			wantKind(t, "the buyer's message", err, app.KindForbidden)
			_, err = mk.svc.Conversations.MessageAboutBooking(mk.ctx, sam, open.ID, say)
			wantKind(t, "the seller's message", err, app.KindForbidden)
			if b, err := mk.svc.Bookings.Booking(mk.ctx, bea, open.ID); err != nil || b.Status != app.BookingCancelled {
				t.Errorf("their open booking: %+v, %v; want it cancelled", b, err)
			}

			if err := mk.svc.Blocking.Unblock(mk.ctx, tc.blocker, tc.blocked.ID); err != nil {
				t.Fatal(err)
			}
			_, err = mk.svc.Conversations.MessageAboutProduct(mk.ctx, bea, other.ID, say)
			wantKind(t, "a message after the block was lifted", err, "")
			_, err = mk.svc.Bookings.Book(mk.ctx, bea, bookingOf(other))
			wantKind(t, "a booking after the block was lifted", err, "")
		})
	}
}
