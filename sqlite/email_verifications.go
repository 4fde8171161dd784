package sqlite

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
)

func (db *DB) CreateEmailVerification(ctx context.Context, v app.EmailVerification) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		// The newest link is the one that counts: an earlier one stops
		// working (email_verifications_once).
		if _, err := db.txExec(ctx, tx, `INSERT INTO email_verifications (token_hash, user_id, email, expires) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, email = excluded.email,
				expires = excluded.expires`,
			v.TokenHash, v.UserID, v.Email, v.Expires.UnixMilli()); err != nil {
			return referenceGone(err)
		}
		return db.queueMail(ctx, tx, v.Mail)
	})
}

func (db *DB) UseEmailVerification(ctx context.Context, tokenHash []byte, now time.Time) (*app.User, error) {
	var userID int64
	var email string
	var valid bool
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		// Spent whether or not it is still valid: a link works once.
		err := db.txRow(ctx, tx, `DELETE FROM email_verifications WHERE token_hash = ? RETURNING user_id, email, expires > ?`,
			tokenHash, now.UnixMilli()).Scan(&userID, &email, &valid)
		if err != nil {
			return notFound(err, "Email confirmation")
		}
		if !valid {
			return nil
		}
		// Only the address the link was mailed to is proven by it.
		res, err := db.txExec(ctx, tx, `UPDATE users SET email_verified = 1 WHERE id = ? AND email = ?`, userID, email)
		if err != nil {
			return err
		}
		changed, err := res.RowsAffected()
		valid = err == nil && changed == 1
		return err
	})
	if err != nil {
		return nil, err
	}
	if !valid {
		return nil, app.Errorf(app.KindNotFound, "Email confirmation not found")
	}
	return db.UserByID(ctx, userID)
}
