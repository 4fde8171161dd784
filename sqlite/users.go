package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
	"rehome/storecore"
)

// fillSellers sets what listings read without their seller need of the
// seller's account, through the users cache.
func (db *DB) fillSellers(ctx context.Context, products []app.Product) ([]app.Product, error) {
	return db.caches.FillSellers(ctx, db, products)
}

// DeleteUser takes the account's listings, from any category, with it.
func (db *DB) DeleteUser(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		var role app.Role
		if err := db.txRow(ctx, tx, `SELECT role FROM users WHERE id = ?`, id).Scan(&role); err != nil {
			return notFound(err, "User")
		}
		if role == app.RoleAdmin {
			// Holding every admin's row first makes two admins deleting
			// each other at once count one after the other.
			if _, err := db.txExec(ctx, tx, `UPDATE users SET role = role WHERE role = 'Admin'`); err != nil {
				return err
			}
			var admins int
			if err := db.txRow(ctx, tx, `SELECT count(*) FROM users WHERE role = 'Admin'`).Scan(&admins); err != nil {
				return err
			}
			if admins <= 1 {
				return app.Errorf(app.KindConflict, "The last admin cannot be deleted")
			}
		}
		// Reports this account made lose its reason too, once it is gone.
		reported, err := storecore.ReportsBy(ctx, writer{db, tx}, id)
		if err != nil {
			return err
		}
		for _, step := range []string{
			// Open bookings on either side end; the snapshots stay.
			`UPDATE bookings SET status = 'Cancelled' WHERE buyer_id = ? AND status = 'Booked'`,
			`UPDATE bookings SET status = 'Cancelled', cancel_reason = 'seller_deleted' WHERE seller_id = ? AND status = 'Booked'`,
			// Products go by cascade, and with them their adverts and reports.
			`DELETE FROM users WHERE id = ?`,
		} {
			if _, err := db.txExec(ctx, tx, step, id); err != nil {
				return err
			}
		}
		for _, reportID := range reported {
			if err := storecore.RefreshReport(ctx, writer{db, tx}, reportID); err != nil {
				return err
			}
		}
		return db.record(ctx, tx, audit)
	})
}
