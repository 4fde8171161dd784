package storecore

import (
	"cmp"
	"context"
	"slices"
	"time"

	"rehome/app"
)

// Where the database locks rows, a write that cancels bookings takes the
// rows of the booked products first, in the lock order of the bookings'
// writes (HoldBookedProduct), then cancels the bookings on the condition
// that they are still Booked. SQLite's one writer holds the whole
// database, so nothing changes between the two.

// SuspendUser raises the session epoch in the same update, which ends the
// account's sessions (trigger sessions_end_with_epoch), and cancels the
// seller's open bookings.
func (s *Store) SuspendUser(ctx context.Context, id int64, until time.Time, reason string, audit *app.AuditEntry) ([]app.Booking, error) {
	var cancelled []app.Booking
	err := s.inTx(ctx, func(tx Querier) error {
		n, err := tx.Exec(ctx, `UPDATE users SET suspended_until = ?, suspend_reason = ?, session_epoch = session_epoch + 1
			WHERE id = ? AND role <> 'Admin'`, until.UnixMilli(), reason, id)
		if err := ChangedOne(n, err, "No such account"); err != nil {
			return err
		}
		if err := holdProductsOf(ctx, s.d, tx, `SELECT product_id FROM bookings WHERE seller_id = ? AND status = 'Booked'`, id); err != nil {
			return err
		}
		cancelled, err = cancelBookings(ctx, tx, `UPDATE bookings SET status = 'Cancelled', cancel_reason = ?
			WHERE seller_id = ? AND status = 'Booked' RETURNING `+BookingColumns, app.CancelSellerSuspended, id)
		if err != nil {
			return err
		}
		return Record(ctx, s.d, tx, audit, s.now())
	})
	return cancelled, err
}

// holdProductsOf holds the rows of the products the query's bookings are
// of, in the order of their IDs, where the database locks rows.
func holdProductsOf(ctx context.Context, d Dialect, tx Querier, bookings string, args ...any) error {
	if d.ForNoKeyUpdate == "" {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT p.id FROM products p WHERE p.id IN (`+bookings+`) ORDER BY p.id`+d.ForNoKeyUpdate, args...)
	return err
}

// cancelBookings runs an UPDATE ... RETURNING BookingColumns and reads the
// bookings it cancelled, in the order of their IDs.
func cancelBookings(ctx context.Context, tx Querier, update string, args ...any) ([]app.Booking, error) {
	rows, err := tx.Query(ctx, update, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var cancelled []app.Booking
	for rows.Next() {
		b, err := ScanBooking(rows)
		if err != nil {
			return nil, err
		}
		cancelled = append(cancelled, b)
	}
	slices.SortFunc(cancelled, func(a, b app.Booking) int { return cmp.Compare(a.ID, b.ID) })
	return cancelled, rows.Err()
}

// bookingsBetween are the bookings still Booked between two people,
// whichever of them booked.
const bookingsBetween = `FROM bookings WHERE status = 'Booked'
	AND (buyer_id = ?1 AND seller_id = ?2 OR buyer_id = ?2 AND seller_id = ?1)`

func (s *Store) Block(ctx context.Context, blocker, blocked int64) ([]app.Booking, error) {
	var cancelled []app.Booking
	err := s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `INSERT INTO blocks (blocker_id, blocked_id, created) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, blocker, blocked, s.now())
		if err != nil {
			return s.d.ReferenceGone(err)
		}
		if err := holdProductsOf(ctx, s.d, tx, `SELECT product_id `+bookingsBetween, blocker, blocked); err != nil {
			return err
		}
		cancelled, err = cancelBookings(ctx, tx, `UPDATE bookings SET status = 'Cancelled' WHERE id IN (SELECT id `+bookingsBetween+`)
			AND status = 'Booked' RETURNING `+BookingColumns, blocker, blocked)
		return err
	})
	return cancelled, err
}

func (s *Store) Unblock(ctx context.Context, blocker, blocked int64) error {
	return s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?`, blocker, blocked)
		return err
	})
}

// A person's blocks, newest first, through blocks_by_time.
const (
	BlocksCount = `SELECT count(*) FROM blocks WHERE blocker_id = ?`
	BlocksPage  = `SELECT u.id, u.name, u.image, b.created FROM blocks b JOIN users u ON u.id = b.blocked_id
		WHERE b.blocker_id = ? ORDER BY b.created DESC, b.blocked_id DESC LIMIT ? + 0 OFFSET ? + 0`
	BlockedByQuery     = `SELECT blocked_id FROM blocks WHERE blocker_id = ?`
	EitherBlockedQuery = `SELECT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?1 AND blocked_id = ?2)
		OR EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?2 AND blocked_id = ?1)`
)

func (s *Store) Blocks(ctx context.Context, blocker int64, page app.Page) (app.List[app.BlockedUser], error) {
	return list(ctx, s, page, BlocksCount, BlocksPage, []any{blocker}, func(r Row) (app.BlockedUser, error) {
		var u app.BlockedUser
		var since int64
		err := r.Scan(&u.ID, &u.Name, &u.Image, &since)
		u.Since = FromMillis(since)
		return u, err
	})
}

func (s *Store) BlockedBy(ctx context.Context, blocker int64) ([]int64, error) {
	return ScanIDs(s.read.Query(ctx, BlockedByQuery, blocker))
}

func (s *Store) EitherBlocked(ctx context.Context, a, b int64) (bool, error) {
	var blocked bool
	err := s.read.QueryRow(ctx, EitherBlockedQuery, a, b).Scan(&blocked)
	return blocked, err
}
