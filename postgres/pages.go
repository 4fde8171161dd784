package postgres

import (
	"context"

	"rehome/app"
	"rehome/storecore"
)

// A category page is an offset into products_by_category (category_id,
// status, created DESC, id DESC). sqlite keeps, per category, the sort key
// of every 64th listing in a cache, so that a deep page starts with a seek;
// such marks would go stale whenever another instance lists or sells in the
// category, and every instance would have to drop them on every such write.
// Here the page's IDs come from that index alone (an index-only scan: id is
// one of its columns), so an offset costs a walk over index entries, not
// heap rows, and only the page's own rows are read. A keyset page would seek
// straight to its start, but pages are asked for by offset (app.Page), with
// no key of the page before. The total is the category's count of listings
// for sale, kept by trigger (categories.listed), read in the same snapshot:
// no count of the index's entries.
const (
	categoryCountQuery = `SELECT coalesce((SELECT listed FROM categories WHERE id = $1), 0)`
	categoryPageQuery  = `SELECT ` + storecore.ProductColumns + `
		FROM (SELECT id FROM products WHERE category_id = $1 AND status = 'Available'
		      ORDER BY created DESC, id DESC LIMIT $2 OFFSET $3) page
		JOIN products p ON p.id = page.id` + storecore.ProductJoins + `
		ORDER BY p.created DESC, p.id DESC`
)

func (db *DB) CategoryProducts(ctx context.Context, category *app.Category, page app.Page) (app.List[app.Product], error) {
	return readList(ctx, db, page, categoryCountQuery, categoryPageQuery, []any{category.ID}, storecore.ScanProduct)
}
