package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// CreatePasswordReset replaces the account's earlier link with ON CONFLICT
// on password_resets_once: of racing calls, the last to commit is kept.
func (db *DB) CreatePasswordReset(ctx context.Context, r app.PasswordReset) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		// The newest link is the one that counts: an earlier one, mailed
		// or handed out, stops working (password_resets_once).
		if _, err := tx.Exec(ctx, `INSERT INTO password_resets (token_hash, user_id, email, mailed, expires) VALUES ($1, $2, $3, $4, $5)
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

// UsePasswordReset spends the link with a DELETE ... RETURNING, after
// holding its account's row (holdLinkAccount): of racing uses, the first
// to delete the row spends it and the others find nothing.
func (db *DB) UsePasswordReset(ctx context.Context, tokenHash, passwordHash []byte, now time.Time) (*app.User, error) {
	if passwordHash == nil {
		passwordHash = []byte{}
	}
	var userID int64
	var email string
	var valid, mailed bool
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		if err := holdLinkAccount(ctx, tx, "password_resets", tokenHash); err != nil {
			return err
		}
		// Spent whether or not it is still valid: a link works once.
		err := tx.QueryRow(ctx, `DELETE FROM password_resets WHERE token_hash = $1 RETURNING user_id, email, mailed, expires > $2`,
			tokenHash, now.UnixMilli()).Scan(&userID, &email, &mailed, &valid)
		if err != nil {
			return notFound(err, "Reset link")
		}
		if !valid {
			return nil // expired: spent all the same, and refused below
		}
		// Only for the email it was made for; a mailed link proves it. The
		// new epoch ends the sessions and, by trigger, voids the other links.
		tag, err := tx.Exec(ctx, `UPDATE users SET password_hash = $1, session_epoch = session_epoch + 1,
			email_verified = email_verified OR $2 WHERE id = $3 AND email = $4`, passwordHash, mailed, userID, email)
		if err != nil {
			return err
		}
		valid = tag.RowsAffected() == 1
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !valid {
		return nil, app.Errorf(app.KindNotFound, "Reset link not found")
	}
	return db.UserByID(ctx, userID)
}
