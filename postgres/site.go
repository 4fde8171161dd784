package postgres

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// The site's settings are read on many requests, yet this store keeps no
// copy (it reads them through the embedded storecore.Store): another
// instance may have saved them a moment ago. The read is one small table.

// SaveSite writes every setting, with audit, in one transaction, in one
// statement that locks the rows in the order of their names: racing saves
// take them in turn, so the last to commit is stored whole.
func (db *DB) SaveSite(ctx context.Context, site app.Site, audit *app.AuditEntry) error {
	fields, err := storecore.SiteFields(site)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	slices.Sort(names)
	values := make([]string, len(names))
	for i, name := range names {
		values[i] = string(fields[name])
	}
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `
			INSERT INTO site_settings (name, value)
			SELECT name, value FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS s (name, value, n) ORDER BY n
			ON CONFLICT (name) DO UPDATE SET value = excluded.value`, names, values); err != nil {
			return err
		}
		return db.record(ctx, tx, audit)
	})
}
