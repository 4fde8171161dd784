package postgres

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// CleanUp deletes expired sessions, links and idempotency answers every
// interval until ctx ends. It runs on the instance that holds the leader
// lock (internal/leader); each step is one transaction, so a step another
// instance's request races with is whole or not at all.
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
