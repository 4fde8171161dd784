package sqlite

import (
	"context"
	"database/sql"

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

func (db *DB) CreateAdvert(ctx context.Context, productID int64) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if err := storecore.ClaimAvailable(ctx, dialect, writer{db, tx}, productID, "Only available products can be advertised"); err != nil {
			return err
		}
		_, err := db.txExec(ctx, tx, `INSERT INTO adverts (product_id, created) VALUES (?, ?)`, productID, db.millis())
		if isUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "This product is already advertised")
		}
		return referenceGone(err)
	})
}

func (db *DB) AdvertisedProducts(ctx context.Context, page app.Page) (app.List[app.Product], error) {
	return readList(ctx, db, page, advertsCount, advertsPage, nil, storecore.ScanProduct)
}

func (db *DB) DeleteAdvert(ctx context.Context, productID int64) error {
	return changeOne(ctx, db, `DELETE FROM adverts WHERE product_id = ?`, productID, "This product is not advertised")
}
