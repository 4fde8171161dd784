package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"rehome/app"
	"rehome/storecore"
)

// QueuePush queues storecore's way the notes of people with a browser
// subscribed, found with a read first, so that the events of the others
// (most people) do not take the one writer that every write of the
// marketplace waits for.
func (db *DB) QueuePush(ctx context.Context, notes []app.QueuedPush) error {
	notes, err := db.subscribedOnly(ctx, notes)
	if err != nil {
		return err
	}
	return db.Store.QueuePush(ctx, notes)
}

// subscribedOnly keeps the notes of people with a browser subscribed.
func (db *DB) subscribedOnly(ctx context.Context, notes []app.QueuedPush) ([]app.QueuedPush, error) {
	if len(notes) == 0 {
		return nil, nil
	}
	ids := make([]int64, len(notes))
	for i, n := range notes {
		ids[i] = n.UserID
	}
	list, _ := json.Marshal(ids) // numbers always marshal
	rows, err := db.query(ctx, `SELECT DISTINCT p.user_id FROM `+storecore.LivePushSubscriptions+`
		WHERE p.user_id IN (SELECT value FROM json_each(?))`, db.millis(), string(list))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	subscribed := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		subscribed[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var kept []app.QueuedPush
	for _, n := range notes {
		if subscribed[n.UserID] {
			kept = append(kept, n)
		}
	}
	return kept, nil
}

// ClaimDuePush reads the due notes and claims them in one write
// transaction: SQLite's single writer lets no other claim in between.
func (db *DB) ClaimDuePush(ctx context.Context, holder string, now time.Time, lease time.Duration, limit int) ([]app.QueuedPush, error) {
	var due []app.QueuedPush
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		due = nil
		rows, err := db.txQuery(ctx, tx, `
			SELECT id, user_id, kind, title, body, path, tag, queued
			FROM push_queue WHERE next_try <= ? ORDER BY next_try, id LIMIT ? + 0`, now.UnixMilli(), limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		ids := []int64{}
		for rows.Next() {
			var n app.QueuedPush
			var queued int64
			if err := rows.Scan(&n.ID, &n.UserID, &n.Kind, &n.Title, &n.Body, &n.Path, &n.Tag, &queued); err != nil {
				return err
			}
			n.Queued = fromMillis(queued)
			due = append(due, n)
			ids = append(ids, n.ID)
		}
		if err := rows.Err(); err != nil || len(ids) == 0 {
			return err
		}
		list, err := json.Marshal(ids)
		if err != nil {
			return err
		}
		_, err = db.txExec(ctx, tx, `UPDATE push_queue SET claimed_by = ?, next_try = ?
			WHERE id IN (SELECT value FROM json_each(?))`, holder, now.Add(lease).UnixMilli(), string(list))
		return err
	})
	if err != nil {
		return nil, err
	}
	return due, nil
}
