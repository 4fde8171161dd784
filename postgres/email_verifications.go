package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// CreateEmailVerification replaces the account's earlier link with ON
// CONFLICT on email_verifications_once: of racing calls, the last to
// commit is kept, and only its link works.
func (db *DB) CreateEmailVerification(ctx context.Context, v app.EmailVerification) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		// The newest link is the one that counts: an earlier one stops
		// working (email_verifications_once).
		if _, err := tx.Exec(ctx, `INSERT INTO email_verifications (token_hash, user_id, email, expires) VALUES ($1, $2, $3, $4)
			ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, email = excluded.email,
				expires = excluded.expires`,
			v.TokenHash, v.UserID, v.Email, v.Expires.UnixMilli()); err != nil {
			return referenceGone(err)
		}
		return db.queueMail(ctx, tx, v.Mail)
	})
}

// UseEmailVerification spends the link with a DELETE ... RETURNING after
// holding its account's row (holdLinkAccount). Against ClaimAccount, which
// holds the same row first: either the claim commits first, voiding the
// link (the DELETE then finds nothing), or the proof does, and the claim's
// conditional update finds the email proven.
func (db *DB) UseEmailVerification(ctx context.Context, tokenHash []byte, now time.Time) (*app.User, error) {
	var userID int64
	var email string
	var valid bool
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		if err := holdLinkAccount(ctx, tx, "email_verifications", tokenHash); err != nil {
			return err
		}
		// Spent whether or not it is still valid: a link works once.
		err := tx.QueryRow(ctx, `DELETE FROM email_verifications WHERE token_hash = $1 RETURNING user_id, email, expires > $2`,
			tokenHash, now.UnixMilli()).Scan(&userID, &email, &valid)
		if err != nil {
			return notFound(err, "Email confirmation")
		}
		if !valid {
			return nil
		}
		// Only the address the link was mailed to is proven by it.
		tag, err := tx.Exec(ctx, `UPDATE users SET email_verified = true WHERE id = $1 AND email = $2`, userID, email)
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
		return nil, app.Errorf(app.KindNotFound, "Email confirmation not found")
	}
	return db.UserByID(ctx, userID)
}
