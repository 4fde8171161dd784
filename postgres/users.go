package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// DeleteUser takes the account's listings, from any category, with it.
// It holds the account's row (SELECT ... FOR UPDATE) before it cancels
// anything: a booking or report by or of the account, whose insert takes a
// share of that row for its foreign key, either committed before, and is
// cancelled with the rest, or waits and then finds the account gone; none
// slips in between the cancelling and the delete. Deleting an admin locks
// every admin's row instead (in id order, so that two such deletions queue
// rather than deadlock) and only then counts them: of two admins deleting
// each other at once, the second counts after the first has committed.
func (db *DB) DeleteUser(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		var role string
		if err := tx.QueryRow(ctx, `SELECT role FROM users WHERE id = $1`, id).Scan(&role); err != nil {
			return notFound(err, "User")
		}
		if app.Role(role) != app.RoleAdmin {
			// Read again under the lock: an admin now (promoted meanwhile)
			// is counted with the others below.
			if err := tx.QueryRow(ctx, `SELECT role FROM users WHERE id = $1 FOR UPDATE`, id).Scan(&role); err != nil {
				return notFound(err, "User")
			}
		}
		if app.Role(role) == app.RoleAdmin {
			if _, err := tx.Exec(ctx, `SELECT id FROM users WHERE role = 'Admin' ORDER BY id FOR UPDATE`); err != nil {
				return err
			}
			var admins int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM users WHERE role = 'Admin'`).Scan(&admins); err != nil {
				return err
			}
			if admins <= 1 {
				return app.Errorf(app.KindConflict, "The last admin cannot be deleted")
			}
		}
		// Reports this account made lose its reason too, once it is gone.
		reported, err := storecore.ReportsBy(ctx, core{tx}, id)
		if err != nil {
			return err
		}
		for _, step := range []string{
			// Open bookings on either side end; the snapshots stay.
			`UPDATE bookings SET status = 'Cancelled' WHERE buyer_id = $1 AND status = 'Booked'`,
			`UPDATE bookings SET status = 'Cancelled', cancel_reason = 'seller_deleted' WHERE seller_id = $1 AND status = 'Booked'`,
		} {
			if _, err := tx.Exec(ctx, step, id); err != nil {
				return err
			}
		}
		// Products go by cascade, and with them their adverts and reports.
		tag, err := tx.Exec(ctx, `DELETE FROM users WHERE id = $1`, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindNotFound, "User not found")
		}
		for _, reportID := range reported {
			if err := storecore.RefreshReport(ctx, core{tx}, reportID); err != nil {
				return err
			}
		}
		return db.record(ctx, tx, audit)
	})
}
