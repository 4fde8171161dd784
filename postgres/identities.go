package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

const userByIdentityQuery = `SELECT ` + userColumns + ` FROM users
	WHERE id = (SELECT user_id FROM identities WHERE provider = $1 AND subject = $2)`

// UserByIdentity is the account a provider's subject is linked to.
func (db *DB) UserByIdentity(ctx context.Context, provider, subject string) (*app.User, error) {
	u, err := scanUser(db.pool.QueryRow(ctx, userByIdentityQuery, provider, subject))
	return u, notFound(err, "Account")
}

// LinkIdentity links a provider's subject to an account; linking the same
// pair again changes nothing (ON CONFLICT DO NOTHING on the pair's key).
func (db *DB) LinkIdentity(ctx context.Context, provider, subject string, userID int64) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO identities (provider, subject, user_id, created) VALUES ($1, $2, $3, $4)
			ON CONFLICT (provider, subject) DO NOTHING`, provider, subject, userID, db.millis())
		return referenceGone(err)
	})
}

// CreateUserWithIdentity stores u, who has no password, linked to the
// provider's subject, both or neither.
func (db *DB) CreateUserWithIdentity(ctx context.Context, u *app.User, provider, subject string) error {
	created := db.millis()
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		if err := db.insertUser(ctx, tx, u, []byte{}, created); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO identities (provider, subject, user_id, created) VALUES ($1, $2, $3, $4)`,
			provider, subject, u.ID, created)
		return err
	})
	if err != nil {
		return err
	}
	u.Created = fromMillis(created)
	return nil
}
