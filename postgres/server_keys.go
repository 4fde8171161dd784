package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func (db *DB) ServerKey(ctx context.Context, name string) ([]byte, error) {
	var key []byte
	err := db.pool.QueryRow(ctx, `SELECT key FROM server_keys WHERE name = $1`, name).Scan(&key)
	return key, notFound(err, "Server key")
}

// KeepServerKey inserts fresh unless a key of that name is kept: as
// KeepVAPIDKeys, an insert racing another waits on the primary key until
// the other commits and then does nothing, and the read after it sees the
// key that was kept.
func (db *DB) KeepServerKey(ctx context.Context, name string, fresh []byte) ([]byte, error) {
	var kept []byte
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO server_keys (name, key, created) VALUES ($1, $2, $3)
			ON CONFLICT (name) DO NOTHING`, name, fresh, db.millis())
		if err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT key FROM server_keys WHERE name = $1`, name).Scan(&kept)
	})
	return kept, err
}
