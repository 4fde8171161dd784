package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
)

const userColumns = `id, name, email, role, image, phone, location, verified, created`

func scanUser(row interface{ Scan(...any) error }, extra ...any) (*app.User, error) {
	var u app.User
	var created int64
	dest := append([]any{&u.ID, &u.Name, &u.Email, &u.Role, &u.Image, &u.Phone, &u.Location, &u.Verified, &created}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, notFound(err, "User")
	}
	u.Created = fromMillis(created)
	return &u, nil
}

func (db *DB) CreateUser(ctx context.Context, u *app.User, passwordHash []byte) error {
	created := db.millis()
	err := db.write.QueryRowContext(ctx, `
		INSERT INTO users (name, email, password_hash, role, image, phone, location, verified, created)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		u.Name, u.Email, passwordHash, u.Role, u.Image, u.Phone, u.Location, u.Verified, created,
	).Scan(&u.ID)
	if isUniqueViolation(err) {
		return app.Errorf(app.KindConflict, "An account with this email already exists")
	}
	if err != nil {
		return err
	}
	u.Created = fromMillis(created)
	return nil
}

func (db *DB) UserByID(ctx context.Context, id int64) (*app.User, error) {
	return scanUser(db.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
}

func (db *DB) UserByEmail(ctx context.Context, email string) (*app.User, error) {
	return scanUser(db.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE email = ?`, email))
}

func (db *DB) PasswordHash(ctx context.Context, email string) (*app.User, []byte, error) {
	var hash []byte
	u, err := scanUser(db.read.QueryRowContext(ctx,
		`SELECT `+userColumns+`, password_hash FROM users WHERE email = ?`, email), &hash)
	if err != nil {
		return nil, nil, err
	}
	return u, hash, nil
}

// The account lists for admins, oldest first.
const (
	usersCount       = `SELECT count(*) FROM users`
	usersPage        = `SELECT ` + userColumns + ` FROM users ORDER BY id LIMIT ? OFFSET ?`
	usersByRoleCount = `SELECT count(*) FROM users WHERE role = ?`
	usersByRolePage  = `SELECT ` + userColumns + ` FROM users WHERE role = ? ORDER BY id LIMIT ? OFFSET ?`
)

func scanUserRow(row interface{ Scan(...any) error }) (app.User, error) {
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

func (db *DB) PromoteToAdmin(ctx context.Context, id int64) error {
	return changeOne(ctx, db, `UPDATE users SET role = 'Admin' WHERE id = ?`, id, "User not found")
}

func (db *DB) VerifySeller(ctx context.Context, id int64) error {
	return changeOne(ctx, db, `UPDATE users SET verified = 1 WHERE id = ? AND role = 'Seller'`, id, "No seller with this id")
}

func (db *DB) DeleteUser(ctx context.Context, id int64) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		var role app.Role
		if err := tx.QueryRowContext(ctx, `SELECT role FROM users WHERE id = ?`, id).Scan(&role); err != nil {
			return notFound(err, "User")
		}
		if role == app.RoleAdmin {
			var admins int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE role = 'Admin'`).Scan(&admins); err != nil {
				return err
			}
			if admins <= 1 {
				return app.Errorf(app.KindConflict, "The last admin cannot be deleted")
			}
		}
		// Reports this account made lose its reason too, once it is gone.
		reported, err := reportsBy(ctx, tx, id)
		if err != nil {
			return err
		}
		for _, step := range []string{
			// Open bookings on either side end; the snapshots stay.
			`UPDATE bookings SET status = 'Cancelled' WHERE buyer_id = ? AND status = 'Booked'`,
			`UPDATE bookings SET status = 'Cancelled' WHERE seller_id = ? AND status = 'Booked'`,
			// Products go by cascade, and with them their adverts and reports.
			`DELETE FROM users WHERE id = ?`,
		} {
			if _, err := tx.ExecContext(ctx, step, id); err != nil {
				return err
			}
		}
		for _, reportID := range reported {
			if err := refreshReport(ctx, tx, reportID); err != nil {
				return err
			}
		}
		return nil
	})
}
