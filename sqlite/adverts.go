package sqlite

import (
	"context"

	"rehome/app"
	"rehome/storecore"
)

// The home page's advertised products, newest advert first. Selling a
// product removes its advert, so the status check only guards the rule.
const (
	// CROSS JOIN: without statistics, the planner would walk every product.
	advertsCount = `SELECT count(*) FROM adverts a CROSS JOIN products p ON p.id = a.product_id WHERE p.status = 'Available'`
	// CROSS JOIN keeps adverts the outer loop, walked newest first.
	advertsPage = `SELECT ` + storecore.ProductColumns + `
		FROM adverts a CROSS JOIN products p ON p.id = a.product_id` + storecore.ProductJoins + `
		WHERE p.status = 'Available'
		ORDER BY a.id DESC LIMIT ? + 0 OFFSET ? + 0`
)

func (db *DB) AdvertisedProducts(ctx context.Context, page app.Page) (app.List[app.Product], error) {
	return readList(ctx, db, page, advertsCount, advertsPage, nil, storecore.ScanProduct)
}
