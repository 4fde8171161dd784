package storecore

import (
	"context"
	"database/sql"
	"errors"
)

// NewBookingsQuery counts the open bookings past a seller's marker, which
// the top bar shows. The same condition as app.Booking.StillOpen.
const NewBookingsQuery = `SELECT count(*) FROM bookings
	WHERE seller_id = ?1 AND id > coalesce((SELECT booking_id FROM bookings_seen WHERE user_id = ?1), 0)
	  AND status IN ('Booked', 'Paid') AND handed_over_at IS NULL`

// SeeBookings moves the marker to the seller's newest booking not past
// upTo, and never back: a booking made after My Buyers showed its list
// stays new, and of two devices saying so at once the further one wins.
func (s *Store) SeeBookings(ctx context.Context, sellerID, upTo int64) error {
	return s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `INSERT INTO bookings_seen (user_id, booking_id)
			SELECT ?1, max(id) FROM bookings WHERE seller_id = ?1 AND id <= ?2 HAVING max(id) IS NOT NULL
			ON CONFLICT (user_id) DO UPDATE SET booking_id = CASE WHEN excluded.booking_id > bookings_seen.booking_id
				THEN excluded.booking_id ELSE bookings_seen.booking_id END`, sellerID, upTo)
		return s.d.ReferenceGone(err)
	})
}

func (s *Store) BookingsSeen(ctx context.Context, sellerID int64) (int64, error) {
	var seen int64
	err := s.read.QueryRow(ctx, `SELECT booking_id FROM bookings_seen WHERE user_id = ?`, sellerID).Scan(&seen)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return seen, err
}

func (s *Store) NewBookings(ctx context.Context, sellerID int64) (int, error) {
	var n int
	err := s.read.QueryRow(ctx, NewBookingsQuery, sellerID).Scan(&n)
	return n, err
}
