package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// ClaimDueMail claims the due mail in one statement, whichever instance
// asks: SELECT ... FOR UPDATE SKIP LOCKED takes a row lock on each mail it
// claims and passes over the mails other couriers are claiming at that
// moment, and the UPDATE moves each claimed mail's next try to the end of
// the lease. A mail another courier claimed and committed since this
// statement began is locked, then checked again by READ COMMITTED against
// its new next try, no longer due, and left out. So no two couriers hold a
// mail at once, and none waits for another.
func (db *DB) ClaimDueMail(ctx context.Context, courier string, now time.Time, lease time.Duration, limit int) ([]app.QueuedMail, error) {
	var due []app.QueuedMail
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			WITH due AS MATERIALIZED (
				SELECT id, next_try FROM mail_queue WHERE next_try <= $1
				ORDER BY next_try, id LIMIT $2 FOR UPDATE SKIP LOCKED
			), claimed AS (
				UPDATE mail_queue m SET claimed_by = $3, next_try = $4 FROM due WHERE m.id = due.id
				RETURNING m.id, m.recipient, m.subject, m.text_body, m.html_body, m.queued, m.attempts, due.next_try AS was_due
			)
			SELECT id, recipient, subject, text_body, html_body, queued, attempts FROM claimed ORDER BY was_due, id`,
			now.UnixMilli(), limit, courier, now.Add(lease).UnixMilli())
		if err != nil {
			return err
		}
		due, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (app.QueuedMail, error) {
			var m app.QueuedMail
			var queued int64
			err := row.Scan(&m.ID, &m.To, &m.Subject, &m.Text, &m.HTML, &queued, &m.Attempts)
			m.Queued = fromMillis(queued)
			return m, err
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return due, nil
}
