package storecore

import (
	"context"

	"rehome/app"
)

// A viewer's open or paid bookings: one declined or cancelled is history,
// and the buyer may book again. Every signed-in list of listings asks, so
// the caches above the store keep each viewer's (cache.Caches.MyBookings),
// read through BookingsOfBuyer.
const (
	// BookingsOfBuyerQuery walks bookings_by_buyer.
	BookingsOfBuyerQuery = `SELECT product_id, id, status FROM bookings
		WHERE buyer_id = ? AND status IN ('Booked', 'Paid') AND product_id IS NOT NULL LIMIT ?`
)

// MyBookingsQuery finds a viewer's open or paid bookings of some listings
// through bookings_open_once, whose condition it repeats word for word.
func MyBookingsQuery(d Dialect) string {
	return `SELECT product_id, id, status FROM bookings
		WHERE product_id` + d.InIDs + ` AND buyer_id = ? AND status IN ('Booked', 'Paid')`
}

// MyBookings finds the viewer's open or paid bookings of the given
// listings, by listing.
func (s *Store) MyBookings(ctx context.Context, viewerID int64, productIDs []int64) (map[int64]app.MyBooking, error) {
	if len(productIDs) == 0 {
		return nil, nil
	}
	list, err := s.d.IDs(productIDs)
	if err != nil {
		return nil, err
	}
	return s.bookedProducts(ctx, MyBookingsQuery(s.d), list, viewerID)
}

// BookingsOfBuyer reads up to limit of the viewer's open or paid bookings,
// by listing.
func (s *Store) BookingsOfBuyer(ctx context.Context, viewerID int64, limit int) (map[int64]app.MyBooking, error) {
	return s.bookedProducts(ctx, BookingsOfBuyerQuery, viewerID, limit)
}

// bookedProducts reads the (listing, booking, status) rows a query answers.
func (s *Store) bookedProducts(ctx context.Context, query string, args ...any) (map[int64]app.MyBooking, error) {
	rows, err := s.read.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	booked := map[int64]app.MyBooking{}
	for rows.Next() {
		var product int64
		var booking app.MyBooking
		var status string
		if err := rows.Scan(&product, &booking.ID, &status); err != nil {
			return nil, err
		}
		booking.Status = app.BookingStatus(status)
		booked[product] = booking
	}
	return booked, rows.Err()
}
