package sqlite

import (
	"context"
	"database/sql"
)

// DeleteExpiredLinks removes password reset, email change and email
// confirmation links past their expiry: they can no longer be used.
func (db *DB) DeleteExpiredLinks(ctx context.Context) error {
	now := db.millis()
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := db.txExec(ctx, tx, `DELETE FROM password_resets WHERE expires <= ?`, now); err != nil {
			return err
		}
		if _, err := db.txExec(ctx, tx, `DELETE FROM email_changes WHERE expires <= ?`, now); err != nil {
			return err
		}
		_, err := db.txExec(ctx, tx, `DELETE FROM email_verifications WHERE expires <= ?`, now)
		return err
	})
}
