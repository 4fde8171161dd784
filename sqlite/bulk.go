package sqlite

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"rehome/app"
	"rehome/storecore"
)

// Bulk loading, for benchmark data sets: each call is one transaction with
// one prepared statement, so a thousand rows cost a thousand steps of the
// statement and one commit. The rows are storecore's (bulk.go).

// CreateUsers stores users that share one password hash and fills in their IDs.
func (db *DB) CreateUsers(ctx context.Context, users []app.User, passwordHash []byte) error {
	return bulk(ctx, db, "users", storecore.BulkUserColumns, len(users), func(i int, now time.Time) ([]any, *int64) {
		return storecore.BulkUser(&users[i], passwordHash, now), &users[i].ID
	})
}

// CreateProducts stores products, keeping their status and creation time,
// and fills in their IDs.
func (db *DB) CreateProducts(ctx context.Context, products []app.Product) error {
	return bulk(ctx, db, "products", storecore.BulkProductColumns, len(products), func(i int, now time.Time) ([]any, *int64) {
		return storecore.BulkProduct(&products[i], now), &products[i].ID
	})
}

// CreateBookings stores bookings as given (status included) and fills in
// their IDs.
func (db *DB) CreateBookings(ctx context.Context, bookings []app.Booking) error {
	return bulk(ctx, db, "bookings", storecore.BulkBookingColumns, len(bookings), func(i int, now time.Time) ([]any, *int64) {
		return storecore.BulkBooking(&bookings[i], now), &bookings[i].ID
	})
}

// bulk inserts n rows into table's columns in one transaction; row gives
// the values of row i and where its new ID goes.
func bulk(ctx context.Context, db *DB, table string, columns []string, n int, row func(i int, now time.Time) ([]any, *int64)) error {
	query := `INSERT INTO ` + table + ` (` + strings.Join(columns, ", ") + `)
		VALUES (?` + strings.Repeat(", ?", len(columns)-1) + `) RETURNING id`
	now := db.now()
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		// A large data set's indexes outgrow SQLite's default 2 MB page
		// cache, and then every insert at a random place in an index reads
		// its page again: a million listings took over a minute. The writer
		// keeps the bigger cache; a server never loads in bulk.
		if _, err := tx.ExecContext(ctx, "PRAGMA cache_size = -65536"); err != nil {
			return err
		}
		stmt, err := db.txStmt(ctx, tx, query)
		if err != nil {
			return err
		}
		for i := range n {
			args, id := row(i, now)
			if err := stmt.QueryRowContext(ctx, args...).Scan(id); err != nil {
				return err
			}
		}
		return nil
	})
	return storecore.BulkRefused(dialect, err)
}
