package sqlite

import (
	"context"

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
