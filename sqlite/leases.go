package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// HoldLease takes or renews a lease in one statement: the row is written
// only when it is missing, holder's own, or ended.
func (db *DB) HoldLease(ctx context.Context, name, holder string, now time.Time, lease time.Duration) (bool, error) {
	var got string
	err := db.writeRow(ctx, `
		INSERT INTO leases (name, holder, expires) VALUES (?1, ?2, ?3)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires = excluded.expires
		WHERE leases.holder = excluded.holder OR leases.expires <= ?4
		RETURNING holder`, []any{name, holder, now.Add(lease).UnixMilli(), now.UnixMilli()}, &got)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func (db *DB) ReleaseLease(ctx context.Context, name, holder string) error {
	_, err := db.exec(ctx, `DELETE FROM leases WHERE name = ? AND holder = ?`, name, holder)
	return err
}
