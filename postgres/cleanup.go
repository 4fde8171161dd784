package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// DeleteExpiredLinks removes password reset, email change and email
// confirmation links past their expiry, in one transaction: they can no
// longer be used.
func (db *DB) DeleteExpiredLinks(ctx context.Context) error {
	now := db.millis()
	return db.inTx(ctx, func(tx pgx.Tx) error {
		for _, query := range []string{
			`DELETE FROM password_resets WHERE expires <= $1`,
			`DELETE FROM email_changes WHERE expires <= $1`,
			`DELETE FROM email_verifications WHERE expires <= $1`,
		} {
			if _, err := tx.Exec(ctx, query, now); err != nil {
				return err
			}
		}
		return nil
	})
}
