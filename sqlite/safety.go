package sqlite

import (
	"context"
	"math"

	"rehome/storecore"
)

// suspendedQuery reads users_suspended: only the accounts ever suspended
// are in it.
const suspendedQuery = `SELECT id, suspended_until FROM users WHERE suspended_until > ?`

// SuspendedUsers are kept until a write changes the catalogue (any change
// to users does) or the first of the suspensions ends, so a list asked for
// reads them once between writes.
func (db *DB) SuspendedUsers(ctx context.Context) ([]int64, error) {
	version, now := db.CatalogueVersion(), db.millis()
	if ids, ok := db.suspended.Get(version, now); ok {
		return ids, nil
	}
	rows, err := db.query(ctx, suspendedQuery, now)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ids, first := []int64{}, int64(math.MaxInt64)
	for rows.Next() {
		var id, until int64
		if err := rows.Scan(&id, &until); err != nil {
			return nil, err
		}
		ids, first = append(ids, id), min(first, until)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	db.suspended.Put(version, first, ids)
	return ids, nil
}

// BlockedBy is read for every list a signed-in person asks for, so it
// calls the reader itself: through storecore's Querier the argument's
// array would escape to the heap, one allocation more a list
// (BenchmarkHiddenSellers).
func (db *DB) BlockedBy(ctx context.Context, blocker int64) ([]int64, error) {
	return scanIDs(db.query(ctx, storecore.BlockedByQuery, blocker))
}
