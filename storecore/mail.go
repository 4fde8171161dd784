package storecore

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
)

// The mail queue, but its claims, which each database makes its own way
// (ClaimDueMail: SQLite's one writer, PostgreSQL's SKIP LOCKED). Each
// write is one statement; MailFailed's condition, checked again under
// PostgreSQL once the row lock is granted, leaves alone a mail the courier
// no longer holds, and ReleaseMail's (releaseClaims) likewise.

func (s *Store) QueueMail(ctx context.Context, m *app.Mail) error {
	return s.inTx(ctx, func(tx Querier) error { return QueueMail(ctx, tx, m, s.now()) })
}

func (s *Store) NextMailDue(ctx context.Context) (time.Time, bool, error) {
	var next sql.NullInt64
	if err := s.read.QueryRow(ctx, `SELECT min(next_try) FROM mail_queue`).Scan(&next); err != nil {
		return time.Time{}, false, err
	}
	return FromMillis(next.Int64), next.Valid, nil
}

func (s *Store) MailDone(ctx context.Context, id int64) error {
	return s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `DELETE FROM mail_queue WHERE id = ?`, id)
		return err
	})
}

func (s *Store) MailFailed(ctx context.Context, courier string, id int64, retry time.Time, reason string) error {
	return s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `UPDATE mail_queue SET attempts = attempts + 1, next_try = ?, last_error = ?, claimed_by = NULL
			WHERE id = ? AND claimed_by = ?`, retry.UnixMilli(), reason, id, courier)
		return err
	})
}

func (s *Store) ReleaseMail(ctx context.Context, courier string, ids []int64) error {
	return s.releaseClaims(ctx, "mail_queue", courier, ids)
}

// releaseClaims makes the rows ids of a queue (table, never input) due at
// once, those holder still holds: one conditional UPDATE, whose WHERE,
// checked again under PostgreSQL once the row lock is granted, leaves
// alone a row holder no longer holds.
func (s *Store) releaseClaims(ctx context.Context, table, holder string, ids []int64) error {
	if ids == nil {
		ids = []int64{}
	}
	list, err := s.d.IDs(ids)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `UPDATE `+table+` SET claimed_by = NULL, next_try = ?
			WHERE claimed_by = ? AND id`+s.d.InIDs, s.now(), holder, list)
		return err
	})
}
