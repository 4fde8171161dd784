package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// record writes e to the audit log in tx, the transaction of the change it
// tells of, and fills in its ID and time. A nil entry records nothing.
func (db *DB) record(ctx context.Context, tx pgx.Tx, e *app.AuditEntry) error {
	return storecore.Record(ctx, dialect, core{tx}, e, db.millis())
}

// The audit log, newest first: ids are given in the order entries are
// written, and the primary key's index reads them backwards.
const (
	auditCount = `SELECT count(*) FROM audit_log`
	auditPage  = `
		SELECT id, created, actor_id, actor_name, actor_email, action, target_type, target_id, target
		FROM audit_log ORDER BY id DESC LIMIT $1 OFFSET $2`
)

func scanAuditEntry(row storecore.Row) (app.AuditEntry, error) {
	var e app.AuditEntry
	var created int64
	var action string
	err := row.Scan(&e.ID, &created, &e.ActorID, &e.ActorName, &e.ActorEmail, &action, &e.TargetType, &e.TargetID, &e.Target)
	e.Time = fromMillis(created)
	e.Action = app.AuditAction(action)
	return e, err
}

func (db *DB) AuditLog(ctx context.Context, page app.Page) (app.List[app.AuditEntry], error) {
	return readList(ctx, db, page, auditCount, auditPage, nil, scanAuditEntry)
}
