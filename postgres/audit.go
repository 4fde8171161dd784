package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// record writes e to the audit log in tx, the transaction of the change it
// tells of, and fills in its ID and time. A nil entry records nothing.
func (db *DB) record(ctx context.Context, tx pgx.Tx, e *app.AuditEntry) error {
	if e == nil {
		return nil
	}
	created := db.millis()
	err := tx.QueryRow(ctx, `
		INSERT INTO audit_log (created, actor_id, actor_name, actor_email, action, target_type, target_id, target)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
		created, e.ActorID, e.ActorName, e.ActorEmail, string(e.Action), e.TargetType, e.TargetID, e.Target).Scan(&e.ID)
	e.Time = fromMillis(created)
	return referenceGone(err)
}

// The audit log, newest first: ids are given in the order entries are
// written, and the primary key's index reads them backwards.
const (
	auditCount = `SELECT count(*) FROM audit_log`
	auditPage  = `
		SELECT id, created, actor_id, actor_name, actor_email, action, target_type, target_id, target
		FROM audit_log ORDER BY id DESC LIMIT $1 OFFSET $2`
)

func scanAuditEntry(row pgx.Row) (app.AuditEntry, error) {
	var e app.AuditEntry
	var created int64
	var action string
	err := row.Scan(&e.ID, &created, &e.ActorID, &e.ActorName, &e.ActorEmail, &action, &e.TargetType, &e.TargetID, &e.Target)
	e.Time = fromMillis(created)
	e.Action = app.AuditAction(action)
	return e, err
}

func (db *DB) AuditLog(ctx context.Context, page app.Page) (app.List[app.AuditEntry], error) {
	return listPage(ctx, db, page, auditCount, auditPage, scanAuditEntry)
}

// listPage reads a page of a list and how long the whole list is, from one
// snapshot, so that the two agree however many write meanwhile. countQuery
// takes no arguments; pageQuery takes the page's limit and offset as $1
// and $2.
func listPage[T any](ctx context.Context, db *DB, page app.Page, countQuery, pageQuery string,
	scan func(pgx.Row) (T, error)) (app.List[T], error) {
	var list app.List[T]
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		list = app.List[T]{Items: []T{}}
		if err := tx.QueryRow(ctx, countQuery).Scan(&list.Total); err != nil {
			return err
		}
		if page.Offset >= list.Total {
			return nil
		}
		rows, err := tx.Query(ctx, pageQuery, page.Limit, page.Offset)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			item, err := scan(rows)
			if err != nil {
				return err
			}
			list.Items = append(list.Items, item)
		}
		return rows.Err()
	})
	return list, err
}
