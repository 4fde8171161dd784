package storecore

import (
	"context"

	"rehome/app"
)

// ClaimAccount hands an account whose email was never proven to the person
// the provider vouches owns it. Raising the session epoch ends every
// session and, by trigger, voids every outstanding link of the account.
func (s *Store) ClaimAccount(ctx context.Context, c app.AccountClaim) (*app.User, bool, error) {
	var hadPassword bool
	err := s.inTx(ctx, func(tx Querier) error {
		// An update on the condition, not a read: it holds the account's row
		// from here on (under PostgreSQL's READ COMMITTED the WHERE is
		// checked again once the lock is granted), so a proof or an email
		// change racing the claim either comes first (a conflict) or waits
		// for it.
		held, err := tx.Exec(ctx, `UPDATE users SET email_verified = email_verified
			WHERE id = ? AND email = ? AND NOT email_verified`, c.UserID, c.Email)
		if err != nil {
			return err
		}
		if held != 1 {
			return app.Errorf(app.KindConflict, "The account was proven or changed meanwhile")
		}
		if err := tx.QueryRow(ctx, `SELECT octet_length(password_hash) > 0 FROM users WHERE id = ?`, c.UserID).Scan(&hadPassword); err != nil {
			return err
		}
		now := s.now()
		for _, step := range []struct {
			query string
			args  []any
		}{
			// A provider account linked before the email was proven is
			// no more the owner's than a password set then.
			{`DELETE FROM identities WHERE user_id = ? AND NOT (provider = ? AND subject = ?)`, []any{c.UserID, c.Provider, c.Subject}},
			{`INSERT INTO identities (provider, subject, user_id, created) VALUES (?, ?, ?, ?)`, []any{c.Provider, c.Subject, c.UserID, now}},
			{`UPDATE users SET email_verified = true, password_hash = ?, session_epoch = session_epoch + 1 WHERE id = ?`, []any{[]byte{}, c.UserID}},
		} {
			if _, err := tx.Exec(ctx, step.query, step.args...); err != nil {
				return err
			}
		}
		if err := QueueMail(ctx, tx, c.Mail, now); err != nil {
			return err
		}
		return Record(ctx, s.d, tx, c.Audit, now)
	})
	if err != nil {
		return nil, false, err
	}
	u, err := s.users.UserByID(ctx, c.UserID)
	return u, hadPassword, err
}
