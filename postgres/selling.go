package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// StartSelling makes a Buyer a Seller in one conditional UPDATE, with its
// audit entry in the same transaction.
func (db *DB) StartSelling(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE users SET role = 'Seller' WHERE id = $1 AND role = 'Buyer'`, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindNotFound, "No buyer with this id")
		}
		return db.record(ctx, tx, audit)
	})
}

// sellerCountsQuery walks the seller's entries of products_by_seller: a
// seller has few listings next to the marketplace's. A Reserved listing is
// stored Available (Reserved is worked out from its open bookings), so it
// counts as for sale.
const sellerCountsQuery = `
	SELECT count(*) FILTER (WHERE status = 'Available'), count(*) FILTER (WHERE status = 'Sold')
	FROM products WHERE seller_id = $1`

func (db *DB) SellerCounts(ctx context.Context, id int64) (listings, sold int, err error) {
	err = db.pool.QueryRow(ctx, sellerCountsQuery, id).Scan(&listings, &sold)
	return listings, sold, err
}

// bookedFromQuery walks the buyer's entries of bookings_by_buyer.
const bookedFromQuery = `SELECT EXISTS (SELECT 1 FROM bookings WHERE buyer_id = $1 AND seller_id = $2)`

func (db *DB) BookedFrom(ctx context.Context, sellerID, buyerID int64) (bool, error) {
	var booked bool
	err := db.pool.QueryRow(ctx, bookedFromQuery, buyerID, sellerID).Scan(&booked)
	return booked, err
}
