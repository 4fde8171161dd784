package postgres

import (
	"context"

	"rehome/app"
	"rehome/storecore"
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

// The same but those of a few sellers (the suspended): counted as all less
// theirs, found through products_by_seller, and the page walked as above,
// each listing looked up for its seller.
const (
	forSaleExceptCountQuery = `SELECT coalesce(sum(listed), 0) -
		(SELECT count(*) FROM products WHERE seller_id = ANY($1) AND status = 'Available') FROM categories`
	forSaleExceptPageQuery = `SELECT id, created FROM products WHERE status = 'Available' AND seller_id <> ALL($1)
		ORDER BY created DESC, id DESC LIMIT $2 OFFSET $3`
)

func (db *DB) ListingsForSale(ctx context.Context, page app.Page, except []int64) (app.List[app.ListedProduct], error) {
	if len(except) == 0 {
		return readList(ctx, db, page, forSaleCountQuery, forSalePageQuery, nil, storecore.ScanListedProduct)
	}
	return readList(ctx, db, page, forSaleExceptCountQuery, forSaleExceptPageQuery, []any{except}, storecore.ScanListedProduct)
}
