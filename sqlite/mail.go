package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"rehome/app"
)

// ClaimDueMail reads the due mail and claims it in one write transaction:
// SQLite's single writer lets no other claim in between.
func (db *DB) ClaimDueMail(ctx context.Context, courier string, now time.Time, lease time.Duration, limit int) ([]app.QueuedMail, error) {
	var due []app.QueuedMail
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		due = nil
		rows, err := db.txQuery(ctx, tx, `
			SELECT id, recipient, subject, text_body, html_body, queued, attempts
			FROM mail_queue WHERE next_try <= ? ORDER BY next_try, id LIMIT ? + 0`, now.UnixMilli(), limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		ids := []int64{}
		for rows.Next() {
			var m app.QueuedMail
			var queued int64
			if err := rows.Scan(&m.ID, &m.To, &m.Subject, &m.Text, &m.HTML, &queued, &m.Attempts); err != nil {
				return err
			}
			m.Queued = fromMillis(queued)
			due = append(due, m)
			ids = append(ids, m.ID)
		}
		if err := rows.Err(); err != nil || len(ids) == 0 {
			return err
		}
		list, err := json.Marshal(ids)
		if err != nil {
			return err
		}
		_, err = db.txExec(ctx, tx, `UPDATE mail_queue SET claimed_by = ?, next_try = ?
			WHERE id IN (SELECT value FROM json_each(?))`, courier, now.Add(lease).UnixMilli(), string(list))
		return err
	})
	if err != nil {
		return nil, err
	}
	return due, nil
}
