package sqlite

import (
	"context"
	"encoding/json"

	"rehome/app"
	"rehome/storecore"
)

// The sitemap's listings: those for sale, newest first, read from the
// products_for_sale index alone (see TestListQueriesUseIndexes). Reserved
// listings are stored as Available.
const (
	forSaleCountQuery = `SELECT count(*) FROM products WHERE status = 'Available'`
	forSalePageQuery  = `SELECT id, created FROM products WHERE status = 'Available'
		ORDER BY created DESC, id DESC LIMIT ? + 0 OFFSET ? + 0`
)

// The same but those of a few sellers (the suspended): counted as all less
// theirs, found through products_by_seller, and the page walked as above,
// each listing looked up for its seller.
const (
	forSaleExceptCountQuery = `SELECT (SELECT count(*) FROM products WHERE status = 'Available') -
		(SELECT count(*) FROM products WHERE seller_id IN (SELECT value FROM json_each(?1)) AND status = 'Available')`
	forSaleExceptPageQuery = `SELECT id, created FROM products
		WHERE status = 'Available' AND seller_id NOT IN (SELECT value FROM json_each(?1))
		ORDER BY created DESC, id DESC LIMIT ?2 + 0 OFFSET ?3 + 0`
)

func (db *DB) ListingsForSale(ctx context.Context, page app.Page, except []int64) (app.List[app.ListedProduct], error) {
	if len(except) == 0 {
		return readList(ctx, db, page, forSaleCountQuery, forSalePageQuery, nil, storecore.ScanListedProduct)
	}
	sellers, err := json.Marshal(except)
	if err != nil {
		return app.List[app.ListedProduct]{}, err
	}
	return readList(ctx, db, page, forSaleExceptCountQuery, forSaleExceptPageQuery, []any{string(sellers)}, storecore.ScanListedProduct)
}
