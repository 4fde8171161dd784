package sqlite

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"rehome/app"
)

// CleanUp deletes expired sessions, links and idempotency answers every interval
// until ctx ends.
func (db *DB) CleanUp(ctx context.Context, interval time.Duration, log *slog.Logger) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			if _, err := db.Sessions().DeleteExpired(ctx); err != nil && ctx.Err() == nil {
				log.Error("delete expired sessions", "err", err)
			}
			if _, err := db.ForgetAnswersBefore(ctx, db.now().Add(-app.IdempotencyTTL)); err != nil && ctx.Err() == nil {
				log.Error("delete old idempotency answers", "err", err)
			}
			if err := db.DeleteExpiredLinks(ctx); err != nil && ctx.Err() == nil {
				log.Error("delete expired links", "err", err)
			}
		}
	}
}

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
