package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// Bulk loading, for benchmark data sets: each call is one transaction that
// takes as many IDs from the table's identity sequence as it has rows and
// sends the rows, IDs included, in one COPY: a hundred thousand listings
// cost two round trips instead of a hundred thousand, under the same
// constraints and triggers as the one-by-one methods. Times given as zero
// become now.

// CreateUsers stores users that share one password hash and fills in their IDs.
func (db *DB) CreateUsers(ctx context.Context, users []app.User, passwordHash []byte) error {
	if passwordHash == nil {
		passwordHash = []byte{}
	}
	return bulk(ctx, db, "users", []string{"id", "name", "email", "password_hash", "role", "image", "phone", "location",
		"verified", "show_phone", "created"}, len(users),
		func(i int, id int64, now time.Time) []any {
			u := &users[i]
			u.ID, u.Created = id, orNow(u.Created, now)
			return []any{id, u.Name, u.Email, passwordHash, string(u.Role), u.Image, u.Phone, u.Location, u.Verified,
				u.ShowPhone, u.Created.UnixMilli()}
		})
}

// CreateProducts stores products, keeping their status and creation time,
// and fills in their IDs.
func (db *DB) CreateProducts(ctx context.Context, products []app.Product) error {
	return bulk(ctx, db, "products", []string{"id", "category_id", "name", "description", "image", "thumb_url", "images",
		"thumbs", "width_cm", "depth_cm", "height_cm", "condition", "location", "original_price", "resale_price",
		"purchase_year", "use_period", "seller_id", "seller_phone", "status", "created"}, len(products),
		func(i int, id int64, now time.Time) []any {
			p := &products[i]
			p.ID, p.Created = id, orNow(p.Created, now)
			return append([]any{id}, newListingValues(p, p.Created.UnixMilli())...)
		})
}

// CreateBookings stores bookings as given (status included) and fills in
// their IDs. Unlike CreateBooking it does not check the product is for sale:
// a data set may hold the paid booking of a sold product.
func (db *DB) CreateBookings(ctx context.Context, bookings []app.Booking) error {
	return bulk(ctx, db, "bookings", []string{"id", "product_id", "buyer_id", "seller_id", "product", "category", "image",
		"thumb_url", "price", "location", "buyer_name", "buyer_email", "buyer_phone", "status", "created"}, len(bookings),
		func(i int, id int64, now time.Time) []any {
			b := &bookings[i]
			b.ID, b.Created = id, orNow(b.Created, now)
			return []any{id, b.ProductID, b.BuyerID, b.SellerID, b.Product, b.Category, b.Image, b.ThumbURL, int64(b.Price),
				b.Location, b.BuyerName, b.BuyerEmail, b.BuyerPhone, string(b.Status), b.Created.UnixMilli()}
		})
}

// bulk copies n rows into table's columns, the first of which is id, in
// one transaction; row gives row i, given its new ID. fn may run again
// (inTx), so row assigns, never appends.
func bulk(ctx context.Context, db *DB, table string, columns []string, n int, row func(i int, id int64, now time.Time) []any) error {
	if n == 0 {
		return nil
	}
	now := db.now()
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT nextval(pg_get_serial_sequence($1, 'id')) FROM generate_series(1, $2)`, table, n)
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		_, err = tx.CopyFrom(ctx, pgx.Identifier{table}, columns, pgx.CopyFromSlice(n, func(i int) ([]any, error) {
			return row(i, ids[i], now), nil
		}))
		return err
	})
	if isUniqueViolation(err) {
		return app.Errorf(app.KindConflict, "A row clashes with one that exists: %v", err)
	}
	return referenceGone(err)
}

// orNow is t, or now when t is zero, at the millisecond the database keeps.
func orNow(t, now time.Time) time.Time {
	if t.IsZero() {
		t = now
	}
	return fromMillis(t.UnixMilli())
}
