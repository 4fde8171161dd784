package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
	"rehome/storecore"
)

// The audit log, newest first: its rowid is its order.
const (
	auditCount = `SELECT count(*) FROM audit_log`
	auditPage  = `
		SELECT id, created, actor_id, actor_name, actor_email, action, target_type, target_id, target
		FROM audit_log ORDER BY id DESC LIMIT ? + 0 OFFSET ? + 0`
)

// record writes e, when given, in the action's transaction tx.
func (db *DB) record(ctx context.Context, tx *sql.Tx, e *app.AuditEntry) error {
	return storecore.Record(ctx, dialect, writer{db, tx}, e, db.millis())
}

func scanAuditEntry(row row) (app.AuditEntry, error) {
	var e app.AuditEntry
	var created int64
	var actorID sql.NullInt64
	err := row.Scan(&e.ID, &created, &actorID, &e.ActorName, &e.ActorEmail, &e.Action, &e.TargetType, &e.TargetID, &e.Target)
	e.Time = fromMillis(created)
	if actorID.Valid {
		e.ActorID = &actorID.Int64
	}
	return e, err
}

func (db *DB) AuditLog(ctx context.Context, page app.Page) (app.List[app.AuditEntry], error) {
	return readList(ctx, db, page, auditCount, auditPage, nil, scanAuditEntry)
}
