package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// readList reads one page of a list and its total in one snapshot (db.readTx),
// so that the total always agrees with the page. args are the list's own
// arguments; limit and offset follow them in pageQuery as its last two
// parameters.
func readList[T any](ctx context.Context, db *DB, page app.Page, countQuery, pageQuery string, args []any,
	scan func(storecore.Row) (T, error)) (app.List[T], error) {
	var list app.List[T]
	err := db.readTx(ctx, func(tx pgx.Tx) (err error) {
		list, err = storecore.ReadList(ctx, core{tx}, page, countQuery, pageQuery, args, scan)
		return err
	})
	return list, err
}
