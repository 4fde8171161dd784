package sqlite

import (
	"context"
	"database/sql"
	"time"
)

// Counts is how much the marketplace holds.
type Counts struct {
	Users, Products, Bookings, Categories, Sessions int64
}

// Count reads every count in one snapshot. Each is a scan of an index: a
// few milliseconds at a hundred thousand listings, fine for a scrape every
// few seconds, not for a page view.
func (db *DB) Count(ctx context.Context) (Counts, error) {
	var c Counts
	err := db.read.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM users), (SELECT count(*) FROM products), (SELECT count(*) FROM bookings),
		(SELECT count(*) FROM categories), (SELECT count(*) FROM sessions WHERE expiry > ?)`, db.millis(),
	).Scan(&c.Users, &c.Products, &c.Bookings, &c.Categories, &c.Sessions)
	return c, err
}

// Pools are the connection pools, for their statistics: the single writer
// and the readers.
func (db *DB) Pools() (write, read *sql.DB) { return db.write, db.read }

// ObserveWriteWaits has f told, for every write, how long it queued for the
// one writer connection. Call it before the store is used.
func (db *DB) ObserveWriteWaits(f func(time.Duration)) { db.writeWaited = f }
