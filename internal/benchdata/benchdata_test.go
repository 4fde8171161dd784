package benchdata_test

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"rehome/internal/wiring"

	"golang.org/x/crypto/bcrypt"

	"rehome/app"
	"rehome/internal/benchdata"
	"rehome/sqlite"
	"rehome/uploads"
)

func open(t *testing.T) (*sqlite.DB, *uploads.Store) {
	t.Helper()
	m, err := wiring.Open(context.Background(), wiring.Location{Dir: t.TempDir()}, wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m.DB, m.Images
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func TestFill(t *testing.T) {
	ctx := context.Background()
	db, images := open(t)
	size := benchdata.Size{Products: 2500, Users: 41, Bookings: 300, Categories: 5, Adverts: 7}
	if err := benchdata.Fill(ctx, db, images, []byte("hash"), size, quiet); err != nil {
		t.Fatal(err)
	}

	categories, err := db.Categories(ctx)
	if err != nil || len(categories) != 5 {
		t.Fatalf("%d categories, %v", len(categories), err)
	}
	available := 0
	for _, c := range categories {
		list, err := db.CategoryProducts(ctx, &c, app.Page{Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		// 500 listings each, one in 50 sold.
		if list.Total != 490 {
			t.Errorf("%s: %d available, want 490", c.Name, list.Total)
		}
		available += list.Total
	}
	admin, err := db.UserByEmail(ctx, benchdata.AdminEmail)
	if err != nil || admin.Role != app.RoleAdmin {
		t.Fatalf("admin %+v, %v", admin, err)
	}
	all, err := db.Users(ctx, "", app.Page{Limit: 1})
	if err != nil || all.Total != 41 {
		t.Errorf("%d accounts, %v", all.Total, err)
	}
	sellers, _ := db.Users(ctx, app.RoleSeller, app.Page{Limit: 1})
	if sellers.Total != 10 {
		t.Errorf("%d sellers, want a quarter: 10", sellers.Total)
	}
	for _, email := range []string{benchdata.SellerEmail(1), benchdata.SellerEmail(10), benchdata.BuyerEmail(1), benchdata.BuyerEmail(30)} {
		if _, hash, err := db.PasswordHash(ctx, email); err != nil || string(hash) != "hash" {
			t.Errorf("%s: %q, %v", email, hash, err)
		}
	}
	adverts, err := db.AdvertisedProducts(ctx, app.Page{Limit: 100})
	if err != nil || adverts.Total != 7 {
		t.Errorf("%d adverts, %v", adverts.Total, err)
	}
	bookings := 0
	for i := 1; i <= 30; i++ {
		buyer, err := db.UserByEmail(ctx, benchdata.BuyerEmail(i))
		if err != nil {
			t.Fatal(err)
		}
		list, err := db.BuyerBookings(ctx, buyer.ID, app.Page{Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		bookings += list.Total
	}
	if bookings != 300 {
		t.Errorf("%d bookings, want 300", bookings)
	}
	// Every listing points at a picture the server stored.
	p, err := db.ProductByID(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ImageByURL(ctx, p.Image); err != nil {
		t.Errorf("picture %s: %v", p.Image, err)
	}

	t.Run("ErrNotEmpty", func(t *testing.T) {
		if err := benchdata.Fill(ctx, db, images, []byte("hash"), size, quiet); err == nil {
			t.Error("filled a database twice")
		}
	})
}

func TestFillRefusesBadSizes(t *testing.T) {
	for _, size := range []benchdata.Size{
		{Products: 10, Users: 2, Categories: 1},
		{Products: 10, Users: 10, Categories: 0},
		{Products: -1, Users: 10, Categories: 1},
		{Products: 5, Users: 10, Categories: 1, Adverts: 6},
		{Products: 0, Users: 10, Categories: 1, Bookings: 1},
	} {
		db, images := open(t)
		if err := benchdata.Fill(context.Background(), db, images, []byte("hash"), size, quiet); err == nil {
			t.Errorf("%+v: filled", size)
		}
	}
}
