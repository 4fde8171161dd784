package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// The open bookings past a seller's marker, which the top bar counts. The
// same condition as app.Booking.StillOpen.
const newBookingsQuery = `SELECT count(*) FROM bookings
	WHERE seller_id = $1 AND id > coalesce((SELECT booking_id FROM bookings_seen WHERE user_id = $1), 0)
	  AND status IN ('Booked', 'Paid') AND handed_over_at IS NULL`

// SeeBookings moves the marker to the seller's newest booking not past
// upTo, and never back: of two devices saying so at once, the further
// one wins.
func (db *DB) SeeBookings(ctx context.Context, sellerID, upTo int64) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO bookings_seen (user_id, booking_id)
			SELECT $1, max(id) FROM bookings WHERE seller_id = $1 AND id <= $2 HAVING max(id) IS NOT NULL
			ON CONFLICT (user_id) DO UPDATE SET booking_id = GREATEST(bookings_seen.booking_id, excluded.booking_id)`,
			sellerID, upTo)
		return referenceGone(err)
	})
}

func (db *DB) BookingsSeen(ctx context.Context, sellerID int64) (int64, error) {
	var seen int64
	err := db.pool.QueryRow(ctx, `SELECT booking_id FROM bookings_seen WHERE user_id = $1`, sellerID).Scan(&seen)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return seen, err
}

func (db *DB) NewBookings(ctx context.Context, sellerID int64) (int, error) {
	var n int
	err := db.pool.QueryRow(ctx, newBookingsQuery, sellerID).Scan(&n)
	return n, err
}
