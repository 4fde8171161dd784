package storecore

import (
	"context"
	"encoding/json"
	"fmt"

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

// Site answers the saved settings over the defaults, read each time;
// SQLite's store keeps the last read or saved.
func (s *Store) Site(ctx context.Context) (app.Site, error) { return ReadSite(ctx, s.read) }
