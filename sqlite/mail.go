package sqlite

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
)

// queueMail adds m to the queue in the transaction tx, due at once.
func (db *DB) queueMail(ctx context.Context, tx *sql.Tx, m *app.Mail) error {
	if m == nil {
		return nil
	}
	now := db.millis()
	_, err := db.txExec(ctx, tx, `
		INSERT INTO mail_queue (recipient, subject, text_body, html_body, queued, next_try)
		VALUES (?, ?, ?, ?, ?, ?)`, m.To, m.Subject, m.Text, m.HTML, now, now)
	return err
}

func (db *DB) QueueMail(ctx context.Context, m *app.Mail) error {
	return db.inTx(ctx, func(tx *sql.Tx) error { return db.queueMail(ctx, tx, m) })
}

func (db *DB) DueMail(ctx context.Context, now time.Time, limit int) ([]app.QueuedMail, error) {
	rows, err := db.query(ctx, `
		SELECT id, recipient, subject, text_body, html_body, queued, attempts
		FROM mail_queue WHERE next_try <= ? ORDER BY next_try, id LIMIT ? + 0`, now.UnixMilli(), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var due []app.QueuedMail
	for rows.Next() {
		var m app.QueuedMail
		var queued int64
		if err := rows.Scan(&m.ID, &m.To, &m.Subject, &m.Text, &m.HTML, &queued, &m.Attempts); err != nil {
			return nil, err
		}
		m.Queued = fromMillis(queued)
		due = append(due, m)
	}
	return due, rows.Err()
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

func (db *DB) MailFailed(ctx context.Context, id int64, retry time.Time, reason string) error {
	_, err := db.exec(ctx, `UPDATE mail_queue SET attempts = attempts + 1, next_try = ?, last_error = ? WHERE id = ?`,
		retry.UnixMilli(), reason, id)
	return err
}
