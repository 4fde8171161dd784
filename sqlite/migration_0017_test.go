package sqlite_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"rehome/app"
	"rehome/sqlite"
)

// TestMigrationOptionalDetails: listings from before keep their original
// price, purchase year and use period, and their adverts and bookings,
// though those columns became nullable; a booking declined before may be
// followed by a new one.
func TestMigrationOptionalDetails(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rehome.db")
	old := migratedBefore(t, path, "0017")
	for _, step := range []string{
		`PRAGMA user_version = 16`,
		`INSERT INTO users (id, name, email, password_hash, role, created) VALUES
			(1, 'Sal', 'sal@example.com', x'01', 'Seller', 0), (2, 'Bea', 'bea@example.com', x'01', 'Buyer', 0)`,
		`INSERT INTO images (url, thumb_url, width, height, uploader_id, created) VALUES ('/images/a.jpg', '/images/a-thumb.jpg', 10, 10, 1, 0)`,
		`INSERT INTO categories (id, name, name_key, image, thumb_url, created) VALUES (1, 'Chairs', 'chairs', '/images/a.jpg', '/images/a-thumb.jpg', 0)`,
		`INSERT INTO products (id, category_id, seller_id, name, description, image, thumb_url, condition, location,
			original_price, resale_price, seller_phone, purchase_year, use_period, created) VALUES
			(7, 1, 1, 'Oak chair', 'Sturdy', '/images/a.jpg', '/images/a-thumb.jpg', 'Good', 'Town', 12000, 4550, '', 2019, '5 years', 0)`,
		`INSERT INTO adverts (product_id, created) VALUES (7, 0)`,
		`INSERT INTO bookings (product_id, buyer_id, seller_id, product, category, image, thumb_url, price, location,
			buyer_name, buyer_email, buyer_phone, status, created) VALUES
			(7, 2, 1, 'Oak chair', 'Chairs', '/images/a.jpg', '/images/a-thumb.jpg', 4550, 'Town', 'Bea', 'bea@example.com', '555 0100', 'Declined', 0)`,
	} {
		if _, err := old.ExecContext(ctx, step); err != nil {
			t.Fatalf("%s: %v", strings.Fields(step)[0], err)
		}
	}
	must(t, old.Close())

	db, err := sqlite.Open(ctx, path)
	must(t, err)
	defer db.Close()
	p, err := db.ProductByID(ctx, 7)
	must(t, err)
	if p.OriginalPrice == nil || *p.OriginalPrice != 12000 || p.PurchaseYear == nil || *p.PurchaseYear != 2019 ||
		p.UsePeriod == nil || *p.UsePeriod != "5 years" || p.ResalePrice != 4550 || !p.Advertised {
		t.Errorf("listing from before: %+v", p)
	}
	again := &app.Booking{ProductID: &p.ID, Product: p.Name, Category: p.Category, Image: p.Image, ThumbURL: p.ThumbURL,
		Price: p.ResalePrice, Location: "Town", BuyerID: 2, BuyerName: "Bea", BuyerEmail: "bea@example.com",
		BuyerPhone: "555 0100", SellerID: 1, Status: app.BookingBooked}
	must(t, db.CreateBooking(ctx, again))

	p.ID, p.OriginalPrice, p.PurchaseYear, p.UsePeriod = 0, nil, nil, nil
	must(t, db.CreateProduct(ctx, p))
	bare, err := db.ProductByID(ctx, p.ID)
	must(t, err)
	if bare.OriginalPrice != nil || bare.PurchaseYear != nil || bare.UsePeriod != nil {
		t.Errorf("listing without the optional details: %+v", bare)
	}
}
