package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// Bulk loading, for benchmark data sets: each call is one transaction that
// takes as many IDs from the table's identity sequence as it has rows and
// sends the rows, IDs included, in one COPY: a hundred thousand listings
// cost two round trips instead of a hundred thousand, under the same
// constraints and triggers as the one-by-one methods. Times given as zero
// become now.

// CreateUsers stores users that share one password hash and fills in their IDs.
func (db *DB) CreateUsers(ctx context.Context, users []app.User, passwordHash []byte) error {
	return bulk(ctx, db, "users", storecore.BulkUserColumns, len(users), func(i int, id int64, now time.Time) []any {
		users[i].ID = id
		return append([]any{id}, storecore.BulkUser(&users[i], passwordHash, now)...)
	}, nil)
}

// CreateProducts stores products, keeping their status and creation time,
// and fills in their IDs.
//
// Each listing for sale adds one to its category's count by trigger
// (categories_listed_insert): as many updates of a few rows as listings,
// each walking the chain of versions the earlier ones in its transaction
// left (none can be pruned before it ends), and the versions stay as pages
// of the categories table for good (VACUUM cuts only empty pages at a
// table's end): 40,000 listings in loads of a thousand (benchdata's) left
// it 361 pages for twenty rows, and took half as long again. So the load
// turns that trigger off for its own transaction and adds each category's
// count once. ALTER
// TABLE is transactional: the trigger is back on at commit or rollback, and
// meanwhile other writes of products wait (bulk loads are for benchmark
// data, not a live marketplace).
func (db *DB) CreateProducts(ctx context.Context, products []app.Product) error {
	listed := map[int64]int{}
	for _, p := range products {
		if p.Status == app.StatusAvailable {
			listed[p.CategoryID]++
		}
	}
	categories, counts := make([]int64, 0, len(listed)), make([]int64, 0, len(listed))
	for id, n := range listed {
		categories, counts = append(categories, id), append(counts, int64(n))
	}
	return bulk(ctx, db, "products", storecore.BulkProductColumns, len(products),
		func(i int, id int64, now time.Time) []any {
			products[i].ID = id
			return append([]any{id}, storecore.BulkProduct(&products[i], now)...)
		},
		func(ctx context.Context, tx pgx.Tx, copyRows func() error) error {
			if _, err := tx.Exec(ctx, `ALTER TABLE products DISABLE TRIGGER categories_listed_insert`); err != nil {
				return err
			}
			if err := copyRows(); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `
				UPDATE categories c SET listed = c.listed + n.added
				FROM unnest($1::bigint[], $2::bigint[]) AS n (id, added) WHERE c.id = n.id`, categories, counts); err != nil {
				return err
			}
			// ALTER TABLE refuses a table with trigger events still to fire:
			// the rows' deferred notes of a catalogue change fire now, just
			// before the commit they would have waited for.
			if _, err := tx.Exec(ctx, `SET CONSTRAINTS ALL IMMEDIATE`); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `ALTER TABLE products ENABLE TRIGGER categories_listed_insert`)
			return err
		})
}

// CreateBookings stores bookings as given (status included) and fills in
// their IDs.
func (db *DB) CreateBookings(ctx context.Context, bookings []app.Booking) error {
	return bulk(ctx, db, "bookings", storecore.BulkBookingColumns, len(bookings), func(i int, id int64, now time.Time) []any {
		bookings[i].ID = id
		return append([]any{id}, storecore.BulkBooking(&bookings[i], now)...)
	}, nil)
}

// bulk copies n rows into table's id and columns in one transaction; row
// gives row i, given its new ID, id first. around, when given,
// runs the copy (copyRows) with what must come before and after it. fn may
// run again (inTx), so row assigns, never appends.
func bulk(ctx context.Context, db *DB, table string, columns []string, n int, row func(i int, id int64, now time.Time) []any,
	around func(ctx context.Context, tx pgx.Tx, copyRows func() error) error) error {
	if n == 0 {
		return nil
	}
	columns = append([]string{"id"}, columns...)
	now := db.now()
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		// A hundred thousand rows through the search triggers can take
		// longer than a request's statement may.
		if err := unboundedTx(ctx, tx); err != nil {
			return err
		}
		copyRows := func() error {
			rows, err := tx.Query(ctx, `SELECT nextval(pg_get_serial_sequence($1, 'id')) FROM generate_series(1, $2)`, table, n)
			if err != nil {
				return err
			}
			ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
			if err != nil {
				return err
			}
			_, err = tx.CopyFrom(ctx, pgx.Identifier{table}, columns, pgx.CopyFromSlice(n, func(i int) ([]any, error) {
				return row(i, ids[i], now), nil
			}))
			return err
		}
		if around == nil {
			return copyRows()
		}
		return around(ctx, tx, copyRows)
	})
	return storecore.BulkRefused(dialect, err)
}
