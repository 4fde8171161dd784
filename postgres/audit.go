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
