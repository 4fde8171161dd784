package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// A password hash is never read with an account, only whether it has one.
const userColumns = `id, name, email, role, image, phone, location, verified, created, session_epoch, email_verified, show_phone,
	octet_length(password_hash) > 0, suspended_until, suspend_reason, language`

func scanUser(row storecore.Row, extra ...any) (*app.User, error) {
	var u app.User
	var role string
	var created int64
	var suspendedUntil *int64
	dest := append([]any{&u.ID, &u.Name, &u.Email, &role, &u.Image, &u.Phone, &u.Location, &u.Verified, &created, &u.SessionEpoch, &u.EmailVerified, &u.ShowPhone, &u.HasPassword,
		&suspendedUntil, &u.SuspendReason, &u.Language}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, notFound(err, "User")
	}
	u.Role = app.Role(role)
	u.Created = fromMillis(created)
	u.SuspendedUntil = nullTime(suspendedUntil)
	return &u, nil
}

func (db *DB) CreateUser(ctx context.Context, u *app.User, passwordHash []byte) error {
	created := db.millis()
	if err := db.inTx(ctx, func(tx pgx.Tx) error { return db.insertUser(ctx, tx, u, passwordHash, created) }); err != nil {
		return err
	}
	u.Created = fromMillis(created)
	return nil
}

// insertUser stores u with its password hash (empty for an account that
// signs in only through a provider) and fills in its ID.
func (db *DB) insertUser(ctx context.Context, tx pgx.Tx, u *app.User, passwordHash []byte, created int64) error {
	if passwordHash == nil {
		passwordHash = []byte{}
	}
	err := tx.QueryRow(ctx, `
		INSERT INTO users (name, email, password_hash, role, image, phone, location, verified, created, email_verified)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
		u.Name, u.Email, passwordHash, string(u.Role), u.Image, u.Phone, u.Location, u.Verified, created, u.EmailVerified).Scan(&u.ID)
	if isUniqueViolation(err) {
		return app.Errorf(app.KindConflict, "An account with this email already exists")
	}
	u.HasPassword = err == nil && len(passwordHash) > 0
	return err
}

// The accounts by key; see TestAccountQueriesUseIndexes.
const (
	userByIDQuery    = `SELECT ` + userColumns + ` FROM users WHERE id = $1`
	userByEmailQuery = `SELECT ` + userColumns + ` FROM users WHERE email = $1`
)

// UserByID reads the database each time: this store keeps no cache, so no
// answer is older than a write any instance returned from.
func (db *DB) UserByID(ctx context.Context, id int64) (*app.User, error) {
	return scanUser(db.pool.QueryRow(ctx, userByIDQuery, id))
}

func (db *DB) UserByEmail(ctx context.Context, email string) (*app.User, error) {
	return scanUser(db.pool.QueryRow(ctx, userByEmailQuery, email))
}

func (db *DB) PasswordHash(ctx context.Context, email string) (*app.User, []byte, error) {
	var hash []byte
	u, err := scanUser(db.pool.QueryRow(ctx,
		`SELECT `+userColumns+`, password_hash FROM users WHERE email = $1`, email), &hash)
	if err != nil {
		return nil, nil, err
	}
	return u, hash, nil
}

// The account lists for admins, oldest first.
const (
	usersCount       = `SELECT count(*) FROM users`
	usersPage        = `SELECT ` + userColumns + ` FROM users ORDER BY id LIMIT $1 OFFSET $2`
	usersByRoleCount = `SELECT count(*) FROM users WHERE role = $1`
	usersByRolePage  = `SELECT ` + userColumns + ` FROM users WHERE role = $1 ORDER BY id LIMIT $2 OFFSET $3`
)

func scanUserRow(row storecore.Row) (app.User, error) {
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
	return readList(ctx, db, page, usersByRoleCount, usersByRolePage, []any{string(role)}, scanUserRow)
}

func (db *DB) PromoteToAdmin(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.changeUserRecorded(ctx, `UPDATE users SET role = 'Admin' WHERE id = $1`, "User not found", audit, id)
}

// VerifySeller also changes the seller_verified of the seller's listings.
func (db *DB) VerifySeller(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.changeUserRecorded(ctx, `UPDATE users SET verified = true WHERE id = $1 AND role = 'Seller'`, "No seller with this id", audit, id)
}

// changeUserRecorded runs an update of one account, on the condition its
// WHERE states (checked again once the row's lock is granted), and records
// audit in the same transaction; an update that changed no row is not found.
func (db *DB) changeUserRecorded(ctx context.Context, query, notFoundMessage string, audit *app.AuditEntry, args ...any) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, query, args...)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindNotFound, "%s", notFoundMessage)
		}
		return db.record(ctx, tx, audit)
	})
}

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

// updateUser runs one UPDATE of an account that returns it (RETURNING
// userColumns): the account as the update left it, read in the same
// statement. An account it did not change is not found.
func (db *DB) updateUser(ctx context.Context, query string, args ...any) (*app.User, error) {
	var u *app.User
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		u, err = scanUser(tx.QueryRow(ctx, query+` RETURNING `+userColumns, args...))
		return err
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

func (db *DB) SetPassword(ctx context.Context, userID int64, passwordHash []byte) (*app.User, error) {
	if passwordHash == nil {
		passwordHash = []byte{}
	}
	return db.updateUser(ctx, `UPDATE users SET password_hash = $1, session_epoch = session_epoch + 1 WHERE id = $2`, passwordHash, userID)
}

func (db *DB) EndSessions(ctx context.Context, userID int64) (*app.User, error) {
	return db.updateUser(ctx, `UPDATE users SET session_epoch = session_epoch + 1 WHERE id = $1`, userID)
}

func (db *DB) UpdateProfile(ctx context.Context, userID int64, p app.Profile) (*app.User, error) {
	return db.updateUser(ctx, `UPDATE users SET name = $1, phone = $2, location = $3, image = $4, show_phone = $5, language = $6 WHERE id = $7`,
		p.Name, p.Phone, p.Location, p.Image, p.ShowPhone, string(p.Language), userID)
}
