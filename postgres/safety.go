package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// SuspendUser raises the session epoch in the same update, which ends the
// account's sessions (trigger sessions_end_with_epoch).
// SuspendUser cancels the seller's open bookings after the products'
// rows are taken, in the lock order of the bookings' writes (see
// bookings.go).
func (db *DB) SuspendUser(ctx context.Context, id int64, until time.Time, reason string, audit *app.AuditEntry) ([]app.Booking, error) {
	var cancelled []app.Booking
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE users SET suspended_until = $2, suspend_reason = $3, session_epoch = session_epoch + 1
			WHERE id = $1 AND role <> 'Admin'`, id, until.UnixMilli(), reason)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindNotFound, "No such account")
		}
		_, err = tx.Exec(ctx, `SELECT p.id FROM products p WHERE p.id IN (SELECT product_id FROM bookings
			WHERE seller_id = $1 AND status = 'Booked') ORDER BY p.id FOR NO KEY UPDATE`, id)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `UPDATE bookings SET status = 'Cancelled', cancel_reason = $2
			WHERE seller_id = $1 AND status = 'Booked' RETURNING `+storecore.BookingColumns, id, app.CancelSellerSuspended)
		if err != nil {
			return err
		}
		cancelled, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (app.Booking, error) { return storecore.ScanBooking(r) })
		if err != nil {
			return err
		}
		return db.record(ctx, tx, audit)
	})
	return cancelled, err
}

// suspendedQuery reads users_suspended: only the accounts ever suspended
// are in it.
const suspendedQuery = `SELECT id FROM users WHERE suspended_until > $1`

// SuspendedUsers reads them afresh: the catalogue's version, which would
// say when they changed, is itself a read of the database here.
func (db *DB) SuspendedUsers(ctx context.Context) ([]int64, error) {
	rows, err := db.pool.Query(ctx, suspendedQuery, db.millis())
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// bookingsBetween are the bookings still Booked between two people,
// whichever of them booked.
const bookingsBetween = `FROM bookings WHERE status = 'Booked'
	AND (buyer_id = $1 AND seller_id = $2 OR buyer_id = $2 AND seller_id = $1)`

// Block takes the rows of the booked products first, in the lock order
// of the bookings' writes (see bookings.go), then cancels the bookings on
// the condition that they are still Booked.
func (db *DB) Block(ctx context.Context, blocker, blocked int64) ([]app.Booking, error) {
	var cancelled []app.Booking
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO blocks (blocker_id, blocked_id, created) VALUES ($1, $2, $3)
			ON CONFLICT DO NOTHING`, blocker, blocked, db.millis())
		if err != nil {
			return referenceGone(err)
		}
		_, err = tx.Exec(ctx, `SELECT p.id FROM products p WHERE p.id IN (SELECT product_id `+bookingsBetween+`)
			ORDER BY p.id FOR NO KEY UPDATE`, blocker, blocked)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `UPDATE bookings SET status = 'Cancelled' WHERE id IN (SELECT id `+bookingsBetween+`)
			AND status = 'Booked' RETURNING `+storecore.BookingColumns, blocker, blocked)
		if err != nil {
			return err
		}
		cancelled, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (app.Booking, error) { return storecore.ScanBooking(r) })
		return err
	})
	return cancelled, err
}

func (db *DB) Unblock(ctx context.Context, blocker, blocked int64) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, blocker, blocked)
		return err
	})
}

// A person's blocks, newest first, through blocks_by_time.
const (
	blocksCount = `SELECT count(*) FROM blocks WHERE blocker_id = $1`
	blocksPage  = `SELECT u.id, u.name, u.image, b.created FROM blocks b JOIN users u ON u.id = b.blocked_id
		WHERE b.blocker_id = $1 ORDER BY b.created DESC, b.blocked_id DESC LIMIT $2 OFFSET $3`
	blockedByQuery     = `SELECT blocked_id FROM blocks WHERE blocker_id = $1`
	eitherBlockedQuery = `SELECT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2)
		OR EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $2 AND blocked_id = $1)`
)

func (db *DB) Blocks(ctx context.Context, blocker int64, page app.Page) (app.List[app.BlockedUser], error) {
	return readList(ctx, db, page, blocksCount, blocksPage, []any{blocker}, func(r storecore.Row) (app.BlockedUser, error) {
		var u app.BlockedUser
		var since int64
		err := r.Scan(&u.ID, &u.Name, &u.Image, &since)
		u.Since = fromMillis(since)
		return u, err
	})
}

func (db *DB) BlockedBy(ctx context.Context, blocker int64) ([]int64, error) {
	rows, err := db.pool.Query(ctx, blockedByQuery, blocker)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

func (db *DB) EitherBlocked(ctx context.Context, a, b int64) (bool, error) {
	var blocked bool
	err := db.pool.QueryRow(ctx, eitherBlockedQuery, a, b).Scan(&blocked)
	return blocked, err
}
