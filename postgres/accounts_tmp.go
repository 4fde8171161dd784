package postgres

// Copies of helpers another file of this package owns, ported from sqlite
// with the same names and signatures, so that the accounts compile and
// are tested before that file is: reportsBy and refreshReport
// (reports.go). This file goes once it is in.

import (
	"context"

	"github.com/jackc/pgx/v5"
)

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
