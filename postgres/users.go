package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

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
