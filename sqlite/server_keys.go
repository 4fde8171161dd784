package sqlite

import (
	"context"
	"database/sql"
)

func (db *DB) ServerKey(ctx context.Context, name string) ([]byte, error) {
	var key []byte
	err := db.queryRow(ctx, `SELECT key FROM server_keys WHERE name = ?`, name).Scan(&key)
	return key, notFound(err, "Server key")
}

func (db *DB) KeepServerKey(ctx context.Context, name string, fresh []byte) ([]byte, error) {
	var kept []byte
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		_, err := db.txExec(ctx, tx, `INSERT INTO server_keys (name, key, created) VALUES (?, ?, ?)
			ON CONFLICT (name) DO NOTHING`, name, fresh, db.millis())
		if err != nil {
			return err
		}
		return db.txRow(ctx, tx, `SELECT key FROM server_keys WHERE name = ?`, name).Scan(&kept)
	})
	return kept, err
}
