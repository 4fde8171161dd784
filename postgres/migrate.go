package postgres

import (
	"context"
	"fmt"
	"strconv"

	"rehome/storecore"
)

// migrationLock is the advisory lock that instances starting together take
// in turn: the first applies the migrations, the others find nothing left.
const migrationLock = 7_301_946_224_001

// migrate applies the numbered files in migrations/ above the database's
// version, each in a transaction of its own with its version, under the
// advisory lock, so that two instances starting at once migrate once.
func (db *DB) migrate(ctx context.Context) error {
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	// Another instance's migrations are waited for, and a migration may
	// rewrite a large table: neither is a request's statement.
	restore, err := unbounded(ctx, conn)
	if err != nil {
		return err
	}
	defer restore()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLock)
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	var version int
	if err := conn.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&version); err != nil {
		return err
	}
	above, err := storecore.MigrationsAbove(migrations, version)
	if err != nil {
		return err
	}
	for _, m := range above {
		tx, err := conn.Begin(ctx)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, m.Body); err != nil {
			tx.Rollback(ctx)
			return fmt.Errorf("%s: %w", m.Name, err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM schema_version; INSERT INTO schema_version VALUES (`+strconv.Itoa(m.Number)+`)`); err != nil {
			tx.Rollback(ctx)
			return err
		}
		if err := tx.Commit(ctx); err != nil {
			return err
		}
	}
	return nil
}
