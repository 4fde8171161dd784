package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

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

// CreateAdvert advertises an available product. SELECT ... FOR SHARE holds
// the product's row while the advert goes in: a sale (an UPDATE of the row)
// racing it waits for this transaction and then takes the advert off with
// it, or came first and the product is seen sold. The unique index on
// adverts.product_id lets exactly one of racing calls through.
func (db *DB) CreateAdvert(ctx context.Context, productID int64) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		var status string
		err := tx.QueryRow(ctx, `SELECT status FROM products WHERE id = $1 FOR SHARE`, productID).Scan(&status)
		if errors.Is(err, pgx.ErrNoRows) {
			return app.Errorf(app.KindNotFound, "Product not found")
		}
		if err != nil {
			return err
		}
		if status != string(app.StatusAvailable) {
			return app.Errorf(app.KindConflict, "Only available products can be advertised")
		}
		_, err = tx.Exec(ctx, `INSERT INTO adverts (product_id, created) VALUES ($1, $2)`, productID, db.millis())
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
	return db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM adverts WHERE product_id = $1`, productID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindNotFound, "This product is not advertised")
		}
		return nil
	})
}
