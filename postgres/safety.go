package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// suspendedQuery reads users_suspended: only the accounts ever suspended
// are in it.
const suspendedQuery = `SELECT id FROM users WHERE suspended_until > $1`

// SuspendedUsers reads them afresh: the catalogue's version, which would
// say when they changed, is itself a read of the database here.
func (db *DB) SuspendedUsers(ctx context.Context) ([]int64, error) {
	rows, err := db.pool.Query(ctx, suspendedQuery, db.millis())
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}
