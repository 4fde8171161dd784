package sqlite

import (
	"context"
	"database/sql"
	"errors"
)

// The open bookings past a seller's marker, which the top bar counts. The
// same condition as app.Booking.StillOpen.
const newBookingsQuery = `SELECT count(*) FROM bookings
	WHERE seller_id = ? AND id > coalesce((SELECT booking_id FROM bookings_seen WHERE user_id = ?), 0)
	  AND status IN ('Booked', 'Paid') AND handed_over_at IS NULL`

// SeeBookings moves the marker to the seller's newest booking not past
// upTo, and never back: a booking made after My Buyers showed its list
// stays new, and of two devices the further one wins.
func (db *DB) SeeBookings(ctx context.Context, sellerID, upTo int64) error {
	_, err := db.exec(ctx, `INSERT INTO bookings_seen (user_id, booking_id)
		SELECT ?, max(id) FROM bookings WHERE seller_id = ? AND id <= ? HAVING max(id) IS NOT NULL
		ON CONFLICT (user_id) DO UPDATE SET booking_id = max(booking_id, excluded.booking_id)`, sellerID, sellerID, upTo)
	return referenceGone(err)
}

func (db *DB) BookingsSeen(ctx context.Context, sellerID int64) (int64, error) {
	var seen int64
	err := db.queryRow(ctx, `SELECT booking_id FROM bookings_seen WHERE user_id = ?`, sellerID).Scan(&seen)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return seen, err
}

func (db *DB) NewBookings(ctx context.Context, sellerID int64) (int, error) {
	var n int
	err := db.queryRow(ctx, newBookingsQuery, sellerID, sellerID).Scan(&n)
	return n, err
}
