package storecore

import (
	"context"

	"rehome/app"
)

// DeleteUser takes the account's listings, from any category, with it.
// Where the database locks rows, it holds the account's row (ForUpdate)
// before it cancels anything: a booking or report by or of the account,
// whose insert takes a share of that row for its foreign key, either
// committed before, and is cancelled with the rest, or waits and then
// finds the account gone; none slips in between the cancelling and the
// delete. Deleting an admin holds every admin's row instead (in id order,
// so that two such deletions queue rather than deadlock) and only then
// counts them: of two admins deleting each other at once, the second
// counts after the first has committed. SQLite's one writer runs the two
// one after the other anyway.
func (s *Store) DeleteUser(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return s.inTx(ctx, func(tx Querier) error {
		var role string
		if err := tx.QueryRow(ctx, `SELECT role FROM users WHERE id = ?`, id).Scan(&role); err != nil {
			return NotFound(err, "User")
		}
		if app.Role(role) != app.RoleAdmin && s.d.ForUpdate != "" {
			// Read again under the lock: an admin now (promoted meanwhile)
			// is counted with the others below.
			if err := tx.QueryRow(ctx, `SELECT role FROM users WHERE id = ?`+s.d.ForUpdate, id).Scan(&role); err != nil {
				return NotFound(err, "User")
			}
		}
		if app.Role(role) == app.RoleAdmin {
			if s.d.ForUpdate != "" {
				if _, err := tx.Exec(ctx, `SELECT id FROM users WHERE role = 'Admin' ORDER BY id`+s.d.ForUpdate); err != nil {
					return err
				}
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
		reported, err := ReportsBy(ctx, tx, id)
		if err != nil {
			return err
		}
		for _, step := range []string{
			// Open bookings on either side end; the snapshots stay.
			`UPDATE bookings SET status = 'Cancelled' WHERE buyer_id = ? AND status = 'Booked'`,
			`UPDATE bookings SET status = 'Cancelled', cancel_reason = 'seller_deleted' WHERE seller_id = ? AND status = 'Booked'`,
		} {
			if _, err := tx.Exec(ctx, step, id); err != nil {
				return err
			}
		}
		// Products go by cascade, and with them their adverts and reports.
		deleted, err := tx.Exec(ctx, `DELETE FROM users WHERE id = ?`, id)
		if err := ChangedOne(deleted, err, "User not found"); err != nil {
			return err
		}
		for _, reportID := range reported {
			if err := RefreshReport(ctx, tx, reportID); err != nil {
				return err
			}
		}
		return Record(ctx, s.d, tx, audit, s.now())
	})
}
