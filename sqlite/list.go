package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
)

// readList reads one page of a list and its total in one snapshot. args are
// the list's own arguments; limit and offset follow them in pageQuery.
func readList[T any](ctx context.Context, db *DB, page app.Page, countQuery, pageQuery string, args []any,
	scan func(row) (T, error)) (app.List[T], error) {
	list := app.List[T]{Items: []T{}}
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		if err := db.readTxRow(ctx, tx, countQuery, args...).Scan(&list.Total); err != nil {
			return err
		}
		if page.Offset >= list.Total {
			return nil
		}
		rows, err := db.readTxQuery(ctx, tx, pageQuery, append(args, page.Limit, page.Offset)...)
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
