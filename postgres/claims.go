package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// ClaimAccount hands an account whose email was never proven to the person
// the provider vouches owns it. Raising the session epoch ends every
// session and, by trigger, voids every outstanding link of the account.
func (db *DB) ClaimAccount(ctx context.Context, c app.AccountClaim) (*app.User, bool, error) {
	var hadPassword bool
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		// An update on the condition, not a read: it holds the account's row
		// from here on (READ COMMITTED checks the WHERE again once the lock
		// is granted), so a proof or an email change racing the claim
		// either comes first (a conflict) or waits for it.
		tag, err := tx.Exec(ctx, `UPDATE users SET email_verified = email_verified
			WHERE id = $1 AND email = $2 AND NOT email_verified`, c.UserID, c.Email)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			return app.Errorf(app.KindConflict, "The account was proven or changed meanwhile")
		}
		if err := tx.QueryRow(ctx, `SELECT octet_length(password_hash) > 0 FROM users WHERE id = $1`, c.UserID).Scan(&hadPassword); err != nil {
			return err
		}
		for _, step := range []struct {
			query string
			args  []any
		}{
			// A provider account linked before the email was proven is
			// no more the owner's than a password set then.
			{`DELETE FROM identities WHERE user_id = $1 AND NOT (provider = $2 AND subject = $3)`, []any{c.UserID, c.Provider, c.Subject}},
			{`INSERT INTO identities (provider, subject, user_id, created) VALUES ($1, $2, $3, $4)`, []any{c.Provider, c.Subject, c.UserID, db.millis()}},
			{`UPDATE users SET email_verified = true, password_hash = '', session_epoch = session_epoch + 1 WHERE id = $1`, []any{c.UserID}},
		} {
			if _, err := tx.Exec(ctx, step.query, step.args...); err != nil {
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
