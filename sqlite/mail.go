package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"rehome/app"
	"rehome/storecore"
)

// queueMail adds m to the queue in the transaction tx, due at once.
func (db *DB) queueMail(ctx context.Context, tx *sql.Tx, m *app.Mail) error {
	return storecore.QueueMail(ctx, writer{db, tx}, m, db.millis())
}

func (db *DB) QueueMail(ctx context.Context, m *app.Mail) error {
	return db.inTx(ctx, func(tx *sql.Tx) error { return db.queueMail(ctx, tx, m) })
}

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

func (db *DB) NextMailDue(ctx context.Context) (time.Time, bool, error) {
	var next sql.NullInt64
	if err := db.queryRow(ctx, `SELECT min(next_try) FROM mail_queue`).Scan(&next); err != nil {
		return time.Time{}, false, err
	}
	return fromMillis(next.Int64), next.Valid, nil
}

func (db *DB) MailDone(ctx context.Context, id int64) error {
	_, err := db.exec(ctx, `DELETE FROM mail_queue WHERE id = ?`, id)
	return err
}

func (db *DB) MailFailed(ctx context.Context, courier string, id int64, retry time.Time, reason string) error {
	_, err := db.exec(ctx, `UPDATE mail_queue SET attempts = attempts + 1, next_try = ?, last_error = ?, claimed_by = NULL
		WHERE id = ? AND claimed_by = ?`, retry.UnixMilli(), reason, id, courier)
	return err
}

func (db *DB) ReleaseMail(ctx context.Context, courier string, ids []int64) error {
	list, err := json.Marshal(ids)
	if err != nil {
		return err
	}
	_, err = db.exec(ctx, `UPDATE mail_queue SET claimed_by = NULL, next_try = ?
		WHERE claimed_by = ? AND id IN (SELECT value FROM json_each(?))`, db.millis(), courier, string(list))
	return err
}
