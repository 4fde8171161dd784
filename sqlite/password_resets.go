package sqlite

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
)

func (db *DB) CreatePasswordReset(ctx context.Context, r app.PasswordReset) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		// Links that expired are of no use to anyone: cleared as new ones come.
		if _, err := db.txExec(ctx, tx, `DELETE FROM password_resets WHERE user_id = ? AND expires <= ?`, r.UserID, db.millis()); err != nil {
			return err
		}
		if _, err := db.txExec(ctx, tx, `INSERT INTO password_resets (token_hash, user_id, expires) VALUES (?, ?, ?)`,
			r.TokenHash, r.UserID, r.Expires.UnixMilli()); err != nil {
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
	var valid bool
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		// Spent whether or not it is still valid: a link works once.
		err := db.txRow(ctx, tx, `DELETE FROM password_resets WHERE token_hash = ? RETURNING user_id, expires > ?`,
			tokenHash, now.UnixMilli()).Scan(&userID, &valid)
		if err != nil {
			return notFound(err, "Reset link")
		}
		if !valid {
			return nil // expired: spent all the same, and refused below
		}
		res, err := db.txExec(ctx, tx, `UPDATE users SET password_hash = ?, session_epoch = session_epoch + 1 WHERE id = ?`,
			passwordHash, userID)
		return changedOne(res, err, "User not found")
	})
	if err != nil {
		return nil, err
	}
	if !valid {
		return nil, app.Errorf(app.KindNotFound, "Reset link not found")
	}
	return db.UserByID(ctx, userID)
}
