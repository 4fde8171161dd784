package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"slices"

	"rehome/app"
	"rehome/storecore"
)

// fillSellers sets what products read without their seller need of the
// seller's account (fillSeller), from the users cache; the sellers it lacks
// are read in one query. A product whose seller is gone (deleted with them
// meanwhile) is dropped.
func (db *DB) fillSellers(ctx context.Context, products []app.Product) ([]app.Product, error) {
	var missing []int64
	for i := range products {
		p := &products[i]
		if u, ok := db.caches.Users.Get(p.SellerID); ok {
			fillSeller(p, &u)
		} else if !slices.Contains(missing, p.SellerID) {
			missing = append(missing, p.SellerID)
		}
	}
	if len(missing) == 0 {
		return products, nil
	}
	found := make(map[int64]*app.User, len(missing))
	if err := db.readUsers(ctx, missing, found); err != nil {
		return nil, err
	}
	kept := products[:0]
	for _, p := range products {
		if slices.Contains(missing, p.SellerID) {
			u := found[p.SellerID]
			if u == nil {
				continue
			}
			fillSeller(&p, u)
		}
		kept = append(kept, p)
	}
	clear(products[len(kept):])
	return kept, nil
}

// fillSeller sets p's seller's name and verified state, and their email and
// choice to show their phone for ShowContact to pick from.
func fillSeller(p *app.Product, u *app.User) {
	p.Seller, p.SellerVerified = u.Name, u.Verified
	p.Contact.Email, p.Contact.ShowPhone = u.Email, u.ShowPhone
}

// readUsers reads the accounts with the given IDs into found, and into the cache.
func (db *DB) readUsers(ctx context.Context, ids []int64, found map[int64]*app.User) error {
	gen := db.caches.Users.Generation()
	list, err := json.Marshal(ids)
	if err != nil {
		return err
	}
	rows, err := db.query(ctx, `SELECT `+storecore.UserColumns+` FROM users WHERE id IN (SELECT value FROM json_each(?))`, string(list))
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		u, err := storecore.ScanUser(rows)
		if err != nil {
			return err
		}
		found[u.ID] = u
		db.caches.Users.Put(gen, u.ID, *u)
	}
	return rows.Err()
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
