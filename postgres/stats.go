package postgres

import "context"

// Counts is how much the marketplace holds.
type Counts struct {
	Users, Products, Bookings, Categories, Sessions int64
}

// Count reads every count in one statement, so one snapshot. Each is a
// scan of a table or an index: fine for a scrape every few seconds, not
// for a page view.
func (db *DB) Count(ctx context.Context) (Counts, error) {
	var c Counts
	err := db.pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM users), (SELECT count(*) FROM products), (SELECT count(*) FROM bookings),
		(SELECT count(*) FROM categories), (SELECT count(*) FROM sessions WHERE expiry > $1)`, db.millis(),
	).Scan(&c.Users, &c.Products, &c.Bookings, &c.Categories, &c.Sessions)
	return c, err
}
