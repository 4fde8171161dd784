package storecore

import (
	"strings"
	"time"

	"rehome/app"
)

// Bulk loading, for benchmark data sets: the columns and values of the
// rows loaded, which each store sends its own way (SQLite one prepared
// INSERT a row, PostgreSQL one COPY), in one transaction a call, under the
// same constraints as the one-by-one methods. Times given as zero become
// now; each Bulk* function sets the time it stores.

// BulkUserColumns go with BulkUser's values.
var BulkUserColumns = []string{"name", "email", "password_hash", "role", "image", "phone", "location", "verified",
	"show_phone", "created"}

// BulkUser is an account's row, with the password hash all loaded accounts share.
func BulkUser(u *app.User, passwordHash []byte, now time.Time) []any {
	if passwordHash == nil {
		passwordHash = []byte{}
	}
	u.Created = OrNow(u.Created, now)
	return []any{u.Name, u.Email, passwordHash, string(u.Role), u.Image, u.Phone, u.Location, u.Verified, u.ShowPhone,
		u.Created.UnixMilli()}
}

// BulkProductColumns go with BulkProduct's values: InsertProduct's.
var BulkProductColumns = columnList(listingColumns + `, seller_id, seller_phone, status, created`)

// BulkProduct is a product's row, keeping its status and creation time.
func BulkProduct(p *app.Product, now time.Time) []any {
	p.Created = OrNow(p.Created, now)
	return NewListingValues(p, p.Created.UnixMilli())
}

// BulkBookingColumns go with BulkBooking's values.
var BulkBookingColumns = []string{"product_id", "buyer_id", "seller_id", "product", "category", "image", "thumb_url", "price",
	"location", "buyer_name", "buyer_email", "buyer_phone", "status", "created"}

// BulkBooking is a booking's row as given, status included. Unlike
// CreateBooking, loading does not check the product is for sale: a data
// set may hold the paid booking of a sold product.
func BulkBooking(b *app.Booking, now time.Time) []any {
	b.Created = OrNow(b.Created, now)
	return []any{b.ProductID, b.BuyerID, b.SellerID, b.Product, b.Category, b.Image, b.ThumbURL, int64(b.Price),
		b.Location, b.BuyerName, b.BuyerEmail, b.BuyerPhone, string(b.Status), b.Created.UnixMilli()}
}

// BulkRefused explains a load the database refused.
func BulkRefused(d Dialect, err error) error {
	if d.IsUniqueViolation(err) {
		return app.Errorf(app.KindConflict, "A row clashes with one that exists: %v", err)
	}
	return d.ReferenceGone(err)
}

// OrNow is t, or now when t is zero, at the millisecond the database keeps.
func OrNow(t, now time.Time) time.Time {
	if t.IsZero() {
		t = now
	}
	return FromMillis(t.UnixMilli())
}

// columnList splits a list of columns written as SQL.
func columnList(columns string) []string {
	list := strings.Split(columns, ",")
	for i, c := range list {
		list[i] = strings.TrimSpace(c)
	}
	return list
}
