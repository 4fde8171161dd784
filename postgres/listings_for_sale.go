package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// The sitemap's listings: those for sale, newest first, read from the
// products_for_sale index alone (see TestListQueriesUseIndexes). Reserved
// listings are stored as Available. Their number is the sum of the
// categories' counts of listings for sale (kept by trigger, read in the
// same snapshot as the page), rather than a count of the index's entries.
const (
	forSaleCountQuery = `SELECT coalesce(sum(listed), 0) FROM categories`
	forSalePageQuery  = `SELECT id, created FROM products WHERE status = 'Available'
		ORDER BY created DESC, id DESC LIMIT $1 OFFSET $2`
)

func (db *DB) ListingsForSale(ctx context.Context, page app.Page) (app.List[app.ListedProduct], error) {
	return readList(ctx, db, page, forSaleCountQuery, forSalePageQuery, nil, scanListedProduct)
}

func scanListedProduct(r pgx.Row) (app.ListedProduct, error) {
	var p app.ListedProduct
	var created int64
	if err := r.Scan(&p.ID, &created); err != nil {
		return p, err
	}
	p.Listed = fromMillis(created)
	return p, nil
}
