package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"rehome/app"
	"rehome/storecore"
)

// The site's settings are read on many requests (every visitor's request
// asks whether listings are public), so the last ones read or saved are
// kept (cache.Caches.Site) until the change feed tells of a write to them.

// Site answers the saved settings over the defaults.
func (db *DB) Site(ctx context.Context) (app.Site, error) {
	if kept := db.caches.Site.Load(); kept != nil {
		return *kept, nil
	}
	site, err := storecore.ReadSite(ctx, reader{db})
	if err != nil {
		return app.Site{}, err
	}
	db.caches.Site.CompareAndSwap(nil, &site)
	return site, nil
}

// SaveSite writes the settings (storecore's) and keeps them.
func (db *DB) SaveSite(ctx context.Context, site app.Site, audit *app.AuditEntry) error {
	if err := db.Store.SaveSite(ctx, site, audit); err != nil {
		return err
	}
	db.caches.Site.Store(&site)
	return nil
}

// The search's synonyms are kept beside the settings, under a name no
// setting has, as JSON: read on every search with words, they are kept
// (cache.Caches.Synonyms) as the settings are.
const synonymsSetting = "synonyms"

// SearchSynonyms answers the synonym groups, the same slice until they
// change.
func (db *DB) SearchSynonyms(ctx context.Context) ([][]string, error) {
	if kept := db.caches.Synonyms.Load(); kept != nil {
		return *kept, nil
	}
	groups := [][]string{}
	var value string
	err := db.read.QueryRowContext(ctx, `SELECT value FROM site_settings WHERE name = ?`, synonymsSetting).Scan(&value)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return nil, err
	default:
		if err := json.Unmarshal([]byte(value), &groups); err != nil {
			return nil, fmt.Errorf("search synonyms: %w", err)
		}
	}
	db.caches.Synonyms.CompareAndSwap(nil, &groups)
	return groups, nil
}

// SaveSearchSynonyms replaces every group, with audit, in one transaction.
func (db *DB) SaveSearchSynonyms(ctx context.Context, groups [][]string, audit *app.AuditEntry) error {
	encoded, err := json.Marshal(groups)
	if err != nil {
		return err
	}
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO site_settings (name, value) VALUES (?, ?)
			ON CONFLICT (name) DO UPDATE SET value = excluded.value`, synonymsSetting, string(encoded)); err != nil {
			return err
		}
		return db.record(ctx, tx, audit)
	})
}
