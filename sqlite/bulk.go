package sqlite

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
	"rehome/storecore"
)

// Bulk loading, for benchmark data sets: each call is one transaction with
// one prepared statement, so a thousand rows cost a thousand steps of the
// statement and one commit, under the same constraints as the one-by-one
// methods. Times given as zero become now.

// CreateUsers stores users that share one password hash and fills in their IDs.
func (db *DB) CreateUsers(ctx context.Context, users []app.User, passwordHash []byte) error {
	return bulk(ctx, db, `
		INSERT INTO users (name, email, password_hash, role, image, phone, location, verified, show_phone, created)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, len(users),
		func(i int, now time.Time) ([]any, *int64) {
			u := &users[i]
			u.Created = orNow(u.Created, now)
			return []any{u.Name, u.Email, passwordHash, u.Role, u.Image, u.Phone, u.Location, u.Verified, u.ShowPhone,
				u.Created.UnixMilli()}, &u.ID
		})
}

// CreateProducts stores products, keeping their status and creation time,
// and fills in their IDs.
func (db *DB) CreateProducts(ctx context.Context, products []app.Product) error {
	return bulk(ctx, db, storecore.InsertProduct,
		len(products), func(i int, now time.Time) ([]any, *int64) {
			p := &products[i]
			p.Created = orNow(p.Created, now)
			return storecore.NewListingValues(p, p.Created.UnixMilli()), &p.ID
		})
}

// CreateBookings stores bookings as given (status included) and fills in
// their IDs. Unlike CreateBooking it does not check the product is for sale:
// a data set may hold the paid booking of a sold product.
func (db *DB) CreateBookings(ctx context.Context, bookings []app.Booking) error {
	return bulk(ctx, db, `
		INSERT INTO bookings (product_id, buyer_id, seller_id, product, category, image, thumb_url, price,
		                      location, buyer_name, buyer_email, buyer_phone, status, created)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, len(bookings),
		func(i int, now time.Time) ([]any, *int64) {
			b := &bookings[i]
			b.Created = orNow(b.Created, now)
			return []any{b.ProductID, b.BuyerID, b.SellerID, b.Product, b.Category, b.Image, b.ThumbURL, b.Price,
				b.Location, b.BuyerName, b.BuyerEmail, b.BuyerPhone, b.Status, b.Created.UnixMilli()}, &b.ID
		})
}

// bulk runs query once per row in one transaction; row gives the arguments
// of row i and where its new ID goes.
func bulk(ctx context.Context, db *DB, query string, n int, row func(i int, now time.Time) ([]any, *int64)) error {
	now := db.now()
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		// A large data set's indexes outgrow SQLite's default 2 MB page
		// cache, and then every insert at a random place in an index reads
		// its page again: a million listings took over a minute. The writer
		// keeps the bigger cache; a server never loads in bulk.
		if _, err := tx.ExecContext(ctx, "PRAGMA cache_size = -65536"); err != nil {
			return err
		}
		stmt, err := db.txStmt(ctx, tx, query)
		if err != nil {
			return err
		}
		for i := range n {
			args, id := row(i, now)
			if err := stmt.QueryRowContext(ctx, args...).Scan(id); err != nil {
				return err
			}
		}
		return nil
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
