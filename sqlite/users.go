package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"slices"

	"rehome/app"
	"rehome/storecore"
)

// A password hash is never read with an account, only whether it has one.
const userColumns = `id, name, email, role, image, phone, location, verified, created, session_epoch, email_verified, show_phone,
	coalesce(length(password_hash), 0) > 0, suspended_until, suspend_reason, language`

func scanUser(row row, extra ...any) (*app.User, error) {
	var u app.User
	var created int64
	var suspendedUntil sql.NullInt64
	dest := append([]any{&u.ID, &u.Name, &u.Email, &u.Role, &u.Image, &u.Phone, &u.Location, &u.Verified, &created, &u.SessionEpoch, &u.EmailVerified, &u.ShowPhone, &u.HasPassword,
		&suspendedUntil, &u.SuspendReason, &u.Language}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, notFound(err, "User")
	}
	u.Created = fromMillis(created)
	u.SuspendedUntil = nullTime(suspendedUntil)
	return &u, nil
}

func (db *DB) CreateUser(ctx context.Context, u *app.User, passwordHash []byte) error {
	created := db.millis()
	if err := db.inTx(ctx, func(tx *sql.Tx) error { return db.insertUser(ctx, tx, u, passwordHash, created) }); err != nil {
		return err
	}
	u.Created = fromMillis(created)
	return nil
}

// insertUser stores u with its password hash (empty for an account that
// signs in only through a provider) and fills in its ID.
func (db *DB) insertUser(ctx context.Context, tx *sql.Tx, u *app.User, passwordHash []byte, created int64) error {
	err := db.txRow(ctx, tx, `
		INSERT INTO users (name, email, password_hash, role, image, phone, location, verified, created, email_verified)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		u.Name, u.Email, passwordHash, u.Role, u.Image, u.Phone, u.Location, u.Verified, created, u.EmailVerified).Scan(&u.ID)
	if isUniqueViolation(err) {
		return app.Errorf(app.KindConflict, "An account with this email already exists")
	}
	u.HasPassword = err == nil && len(passwordHash) > 0
	return err
}

// UserByID is the signed-in user of every request, so it is cached. A write
// that changes an account publishes the change, which forgets it, before
// the write returns (inTx): the cache is never older than a returned write.
func (db *DB) UserByID(ctx context.Context, id int64) (*app.User, error) {
	if u, ok := db.caches.Users.Get(id); ok {
		return &u, nil
	}
	gen := db.caches.Users.Generation()
	u, err := scanUser(db.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if err != nil {
		return nil, err
	}
	db.caches.Users.Put(gen, id, *u)
	return u, nil
}

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
	rows, err := db.query(ctx, `SELECT `+userColumns+` FROM users WHERE id IN (SELECT value FROM json_each(?))`, string(list))
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return err
		}
		found[u.ID] = u
		db.caches.Users.Put(gen, u.ID, *u)
	}
	return rows.Err()
}

func (db *DB) UserByEmail(ctx context.Context, email string) (*app.User, error) {
	return scanUser(db.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE email = ?`, email))
}

func (db *DB) PasswordHash(ctx context.Context, email string) (*app.User, []byte, error) {
	var hash []byte
	u, err := scanUser(db.queryRow(ctx,
		`SELECT `+userColumns+`, password_hash FROM users WHERE email = ?`, email), &hash)
	if err != nil {
		return nil, nil, err
	}
	return u, hash, nil
}

// The account lists for admins, oldest first.
const (
	usersCount       = `SELECT count(*) FROM users`
	usersPage        = `SELECT ` + userColumns + ` FROM users ORDER BY id LIMIT ? + 0 OFFSET ? + 0`
	usersByRoleCount = `SELECT count(*) FROM users WHERE role = ?`
	usersByRolePage  = `SELECT ` + userColumns + ` FROM users WHERE role = ? ORDER BY id LIMIT ? + 0 OFFSET ? + 0`
)

func scanUserRow(row row) (app.User, error) {
	u, err := scanUser(row)
	if err != nil {
		return app.User{}, err
	}
	return *u, nil
}

func (db *DB) Users(ctx context.Context, role app.Role, page app.Page) (app.List[app.User], error) {
	if role == "" {
		return readList(ctx, db, page, usersCount, usersPage, nil, scanUserRow)
	}
	return readList(ctx, db, page, usersByRoleCount, usersByRolePage, []any{role}, scanUserRow)
}

func (db *DB) PromoteToAdmin(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.changeOneRecorded(ctx, `UPDATE users SET role = 'Admin' WHERE id = ?`, id, "User not found", audit)
}

// VerifySeller also changes the seller_verified of the seller's listings.
func (db *DB) VerifySeller(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.changeOneRecorded(ctx, `UPDATE users SET verified = 1 WHERE id = ? AND role = 'Seller'`, id, "No seller with this id", audit)
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

func (db *DB) SetPassword(ctx context.Context, userID int64, passwordHash []byte) (*app.User, error) {
	res, err := db.exec(ctx, `UPDATE users SET password_hash = ?, session_epoch = session_epoch + 1 WHERE id = ?`, passwordHash, userID)
	if err := changedOne(res, err, "User not found"); err != nil {
		return nil, err
	}
	return db.UserByID(ctx, userID)
}

func (db *DB) EndSessions(ctx context.Context, userID int64) (*app.User, error) {
	res, err := db.exec(ctx, `UPDATE users SET session_epoch = session_epoch + 1 WHERE id = ?`, userID)
	if err := changedOne(res, err, "User not found"); err != nil {
		return nil, err
	}
	return db.UserByID(ctx, userID)
}

func (db *DB) UpdateProfile(ctx context.Context, userID int64, p app.Profile) (*app.User, error) {
	res, err := db.exec(ctx, `UPDATE users SET name = ?, phone = ?, location = ?, image = ?, show_phone = ?, language = ? WHERE id = ?`,
		p.Name, p.Phone, p.Location, p.Image, p.ShowPhone, p.Language, userID)
	if err := changedOne(res, err, "User not found"); err != nil {
		return nil, err
	}
	return db.UserByID(ctx, userID)
}
