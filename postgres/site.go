package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// The site's settings are read on many requests, yet this store keeps no
// copy: another instance may have saved them a moment ago. The read is one
// small table by its primary key.

// Site answers the saved settings over the defaults.
func (db *DB) Site(ctx context.Context) (app.Site, error) {
	// The settings by their JSON names, as app.Site encodes them.
	fields := map[string]json.RawMessage{}
	defaults, err := json.Marshal(app.DefaultSite())
	if err != nil {
		return app.Site{}, err
	}
	if err := json.Unmarshal(defaults, &fields); err != nil {
		return app.Site{}, err
	}
	rows, err := db.pool.Query(ctx, `SELECT name, value FROM site_settings`)
	if err != nil {
		return app.Site{}, err
	}
	var name, value string
	_, err = pgx.ForEachRow(rows, []any{&name, &value}, func() error {
		if _, known := fields[name]; known && json.Valid([]byte(value)) {
			fields[name] = json.RawMessage(value)
		}
		return nil
	})
	if err != nil {
		return app.Site{}, err
	}
	merged, err := json.Marshal(fields)
	if err != nil {
		return app.Site{}, err
	}
	var site app.Site
	if err := json.Unmarshal(merged, &site); err != nil {
		return app.Site{}, fmt.Errorf("site settings: %w", err)
	}
	return site, nil
}

// SaveSite writes every setting, with audit, in one transaction, in one
// statement that locks the rows in the order of their names: racing saves
// take them in turn, so the last to commit is stored whole.
func (db *DB) SaveSite(ctx context.Context, site app.Site, audit *app.AuditEntry) error {
	encoded, err := json.Marshal(site)
	if err != nil {
		return err
	}
	fields := map[string]json.RawMessage{}
	if err := json.Unmarshal(encoded, &fields); err != nil {
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
