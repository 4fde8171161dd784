package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
)

// ClaimAccount hands an account whose email was never proven to the person
// the provider vouches owns it. Raising the session epoch ends every
// session and, by trigger, voids every outstanding link of the account.
func (db *DB) ClaimAccount(ctx context.Context, c app.AccountClaim) (*app.User, bool, error) {
	var hadPassword bool
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		// An update on the condition, not a read: it holds the account's row
		// from here on, so a proof or an email change racing the claim
		// either comes first (a conflict) or waits for it.
		held, err := changedRow(db.txExec(ctx, tx, `UPDATE users SET email_verified = email_verified
			WHERE id = ? AND email = ? AND email_verified = 0`, c.UserID, c.Email))
		if err != nil {
			return err
		}
		if !held {
			return app.Errorf(app.KindConflict, "The account was proven or changed meanwhile")
		}
		if err := db.txRow(ctx, tx, `SELECT length(password_hash) > 0 FROM users WHERE id = ?`, c.UserID).Scan(&hadPassword); err != nil {
			return err
		}
		for _, step := range []struct {
			query string
			args  []any
		}{
			// A provider account linked before the email was proven is
			// no more the owner's than a password set then.
			{`DELETE FROM identities WHERE user_id = ? AND NOT (provider = ? AND subject = ?)`, []any{c.UserID, c.Provider, c.Subject}},
			{`INSERT INTO identities (provider, subject, user_id, created) VALUES (?, ?, ?, ?)`, []any{c.Provider, c.Subject, c.UserID, db.millis()}},
			{`UPDATE users SET email_verified = 1, password_hash = x'', session_epoch = session_epoch + 1 WHERE id = ?`, []any{c.UserID}},
		} {
			if _, err := db.txExec(ctx, tx, step.query, step.args...); err != nil {
				return err
			}
		}
		if err := db.queueMail(ctx, tx, c.Mail); err != nil {
			return err
		}
		return db.record(ctx, tx, c.Audit)
	})
	if err != nil {
		return nil, false, err
	}
	u, err := db.UserByID(ctx, c.UserID)
	return u, hadPassword, err
}
