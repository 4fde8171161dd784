package postgres

// Copies of helpers other files of this package own, ported from sqlite
// with the same names and signatures, so that the accounts compile and
// are tested before those files are: queueMail (mail.go), reportsBy and
// refreshReport (reports.go). This file goes once they are in.

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// queueMail queues m in tx, the transaction of the change it tells of; a
// nil mail queues nothing.
func (db *DB) queueMail(ctx context.Context, tx pgx.Tx, m *app.Mail) error {
	if m == nil {
		return nil
	}
	now := db.millis()
	_, err := tx.Exec(ctx, `
		INSERT INTO mail_queue (recipient, subject, text_body, html_body, queued, next_try)
		VALUES ($1, $2, $3, $4, $5, $6)`, m.To, m.Subject, m.Text, m.HTML, now, now)
	return err
}

// reportsBy lists the reports a user took part in.
func (db *DB) reportsBy(ctx context.Context, tx pgx.Tx, userID int64) ([]int64, error) {
	rows, err := tx.Query(ctx, `SELECT report_id FROM reporters WHERE user_id = $1`, userID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// refreshReport brings a report in line with the reporters it has left: it
// goes when nobody stands behind it, and otherwise shows the latest reason
// still given.
func (db *DB) refreshReport(ctx context.Context, tx pgx.Tx, reportID int64) error {
	_, err := tx.Exec(ctx, `DELETE FROM reports WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM reporters WHERE report_id = $1)`, reportID)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `
		UPDATE reports SET latest_reason = coalesce(
			(SELECT reason FROM reporters WHERE report_id = $1 AND reason <> '' ORDER BY created DESC LIMIT 1), '')
		WHERE id = $1`, reportID)
	return err
}
