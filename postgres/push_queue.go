package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// ClaimDuePush claims the due notes in one statement, whichever instance
// asks, as ClaimDueMail does: SELECT ... FOR UPDATE SKIP LOCKED takes a
// row lock on each note it claims and passes over the notes other senders
// are claiming at that moment, and the UPDATE moves each claimed note's
// next try to the end of the lease. A note another sender claimed and
// committed since this statement began is locked, then checked again by
// READ COMMITTED against its new next try, no longer due, and left out.
// So no two senders hold a note at once, and none waits for another.
func (db *DB) ClaimDuePush(ctx context.Context, holder string, now time.Time, lease time.Duration, limit int) ([]app.QueuedPush, error) {
	var due []app.QueuedPush
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			WITH due AS MATERIALIZED (
				SELECT id, next_try FROM push_queue WHERE next_try <= $1
				ORDER BY next_try, id LIMIT $2 FOR UPDATE SKIP LOCKED
			), claimed AS (
				UPDATE push_queue p SET claimed_by = $3, next_try = $4 FROM due WHERE p.id = due.id
				RETURNING p.id, p.user_id, p.kind, p.title, p.body, p.path, p.tag, p.queued, due.next_try AS was_due
			)
			SELECT id, user_id, kind, title, body, path, tag, queued FROM claimed ORDER BY was_due, id`,
			now.UnixMilli(), limit, holder, now.Add(lease).UnixMilli())
		if err != nil {
			return err
		}
		due, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (app.QueuedPush, error) {
			var n app.QueuedPush
			var kind string
			var queued int64
			err := row.Scan(&n.ID, &n.UserID, &kind, &n.Title, &n.Body, &n.Path, &n.Tag, &queued)
			n.Kind, n.Queued = app.PushKind(kind), fromMillis(queued)
			return n, err
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return due, nil
}
