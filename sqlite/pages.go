package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
	"rehome/storecore"
)

// Every stride-th key of a category page (cache.CategoryPages): from each
// key, a seek to the next one stride entries further in
// products_by_category. (A window function numbering every row took nine
// times as long.)
const categoryMarksQuery = `WITH RECURSIVE marks(id) AS (
		SELECT (SELECT id FROM products WHERE category_id = ?1 AND status = 'Available'
		        ORDER BY created DESC, id DESC LIMIT 1)
		UNION ALL
		SELECT (SELECT p.id FROM products p, products m
		        WHERE m.id = marks.id AND p.category_id = ?1 AND p.status = 'Available'
		          AND p.created <= m.created AND (p.created < m.created OR p.id < m.id)
		        ORDER BY p.created DESC, p.id DESC LIMIT 1 OFFSET ?2 - 1)
		FROM marks WHERE marks.id IS NOT NULL)
		SELECT p.created, p.id FROM marks CROSS JOIN products p ON p.id = marks.id`

func (db *DB) CategoryMarks(ctx context.Context, category int64, stride int) (total int, keys []app.PageKey, err error) {
	err = db.readTx(ctx, func(tx *sql.Tx) error {
		total, keys, err = storecore.ReadMarks(ctx, readerTx{db, tx}, storecore.CategoryCountQuery, []any{category},
			categoryMarksQuery, []any{category, stride}, stride)
		return err
	})
	return total, keys, err
}
