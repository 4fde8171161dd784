package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
	"rehome/storecore"
)

// readList reads one page of a list and its total in one snapshot. args are
// the list's own arguments; limit and offset follow them in pageQuery.
func readList[T any](ctx context.Context, db *DB, page app.Page, countQuery, pageQuery string, args []any,
	scan func(row) (T, error)) (app.List[T], error) {
	var list app.List[T]
	err := db.readTx(ctx, func(tx *sql.Tx) (err error) {
		list, err = storecore.ReadList(ctx, readerTx{db, tx}, page, countQuery, pageQuery, args, scan)
		return err
	})
	return list, err
}
