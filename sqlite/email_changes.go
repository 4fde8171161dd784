package sqlite

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
)

func (db *DB) CreateEmailChange(ctx context.Context, c app.EmailChange) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		// The newest request is the one that counts: an earlier link stops
		// working (email_changes_once).
		if _, err := db.txExec(ctx, tx, `INSERT INTO email_changes (token_hash, user_id, new_email, expires) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, new_email = excluded.new_email,
				expires = excluded.expires`,
			c.TokenHash, c.UserID, c.NewEmail, c.Expires.UnixMilli()); err != nil {
			return referenceGone(err)
		}
		return db.queueMail(ctx, tx, c.Mail)
	})
}

func (db *DB) UseEmailChange(ctx context.Context, tokenHash []byte, now time.Time) (*app.User, string, error) {
	var userID int64
	var newEmail, oldEmail string
	var valid bool
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		// Spent whether or not it is still valid: a link works once.
		err := db.txRow(ctx, tx, `DELETE FROM email_changes WHERE token_hash = ? RETURNING user_id, new_email, expires > ?`,
			tokenHash, now.UnixMilli()).Scan(&userID, &newEmail, &valid)
		if err != nil {
			return notFound(err, "Email change")
		}
		if !valid {
			return nil
		}
		if err := db.txRow(ctx, tx, `SELECT email FROM users WHERE id = ?`, userID).Scan(&oldEmail); err != nil {
			return notFound(err, "User")
		}
		// The link came to the new address: it is proven. The new email
		// voids the account's other links, by trigger.
		_, err = db.txExec(ctx, tx, `UPDATE users SET email = ?, email_verified = 1 WHERE id = ?`, newEmail, userID)
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
