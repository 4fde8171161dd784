package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// CreateEmailChange replaces the account's earlier request with ON
// CONFLICT on email_changes_once: of racing calls, the last to commit is
// kept.
func (db *DB) CreateEmailChange(ctx context.Context, c app.EmailChange) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		// The newest request is the one that counts: an earlier link stops
		// working (email_changes_once).
		if _, err := tx.Exec(ctx, `INSERT INTO email_changes (token_hash, user_id, new_email, expires) VALUES ($1, $2, $3, $4)
			ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, new_email = excluded.new_email,
				expires = excluded.expires`,
			c.TokenHash, c.UserID, c.NewEmail, c.Expires.UnixMilli()); err != nil {
			return referenceGone(err)
		}
		return db.queueMail(ctx, tx, c.Mail)
	})
}

// UseEmailChange spends the link with a DELETE ... RETURNING after holding
// its account's row (holdLinkAccount); the account's old email is read
// under that lock, so it is the one the update replaces.
func (db *DB) UseEmailChange(ctx context.Context, tokenHash []byte, now time.Time) (*app.User, string, error) {
	var userID int64
	var newEmail, oldEmail string
	var valid bool
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		if err := holdLinkAccount(ctx, tx, "email_changes", tokenHash); err != nil {
			return err
		}
		// Spent whether or not it is still valid: a link works once.
		err := tx.QueryRow(ctx, `DELETE FROM email_changes WHERE token_hash = $1 RETURNING user_id, new_email, expires > $2`,
			tokenHash, now.UnixMilli()).Scan(&userID, &newEmail, &valid)
		if err != nil {
			return notFound(err, "Email change")
		}
		if !valid {
			return nil
		}
		if err := tx.QueryRow(ctx, `SELECT email FROM users WHERE id = $1`, userID).Scan(&oldEmail); err != nil {
			return notFound(err, "User")
		}
		// The link came to the new address: it is proven. The new email
		// voids the account's other links, by trigger.
		_, err = tx.Exec(ctx, `UPDATE users SET email = $1, email_verified = true WHERE id = $2`, newEmail, userID)
		if isUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "%s", app.EmailTakenMessage)
		}
		return err
	})
	if err != nil {
		return nil, "", err
	}
	if !valid {
		return nil, "", app.Errorf(app.KindNotFound, "Email change not found")
	}
	u, err := db.UserByID(ctx, userID)
	return u, oldEmail, err
}
