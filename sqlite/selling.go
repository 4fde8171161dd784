package sqlite

import (
	"context"

	"rehome/app"
)

func (db *DB) StartSelling(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.changeOneRecorded(ctx, `UPDATE users SET role = 'Seller' WHERE id = ? AND role = 'Buyer'`, id, "No buyer with this id", audit)
}

// sellerCountsQuery walks the seller's rows of products_by_seller: a
// seller has few listings next to the marketplace's. A Reserved listing is
// stored Available (Reserved is worked out from its open bookings), so it
// counts as for sale.
const sellerCountsQuery = `
	SELECT coalesce(sum(status = 'Available'), 0), coalesce(sum(status = 'Sold'), 0)
	FROM products WHERE seller_id = ?`

func (db *DB) SellerCounts(ctx context.Context, id int64) (listings, sold int, err error) {
	err = db.queryRow(ctx, sellerCountsQuery, id).Scan(&listings, &sold)
	return listings, sold, err
}

// bookedFromQuery walks the buyer's rows of bookings_by_buyer.
const bookedFromQuery = `SELECT EXISTS (SELECT 1 FROM bookings WHERE buyer_id = ? AND seller_id = ?)`

func (db *DB) BookedFrom(ctx context.Context, sellerID, buyerID int64) (bool, error) {
	var booked bool
	err := db.queryRow(ctx, bookedFromQuery, buyerID, sellerID).Scan(&booked)
	return booked, err
}
