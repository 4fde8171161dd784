package sqlite

import (
	"context"
	"database/sql"
	"math"

	"rehome/app"
	"rehome/cache"
)

// A category page at offset N used to count the category's products and
// then walk past N of them with their rows: 16 ms of CPU at offset 4800.
// Instead, cache.CategoryPages keeps for each category how many products it has
// for sale and the sort key of every pageStride-th one. A page then starts
// with a seek in products_by_category to the nearest key before it, a walk
// of fewer than pageStride entries of that index alone to the page's first
// key, and a seek there for the page: the same work at any offset. The keys
// are read on first use, and again after a write changes the category's
// listings (0.6 ms for 5,000 products); they take 16 bytes per pageStride
// products. Budget: a category page's CPU independent of its offset
// (docs/benchmarks.md).
const pageStride = 64

// The queries behind the marks; see TestListQueriesUseIndexes.
const (
	categoryCountQuery = `SELECT count(*) FROM products WHERE category_id = ? AND status = 'Available'`
	// Every pageStride-th key: from each key, a seek to the next one
	// pageStride entries further in products_by_category. (A window function
	// numbering every row took nine times as long.)
	categoryMarksQuery = `WITH RECURSIVE marks(id) AS (
		SELECT (SELECT id FROM products WHERE category_id = ?1 AND status = 'Available'
		        ORDER BY created DESC, id DESC LIMIT 1)
		UNION ALL
		SELECT (SELECT p.id FROM products p, products m
		        WHERE m.id = marks.id AND p.category_id = ?1 AND p.status = 'Available'
		          AND p.created <= m.created AND (p.created < m.created OR p.id < m.id)
		        ORDER BY p.created DESC, p.id DESC LIMIT 1 OFFSET ?2 - 1)
		FROM marks WHERE marks.id IS NOT NULL)
		SELECT p.created, p.id FROM marks CROSS JOIN products p ON p.id = marks.id`
)

// categoryMarks returns the category's marks, reading them if they are
// missing or out of date. Version is read before the index, so marks are
// never kept under a version newer than what they saw.
func (db *DB) categoryMarks(ctx context.Context, category int64) (*cache.PageMarks, error) {
	if m, _ := db.caches.Pages.Current(category); m != nil {
		return m, nil
	}
	lock := db.caches.Pages.BuildLock(category)
	lock.Lock()
	defer lock.Unlock()
	m, version := db.caches.Pages.Current(category)
	if m != nil {
		return m, nil // another request read them meanwhile
	}
	m = &cache.PageMarks{Version: version}
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		if err := db.readTxRow(ctx, tx, categoryCountQuery, category).Scan(&m.Total); err != nil {
			return err
		}
		m.Keys = make([]cache.PageKey, 0, (m.Total+pageStride-1)/pageStride)
		rows, err := db.readTxQuery(ctx, tx, categoryMarksQuery, category, pageStride)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k cache.PageKey
			if err := rows.Scan(&k.Created, &k.ID); err != nil {
				return err
			}
			m.Keys = append(m.Keys, k)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	db.caches.Pages.Keep(category, m)
	return m, nil
}

// A page reads the IDs of its products from products_by_category alone,
// and the products from the products cache (see products.go), reading only
// those it lacks: listings never change once listed, only their status.
// Categories and sellers come from their caches too. The page's rows were
// four fifths of a category page's CPU before.
const (
	// categoryPageFrom is a page that starts at a key, in page order.
	categoryPageFrom = `SELECT id FROM products
		WHERE category_id = ?1 AND status = 'Available' AND created <= ?2 AND (created < ?2 OR id <= ?3)
		ORDER BY created DESC, id DESC LIMIT ?4 + 0`
	// categoryPageSkip is a page that starts some entries after a key.
	categoryPageSkip = `SELECT id FROM products
		WHERE category_id = ?1 AND status = 'Available' AND (created, id) <= (
			SELECT created, id FROM products
			WHERE category_id = ?1 AND status = 'Available' AND created <= ?2 AND (created < ?2 OR id <= ?3)
			ORDER BY created DESC, id DESC LIMIT 1 OFFSET ?4 + 0)
		ORDER BY created DESC, id DESC LIMIT ?5 + 0`
)

// top is a key before every product.
var top = cache.PageKey{Created: math.MaxInt64, ID: math.MaxInt64}

func (db *DB) CategoryProducts(ctx context.Context, category *app.Category, page app.Page) (app.List[app.Product], error) {
	list := app.List[app.Product]{Items: []app.Product{}}
	categoryID := category.ID
	m, err := db.categoryMarks(ctx, categoryID)
	if err != nil {
		return list, err
	}
	list.Total = m.Total
	if page.Offset >= m.Total {
		return list, nil
	}
	from, skip := top, page.Offset
	if i := page.Offset / pageStride; i < len(m.Keys) {
		from, skip = m.Keys[i], page.Offset%pageStride
	}
	var rows *sql.Rows
	if skip == 0 {
		rows, err = db.query(ctx, categoryPageFrom, categoryID, from.Created, from.ID, page.Limit)
	} else {
		rows, err = db.query(ctx, categoryPageSkip, categoryID, from.Created, from.ID, skip, page.Limit)
	}
	if err != nil {
		return list, err
	}
	defer rows.Close()
	ids := make([]int64, 0, page.Limit)
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return list, err
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return list, err
	}
	rows.Close()
	if list.Items, err = db.listedProducts(ctx, ids); err != nil {
		return list, err
	}
	for i := range list.Items {
		// The index just said they are for sale: Available or Reserved.
		p := &list.Items[i]
		p.Category, p.Status = category.Name, app.StatusOf(app.StatusAvailable, p.OpenBookings)
	}
	list.Items, err = db.fillSellers(ctx, list.Items)
	return list, err
}
