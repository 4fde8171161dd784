package sqlite

import (
	"context"
	"database/sql"
	"math"
	"time"

	"rehome/app"
	"rehome/storecore"
)

// SuspendUser raises the session epoch in the same update, which ends the
// account's sessions (trigger sessions_end_with_epoch).
func (db *DB) SuspendUser(ctx context.Context, id int64, until time.Time, reason string, audit *app.AuditEntry) ([]app.Booking, error) {
	var cancelled []app.Booking
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		cancelled = nil
		res, err := db.txExec(ctx, tx, `UPDATE users SET suspended_until = ?, suspend_reason = ?, session_epoch = session_epoch + 1
			WHERE id = ? AND role <> 'Admin'`, until.UnixMilli(), reason, id)
		if err := changedOne(res, err, "No such account"); err != nil {
			return err
		}
		// The writer holds the database: nothing changes between the two.
		cancelled, err = db.txBookings(ctx, tx, `SELECT `+storecore.BookingColumns+` FROM bookings WHERE seller_id = ? AND status = 'Booked' ORDER BY id`, id)
		if err != nil {
			return err
		}
		if _, err := db.txExec(ctx, tx, `UPDATE bookings SET status = 'Cancelled', cancel_reason = ?
			WHERE seller_id = ? AND status = 'Booked'`, app.CancelSellerSuspended, id); err != nil {
			return err
		}
		for i := range cancelled {
			cancelled[i].Status, cancelled[i].CancelReason = app.BookingCancelled, app.CancelSellerSuspended
		}
		return db.record(ctx, tx, audit)
	})
	return cancelled, err
}

// txBookings reads the bookings query finds, in tx.
func (db *DB) txBookings(ctx context.Context, tx *sql.Tx, query string, args ...any) ([]app.Booking, error) {
	rows, err := db.txQuery(ctx, tx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var found []app.Booking
	for rows.Next() {
		b, err := storecore.ScanBooking(rows)
		if err != nil {
			return nil, err
		}
		found = append(found, b)
	}
	return found, rows.Err()
}

// suspendedQuery reads users_suspended: only the accounts ever suspended
// are in it.
const suspendedQuery = `SELECT id, suspended_until FROM users WHERE suspended_until > ?`

// SuspendedUsers are kept until a write changes the catalogue (any change
// to users does) or the first of the suspensions ends, so a list asked for
// reads them once between writes.
func (db *DB) SuspendedUsers(ctx context.Context) ([]int64, error) {
	version, now := db.CatalogueVersion(), db.millis()
	if ids, ok := db.suspended.Get(version, now); ok {
		return ids, nil
	}
	rows, err := db.query(ctx, suspendedQuery, now)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ids, first := []int64{}, int64(math.MaxInt64)
	for rows.Next() {
		var id, until int64
		if err := rows.Scan(&id, &until); err != nil {
			return nil, err
		}
		ids, first = append(ids, id), min(first, until)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	db.suspended.Put(version, first, ids)
	return ids, nil
}

// bookingsBetween are the bookings still Booked between two people,
// whichever of them booked.
const bookingsBetween = `FROM bookings WHERE status = 'Booked'
	AND (buyer_id = ?1 AND seller_id = ?2 OR buyer_id = ?2 AND seller_id = ?1)`

func (db *DB) Block(ctx context.Context, blocker, blocked int64) ([]app.Booking, error) {
	var cancelled []app.Booking
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		cancelled = nil
		_, err := db.txExec(ctx, tx, `INSERT INTO blocks (blocker_id, blocked_id, created) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, blocker, blocked, db.millis())
		if err != nil {
			return referenceGone(err)
		}
		cancelled, err = db.txBookings(ctx, tx, `SELECT `+storecore.BookingColumns+` `+bookingsBetween+` ORDER BY id`, blocker, blocked)
		if err != nil {
			return err
		}
		for i := range cancelled {
			cancelled[i].Status = app.BookingCancelled
		}
		// The writer holds the database: nothing changed since the select.
		_, err = db.txExec(ctx, tx, `UPDATE bookings SET status = 'Cancelled' WHERE id IN (SELECT id `+bookingsBetween+`)`,
			blocker, blocked)
		return err
	})
	return cancelled, err
}

func (db *DB) Unblock(ctx context.Context, blocker, blocked int64) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		_, err := db.txExec(ctx, tx, `DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?`, blocker, blocked)
		return err
	})
}

// A person's blocks, newest first, through blocks_by_time.
const (
	blocksCount = `SELECT count(*) FROM blocks WHERE blocker_id = ?`
	blocksPage  = `SELECT u.id, u.name, u.image, b.created FROM blocks b JOIN users u ON u.id = b.blocked_id
		WHERE b.blocker_id = ? ORDER BY b.created DESC, b.blocked_id DESC LIMIT ? + 0 OFFSET ? + 0`
	blockedByQuery     = `SELECT blocked_id FROM blocks WHERE blocker_id = ?`
	eitherBlockedQuery = `SELECT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?1 AND blocked_id = ?2)
		OR EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?2 AND blocked_id = ?1)`
)

func (db *DB) Blocks(ctx context.Context, blocker int64, page app.Page) (app.List[app.BlockedUser], error) {
	return readList(ctx, db, page, blocksCount, blocksPage, []any{blocker}, func(r row) (app.BlockedUser, error) {
		var u app.BlockedUser
		var since int64
		err := r.Scan(&u.ID, &u.Name, &u.Image, &since)
		u.Since = fromMillis(since)
		return u, err
	})
}

func (db *DB) BlockedBy(ctx context.Context, blocker int64) ([]int64, error) {
	return scanIDs(db.query(ctx, blockedByQuery, blocker))
}

func (db *DB) EitherBlocked(ctx context.Context, a, b int64) (bool, error) {
	var blocked bool
	err := db.queryRow(ctx, eitherBlockedQuery, a, b).Scan(&blocked)
	return blocked, err
}
