package sqlite

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
)

func (db *DB) CreatePasswordReset(ctx context.Context, r app.PasswordReset) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		// The newest link is the one that counts: an earlier one, mailed
		// or handed out, stops working (password_resets_once).
		if _, err := db.txExec(ctx, tx, `INSERT INTO password_resets (token_hash, user_id, email, mailed, expires) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, email = excluded.email,
				mailed = excluded.mailed, expires = excluded.expires`,
			r.TokenHash, r.UserID, r.Email, r.Mail != nil, r.Expires.UnixMilli()); err != nil {
			return referenceGone(err)
		}
		if err := db.queueMail(ctx, tx, r.Mail); err != nil {
			return err
		}
		return db.record(ctx, tx, r.Audit)
	})
}

func (db *DB) UsePasswordReset(ctx context.Context, tokenHash, passwordHash []byte, now time.Time) (*app.User, error) {
	var userID int64
	var email string
	var valid, mailed bool
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		// Spent whether or not it is still valid: a link works once.
		err := db.txRow(ctx, tx, `DELETE FROM password_resets WHERE token_hash = ? RETURNING user_id, email, mailed, expires > ?`,
			tokenHash, now.UnixMilli()).Scan(&userID, &email, &mailed, &valid)
		if err != nil {
			return notFound(err, "Reset link")
		}
		if !valid {
			return nil // expired: spent all the same, and refused below
		}
		// Only for the email it was made for; a mailed link proves it. The
		// new epoch ends the sessions and, by trigger, voids the other links.
		res, err := db.txExec(ctx, tx, `UPDATE users SET password_hash = ?, session_epoch = session_epoch + 1,
			email_verified = email_verified OR ? WHERE id = ? AND email = ?`, passwordHash, mailed, userID, email)
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
		return nil, app.Errorf(app.KindNotFound, "Reset link not found")
	}
	return db.UserByID(ctx, userID)
}
