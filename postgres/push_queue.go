package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// QueuePush inserts each note only for an account that is there, has a
// browser subscribed and left the note's kind on: most people have no
// browser subscribed, and their events cost no queued note, and an
// account deleted since its event fails no other note's insert. A
// subscription or preference changing meanwhile is the sender's to see:
// it reads both again as it delivers. The foreign key's check locks the
// account's row (FOR KEY SHARE): a deletion racing the insert either
// committed first (the note is not queued, or, if it committed in the
// instant between the insert's read and its check, the insert is refused
// as a conflict) or waits for the insert to commit and takes the note with
// it (ON DELETE CASCADE).
func (db *DB) QueuePush(ctx context.Context, notes []app.QueuedPush) error {
	if len(notes) == 0 {
		return nil
	}
	return db.inTx(ctx, func(tx pgx.Tx) error {
		for _, n := range notes {
			queued := n.Queued.UnixMilli()
			_, err := tx.Exec(ctx, `
				INSERT INTO push_queue (user_id, kind, title, body, path, tag, queued, next_try)
				SELECT id, $1, $2, $3, $4, $5, $6, $6 FROM users u WHERE id = $7
					AND EXISTS (SELECT 1 FROM push_subscriptions p JOIN sessions s ON s.id = p.session_id AND s.expiry > $8
						WHERE p.user_id = u.id)
					AND NOT EXISTS (SELECT 1 FROM push_kinds_off k WHERE k.user_id = u.id AND k.kind = $1)`,
				string(n.Kind), n.Title, n.Body, n.Path, n.Tag, queued, n.UserID, db.millis())
			if err != nil {
				return referenceGone(err)
			}
		}
		return nil
	})
}

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

func (db *DB) PushDone(ctx context.Context, id int64) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM push_queue WHERE id = $1`, id)
		return err
	})
}

// ReleasePush is one conditional UPDATE: its WHERE, checked again once the
// row lock is granted, leaves alone a note holder no longer holds.
func (db *DB) ReleasePush(ctx context.Context, holder string, ids []int64) error {
	if ids == nil {
		ids = []int64{}
	}
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE push_queue SET claimed_by = NULL, next_try = $1 WHERE claimed_by = $2 AND id = ANY($3)`,
			db.millis(), holder, ids)
		return err
	})
}
