package sqlite_test

import (
	"context"
	"maps"
	"testing"

	"rehome/app"
)

// TestReservedFollowsOpenBookings: a product reads Reserved while any
// booking of it is open, whichever write opens or closes it.
func TestReservedFollowsOpenBookings(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	p := f.product(t, "table")
	b1, b2 := mpUser(t, f.db, "b1", app.RoleBuyer), mpUser(t, f.db, "b2", app.RoleBuyer)
	want := func(step string, status app.ProductStatus) {
		t.Helper()
		if got := mpProductStatus(t, f.db, p.ID); got != status {
			t.Errorf("after %s: %s, want %s", step, got, status)
		}
		page, err := f.db.SellerProducts(ctx, p.SellerID, app.Page{Limit: 10})
		must(t, err)
		if got := page.Items[0].Status; got != status {
			t.Errorf("after %s: %s in the seller's list, want %s", step, got, status)
		}
	}
	want("listing", app.StatusAvailable)
	k1 := f.mpBook(t, p, b1)
	want("a booking", app.StatusReserved)
	k2 := f.mpBook(t, p, b2)
	must(t, f.db.CancelBooking(ctx, k1.ID))
	want("one of two called off", app.StatusReserved)
	must(t, f.db.DeclineBooking(ctx, k2.ID, "Promised to a neighbour"))
	want("the other declined", app.StatusAvailable)

	declined, err := f.db.BookingByID(ctx, k2.ID)
	must(t, err)
	if declined.Status != app.BookingDeclined || declined.DeclineReason != "Promised to a neighbour" {
		t.Errorf("declined booking %s %q", declined.Status, declined.DeclineReason)
	}
	mpWantKind(t, f.db.CancelBooking(ctx, k2.ID), app.KindConflict)
	mpWantKind(t, f.db.MarkPaid(ctx, k2.ID), app.KindConflict)

	declinedAgain := f.mpBook(t, p, b2) // a declined booking is history, like one called off
	want("booking again after a decline", app.StatusReserved)
	_, err = f.mpTryBook(p, b2)
	mpWantKind(t, err, app.KindConflict) // but one open booking per buyer
	must(t, f.db.DeclineBooking(ctx, declinedAgain.ID, ""))

	again := f.mpBook(t, p, b1) // called off, so free to book again
	want("booking again", app.StatusReserved)
	must(t, f.db.MarkPaid(ctx, again.ID))
	want("payment", app.StatusSold)
	mpWantKind(t, f.db.DeclineBooking(ctx, again.ID, ""), app.KindConflict)
}

func TestMyBookings(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	table, chair, lamp := f.product(t, "table"), f.product(t, "chair"), f.product(t, "lamp")
	bea, bob := mpUser(t, f.db, "bea", app.RoleBuyer), mpUser(t, f.db, "bob", app.RoleBuyer)
	onTable := f.mpBook(t, table, bea)
	onChair := f.mpBook(t, chair, bea)
	must(t, f.db.CancelBooking(ctx, onChair.ID))
	f.mpBook(t, lamp, bob)
	desk, stool := f.product(t, "desk"), f.product(t, "stool")
	onDesk := f.mpBook(t, desk, bea)
	must(t, f.db.DeclineBooking(ctx, onDesk.ID, ""))
	onStool := f.mpBook(t, stool, bea)
	must(t, f.db.MarkPaid(ctx, onStool.ID))
	mine, err := f.db.MyBookings(ctx, bea.ID, []int64{table.ID, chair.ID, lamp.ID, desk.ID, stool.ID})
	must(t, err)
	want := map[int64]app.MyBooking{
		table.ID: {ID: onTable.ID, Status: app.BookingBooked},
		stool.ID: {ID: onStool.ID, Status: app.BookingPaid},
	}
	if !maps.Equal(mine, want) {
		t.Errorf("MyBookings = %v, want %v: not the chair's, called off, the desk's, declined, nor the lamp, Bob's", mine, want)
	}
	// The desk booked again after the decline is the new booking.
	onDeskAgain := f.mpBook(t, desk, bea)
	mine, err = f.db.MyBookings(ctx, bea.ID, []int64{desk.ID})
	must(t, err)
	if got := mine[desk.ID]; got.ID != onDeskAgain.ID || got.Status != app.BookingBooked {
		t.Errorf("desk booked again: %v, want booking %d Booked", got, onDeskAgain.ID)
	}
}

func TestUpdateProduct(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	p := f.product(t, "table")
	buyer := mpUser(t, f.db, "b1", app.RoleBuyer)
	k := f.mpBook(t, p, buyer)

	edited := *p
	edited.Name, edited.ResalePrice = "Oak table", 9900
	edited.Images, edited.Thumbs = []string{f.image.URL, f.image.URL}, []string{f.image.ThumbURL, f.image.ThumbURL}
	height := 75.0
	edited.Dimensions = &app.Dimensions{HeightCM: &height}
	must(t, f.db.UpdateProduct(ctx, &edited))
	got, err := f.db.ProductByID(ctx, p.ID)
	must(t, err)
	if got.Name != "Oak table" || got.ResalePrice != 9900 || len(got.Images) != 2 || got.Dimensions == nil ||
		*got.Dimensions.HeightCM != 75 || got.Dimensions.WidthCM != nil || got.Status != app.StatusReserved {
		t.Errorf("after the edit: %+v", got)
	}
	booking, err := f.db.BookingByID(ctx, k.ID)
	must(t, err)
	if booking.Product != p.Name || booking.Price != p.ResalePrice {
		t.Errorf("the booking's snapshot changed: %s at %d", booking.Product, booking.Price)
	}

	must(t, f.db.MarkPaid(ctx, k.ID))
	mpWantKind(t, f.db.UpdateProduct(ctx, &edited), app.KindConflict)
	edited.ID = 9999
	mpWantKind(t, f.db.UpdateProduct(ctx, &edited), app.KindNotFound)
}
