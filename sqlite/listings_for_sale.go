package sqlite

import (
	"context"

	"rehome/app"
)

// The sitemap's listings: those for sale, newest first, read from the
// products_for_sale index alone (see TestListQueriesUseIndexes). Reserved
// listings are stored as Available.
const (
	forSaleCountQuery = `SELECT count(*) FROM products WHERE status = 'Available'`
	forSalePageQuery  = `SELECT id, created FROM products WHERE status = 'Available'
		ORDER BY created DESC, id DESC LIMIT ? + 0 OFFSET ? + 0`
)

func (db *DB) ListingsForSale(ctx context.Context, page app.Page) (app.List[app.ListedProduct], error) {
	return readList(ctx, db, page, forSaleCountQuery, forSalePageQuery, nil, scanListedProduct)
}

func scanListedProduct(r row) (app.ListedProduct, error) {
	var p app.ListedProduct
	var created int64
	if err := r.Scan(&p.ID, &created); err != nil {
		return p, err
	}
	p.Listed = fromMillis(created)
	return p, nil
}
