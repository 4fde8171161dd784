package storecore

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"rehome/app"
)

// SiteFields are the site's settings by their JSON names, as app.Site
// encodes them: the rows of site_settings.
func SiteFields(site app.Site) (map[string]json.RawMessage, error) {
	encoded, err := json.Marshal(site)
	if err != nil {
		return nil, err
	}
	fields := map[string]json.RawMessage{}
	if err := json.Unmarshal(encoded, &fields); err != nil {
		return nil, err
	}
	return fields, nil
}

// ReadSite reads the saved settings over the defaults. A row of a setting
// app.Site no longer has, or not valid JSON, is passed over.
func ReadSite(ctx context.Context, q Querier) (app.Site, error) {
	fields, err := SiteFields(app.DefaultSite())
	if err != nil {
		return app.Site{}, err
	}
	rows, err := q.Query(ctx, `SELECT name, value FROM site_settings`)
	if err != nil {
		return app.Site{}, err
	}
	defer rows.Close()
	for rows.Next() {
		var name, value string
		if err := rows.Scan(&name, &value); err != nil {
			return app.Site{}, err
		}
		if _, known := fields[name]; known && json.Valid([]byte(value)) {
			fields[name] = json.RawMessage(value)
		}
	}
	if err := rows.Err(); err != nil {
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

// Site answers the saved settings over the defaults, read each time:
// under PostgreSQL another instance may have saved them a moment ago, and
// the read is one small table. SQLite's store keeps the last read or saved.
func (s *Store) Site(ctx context.Context) (app.Site, error) { return ReadSite(ctx, s.read) }

// SaveSite writes every setting, with audit, in one transaction, in one
// statement that writes the rows in the order of their names: under
// PostgreSQL racing saves lock them in turn, so the last to commit is
// stored whole.
func (s *Store) SaveSite(ctx context.Context, site app.Site, audit *app.AuditEntry) error {
	fields, err := SiteFields(site)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	slices.Sort(names)
	args := make([]any, 0, 2*len(names))
	for _, name := range names {
		args = append(args, name, string(fields[name]))
	}
	return s.recorded(ctx, audit, func(tx Querier) error {
		_, err := tx.Exec(ctx, `INSERT INTO site_settings (name, value) VALUES (?, ?)`+strings.Repeat(`, (?, ?)`, len(names)-1)+`
			ON CONFLICT (name) DO UPDATE SET value = excluded.value`, args...)
		return err
	})
}
