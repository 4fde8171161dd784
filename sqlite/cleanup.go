package sqlite

import (
	"context"
	"log/slog"
	"time"

	"rehome/app"
)

// CleanUp deletes expired sessions and idempotency answers every interval
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
		}
	}
}
