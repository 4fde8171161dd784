package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// HoldLease takes or renews a lease in one statement: the row is written
// only when it is missing, holder's own, or ended. Of holders asking at
// once, INSERT ... ON CONFLICT makes each wait for the row lock of the one
// before, and then checks its WHERE against the row as that one left it:
// once one took the lease, it is neither ended nor the others'.
func (db *DB) HoldLease(ctx context.Context, name, holder string, now time.Time, lease time.Duration) (bool, error) {
	held := false
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		var got string
		err := tx.QueryRow(ctx, `
			INSERT INTO leases (name, holder, expires) VALUES ($1, $2, $3)
			ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires = excluded.expires
			WHERE leases.holder = excluded.holder OR leases.expires <= $4
			RETURNING holder`, name, holder, now.Add(lease).UnixMilli(), now.UnixMilli()).Scan(&got)
		held = err == nil
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	})
	return held && err == nil, err
}

func (db *DB) ReleaseLease(ctx context.Context, name, holder string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM leases WHERE name = $1 AND holder = $2`, name, holder)
		return err
	})
}
