package postgres

import (
	"context"

	"rehome/app"
	"rehome/storecore"
)

// The home page's advertised products, newest advert first, walked
// backwards through the adverts' primary key. Selling a product removes its
// advert, so the status check only guards the rule. Adverts are a short
// list an admin keeps; the count reads them all and looks up each one's
// product by key: a correlated subquery, which PostgreSQL does not turn
// into a join, so that it never hashes the whole products table to match
// a few hundred adverts (TestListQueriesUseIndexes).
const (
	advertsCount = `SELECT count(*) FROM adverts a
		WHERE (SELECT p.status FROM products p WHERE p.id = a.product_id) = 'Available'`
	advertsPage = `SELECT ` + storecore.ProductColumns + `
		FROM adverts a JOIN products p ON p.id = a.product_id` + storecore.ProductJoins + `
		WHERE p.status = 'Available'
		ORDER BY a.id DESC LIMIT $1 OFFSET $2`
)

func (db *DB) AdvertisedProducts(ctx context.Context, page app.Page) (app.List[app.Product], error) {
	return readList(ctx, db, page, advertsCount, advertsPage, nil, storecore.ScanProduct)
}
