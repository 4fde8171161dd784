package storecore

import (
	"context"

	"rehome/app"
)

// The push queue, but its claims, which each database makes its own way
// (ClaimDuePush: SQLite's one writer, PostgreSQL's SKIP LOCKED).

// QueuePush inserts each note only for an account that is there, has a
// browser subscribed and left the note's kind on: most people have no
// browser subscribed, and their events cost no queued note, and an
// account deleted since its event fails no other note's insert. A
// subscription or preference changing meanwhile is the sender's to see:
// it reads both again as it delivers. Under PostgreSQL the foreign key's
// check locks the account's row (FOR KEY SHARE): a deletion racing the
// insert either committed first (the note is not queued, or, if it
// committed in the instant between the insert's read and its check, the
// insert is refused as a conflict) or waits for the insert to commit and
// takes the note with it (ON DELETE CASCADE).
func (s *Store) QueuePush(ctx context.Context, notes []app.QueuedPush) error {
	if len(notes) == 0 {
		return nil
	}
	return s.inTx(ctx, func(tx Querier) error {
		for _, n := range notes {
			queued := n.Queued.UnixMilli()
			_, err := tx.Exec(ctx, `
				INSERT INTO push_queue (user_id, kind, title, body, path, tag, queued, next_try)
				SELECT id, ?1, ?2, ?3, ?4, ?5, ?6, ?6 FROM users u WHERE id = ?7
					AND EXISTS (SELECT 1 FROM push_subscriptions p JOIN sessions s ON s.id = p.session_id AND s.expiry > ?8
						WHERE p.user_id = u.id)
					AND NOT EXISTS (SELECT 1 FROM push_kinds_off k WHERE k.user_id = u.id AND k.kind = ?1)`,
				string(n.Kind), n.Title, n.Body, n.Path, n.Tag, queued, n.UserID, s.now())
			if err != nil {
				return s.d.ReferenceGone(err)
			}
		}
		return nil
	})
}

func (s *Store) PushDone(ctx context.Context, id int64) error {
	return s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `DELETE FROM push_queue WHERE id = ?`, id)
		return err
	})
}

// ReleasePush is one conditional UPDATE, as ReleaseMail is.
func (s *Store) ReleasePush(ctx context.Context, holder string, ids []int64) error {
	return s.releaseClaims(ctx, "push_queue", holder, ids)
}
