package sqlite

import (
	"context"

	"rehome/app"
)

// fillSellers sets what listings read without their seller need of the
// seller's account, through the users cache.
func (db *DB) fillSellers(ctx context.Context, products []app.Product) ([]app.Product, error) {
	return db.caches.FillSellers(ctx, db, products)
}
