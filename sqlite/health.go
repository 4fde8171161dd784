package sqlite

import (
	"context"
	"fmt"
)

// Ping reads from the database through the readers' pool, as a page view
// would, and fails when the file cannot be read.
func (db *DB) Ping(ctx context.Context) error {
	var n int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM users LIMIT 1)`).Scan(&n); err != nil {
		return fmt.Errorf("the database does not answer: %w", err)
	}
	return nil
}
