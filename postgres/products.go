package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

func (db *DB) CreateProduct(ctx context.Context, p *app.Product) error {
	created := db.millis()
	err := db.inTx(ctx, func(tx pgx.Tx) error { return storecore.CreateProduct(ctx, core{tx}, p, created) })
	if err != nil {
		return referenceGone(err)
	}
	p.Created = fromMillis(created)
	return nil
}

func (db *DB) ProductByID(ctx context.Context, id int64) (*app.Product, error) {
	return storecore.ProductByID(ctx, core{db.pool}, id)
}

// UpdateProduct: see storecore.UpdateProduct for how a racing sale is decided.
func (db *DB) UpdateProduct(ctx context.Context, p *app.Product) error {
	return referenceGone(db.inTx(ctx, func(tx pgx.Tx) error { return storecore.UpdateProduct(ctx, core{tx}, p) }))
}

func (db *DB) SellerProducts(ctx context.Context, sellerID int64, page app.Page) (app.List[app.Product], error) {
	return readList(ctx, db, page, storecore.SellerCountQuery, storecore.SellerPageQuery, []any{sellerID}, storecore.ScanProduct)
}

func (db *DB) DeleteProduct(ctx context.Context, id int64) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return storecore.DeleteProduct(ctx, dialect, core{tx}, id) })
}

// myBookingsQuery finds a viewer's open or paid bookings of some products
// through bookings_open_once (whose condition this repeats word for word).
// One declined or cancelled is history: the buyer may book again. This
// store keeps no per-viewer cache as sqlite's does: another instance may
// have changed the viewer's bookings, and the index answers a page's
// products in one probe each.
const myBookingsQuery = `SELECT product_id, id, status FROM bookings
	WHERE product_id = ANY($1) AND buyer_id = $2 AND status IN ('Booked', 'Paid')`

// MyBookings finds the viewer's open or paid bookings of the given
// products; nil when there are none.
func (db *DB) MyBookings(ctx context.Context, viewerID int64, productIDs []int64) (map[int64]app.MyBooking, error) {
	if len(productIDs) == 0 {
		return nil, nil
	}
	rows, err := db.pool.Query(ctx, myBookingsQuery, productIDs, viewerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var mine map[int64]app.MyBooking
	for rows.Next() {
		var product int64
		var booking app.MyBooking
		var status string
		if err := rows.Scan(&product, &booking.ID, &status); err != nil {
			return nil, err
		}
		booking.Status = app.BookingStatus(status)
		if mine == nil {
			mine = map[int64]app.MyBooking{}
		}
		mine[product] = booking
	}
	return mine, rows.Err()
}
