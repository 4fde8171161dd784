package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// readList reads one page of a list and its total in one snapshot (db.readTx),
// so that the total always agrees with the page. args are the list's own
// arguments; limit and offset follow them in pageQuery as its last two
// parameters.
func readList[T any](ctx context.Context, db *DB, page app.Page, countQuery, pageQuery string, args []any,
	scan func(pgx.Row) (T, error)) (app.List[T], error) {
	var list app.List[T]
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		list = app.List[T]{Items: []T{}} // readTx does not re-run fn, but keep fn re-runnable anyway
		if err := tx.QueryRow(ctx, countQuery, args...).Scan(&list.Total); err != nil {
			return err
		}
		if page.Offset >= list.Total {
			return nil
		}
		pageArgs := append(append(make([]any, 0, len(args)+2), args...), page.Limit, page.Offset)
		rows, err := tx.Query(ctx, pageQuery, pageArgs...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			item, err := scan(rows)
			if err != nil {
				return err
			}
			list.Items = append(list.Items, item)
		}
		return rows.Err()
	})
	return list, err
}
