package sqlite_test

import (
	"context"
	"testing"
	"time"

	"rehome/app"
)

func TestBulk(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	created := time.Date(2025, 3, 4, 5, 6, 7, 891_234_567, time.UTC)
	t.Run("OK", func(t *testing.T) {
		users := []app.User{
			{Name: "A", Email: "a@example.com", Role: app.RoleBuyer, Created: created},
			{Name: "B", Email: "b@example.com", Role: app.RoleSeller, Verified: true},
		}
		must(t, f.db.CreateUsers(ctx, users, []byte("shared hash")))
		for _, u := range users {
			got, hash, err := f.db.PasswordHash(ctx, u.Email)
			if err != nil || got.ID != u.ID || string(hash) != "shared hash" || got.Verified != u.Verified || !got.Created.Equal(u.Created) {
				t.Errorf("stored %+v %q %v, want %+v", got, hash, err, u)
			}
		}
		if !users[0].Created.Equal(created.Truncate(time.Millisecond)) || users[1].Created.IsZero() {
			t.Errorf("created %v and %v, want the given time to the millisecond and now", users[0].Created, users[1].Created)
		}
		products := []app.Product{*f.newProduct("Sold one"), *f.newProduct("Available one")}
		products[0].Status, products[0].Created = app.StatusSold, created
		must(t, f.db.CreateProducts(ctx, products))
		for _, p := range products {
			got, err := f.db.ProductByID(ctx, p.ID)
			if err != nil || got.Name != p.Name || got.Status != p.Status || !got.Created.Equal(p.Created) {
				t.Errorf("stored %+v %v, want %+v", got, err, p)
			}
		}
		sold := products[0].ID
		bookings := []app.Booking{{ProductID: &sold, BuyerID: users[0].ID, SellerID: f.seller.ID, Product: "Sold one",
			Category: "Décor", Image: f.image.URL, ThumbURL: f.image.ThumbURL, Price: 50, Location: "Town",
			BuyerName: "A", BuyerEmail: "a@example.com", BuyerPhone: "555 0100", Status: app.BookingPaid}}
		must(t, f.db.CreateBookings(ctx, bookings))
		if got, err := f.db.BookingByID(ctx, bookings[0].ID); err != nil || got.Status != app.BookingPaid || *got.ProductID != sold {
			t.Errorf("stored %+v %v", got, err)
		}
	})
	t.Run("ErrConflictStoresNothing", func(t *testing.T) {
		users := []app.User{
			{Name: "C", Email: "c@example.com", Role: app.RoleBuyer},
			{Name: "A again", Email: "a@example.com", Role: app.RoleBuyer},
		}
		if err := f.db.CreateUsers(ctx, users, []byte("h")); app.ErrorKind(err) != app.KindConflict {
			t.Fatalf("got %v, want conflict", err)
		}
		if _, err := f.db.UserByEmail(ctx, "c@example.com"); app.ErrorKind(err) != app.KindNotFound {
			t.Errorf("the batch was half stored: %v", err)
		}
	})
	t.Run("ErrReferenceGone", func(t *testing.T) {
		p := f.newProduct("Nobody's")
		p.SellerID = 999
		if err := f.db.CreateProducts(ctx, []app.Product{*p}); app.ErrorKind(err) != app.KindConflict {
			t.Errorf("got %v, want conflict", err)
		}
	})
}
