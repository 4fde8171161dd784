package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// A category's marks (cache.CategoryPages): its count of listings for sale,
// kept by trigger (categories.listed), and every stride-th key, numbered
// in one walk of products_by_category alone (an index-only scan: id is one
// of its columns), read in one snapshot.
const (
	categoryCountQuery = `SELECT coalesce((SELECT listed FROM categories WHERE id = ?), 0)`
	categoryMarksQuery = `SELECT created, id FROM (
		SELECT created, id, row_number() OVER (ORDER BY created DESC, id DESC) AS n
		FROM products WHERE category_id = ? AND status = 'Available') numbered
		WHERE (n - 1) % ? = 0 ORDER BY n`
)

func (db *DB) CategoryMarks(ctx context.Context, category int64, stride int) (total int, keys []app.PageKey, err error) {
	err = db.readTx(ctx, func(tx pgx.Tx) error {
		total, keys, err = storecore.ReadMarks(ctx, core{tx}, categoryCountQuery, []any{category},
			categoryMarksQuery, []any{category, stride}, stride)
		return err
	})
	return total, keys, err
}
