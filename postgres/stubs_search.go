package postgres

// Stubs of the methods still to port from package sqlite; each is
// deleted as its method is written.

import (
	"context"
	"rehome/app"
)

// SearchProducts is not written yet (sqlite/search.go).
func (db *DB) SearchProducts(ctx context.Context, s app.Search, page app.Page) (app.SearchResult, error) {
	panic("postgres: SearchProducts is not written yet")
}
