package postgres

import (
	"context"

	"rehome/app"
)

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
