package sqlite

import (
	"context"

	"rehome/app"
)

// listedProducts returns the listings with the given IDs, in that order,
// with their own columns, through the products cache.
func (db *DB) listedProducts(ctx context.Context, ids []int64) ([]app.Product, error) {
	return db.caches.ListedProducts(ctx, db, ids)
}
