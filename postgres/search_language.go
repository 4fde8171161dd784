package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// stemDictionaries are the Snowball dictionaries of migrations 2 and 12,
// by the language they stem.
var stemDictionaries = map[app.Language]string{
	app.English: "rehome_english",
	app.German:  "rehome_german",
	app.French:  "rehome_french",
}

// UseSearchLanguage maps rehome_search's words to l's stemmer and
// recomputes every listing's document, in one transaction, when the
// configuration stems another language: a search meanwhile finds what the
// documents held before. The row of search_language is held, so racing
// calls take turns and the last to commit wins. Every instance sees the
// configuration at once; none keeps searches.
func (db *DB) UseSearchLanguage(ctx context.Context, l app.Language) error {
	dictionary, ok := stemDictionaries[l]
	if !ok {
		return fmt.Errorf("no stemmer for language %q", l)
	}
	return db.inTx(ctx, func(tx pgx.Tx) error {
		var current string
		if err := tx.QueryRow(ctx, `SELECT language FROM search_language WHERE id = 1 FOR UPDATE`).Scan(&current); err != nil {
			return err
		}
		if app.Language(current) == l {
			return nil
		}
		// Every listing's document in one statement: on a large
		// marketplace, longer than a request's statement may run.
		if err := unboundedTx(ctx, tx); err != nil {
			return err
		}
		// The dictionary's name is one of stemDictionaries', not input.
		if _, err := tx.Exec(ctx, `ALTER TEXT SEARCH CONFIGURATION rehome_search
			ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
			WITH unaccent, `+dictionary); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE products p
			SET search = products_search_document(p.name, p.description, c.name, p.location)
			FROM categories c WHERE c.id = p.category_id`); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE search_language SET language = $1 WHERE id = 1`, string(l))
		return err
	})
}

// synonymsSetting names the search's synonyms beside the site's settings,
// as JSON, under a name no setting has.
const synonymsSetting = "synonyms"

// SearchSynonyms answers the synonym groups: a read of one row by its
// key, as Site, since another instance may have saved them.
func (db *DB) SearchSynonyms(ctx context.Context) ([][]string, error) {
	groups := [][]string{}
	var value string
	err := db.pool.QueryRow(ctx, `SELECT value FROM site_settings WHERE name = $1`, synonymsSetting).Scan(&value)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return groups, nil
	case err != nil:
		return nil, err
	}
	if err := json.Unmarshal([]byte(value), &groups); err != nil {
		return nil, fmt.Errorf("search synonyms: %w", err)
	}
	return groups, nil
}

// SaveSearchSynonyms replaces every group, with audit, in one transaction.
func (db *DB) SaveSearchSynonyms(ctx context.Context, groups [][]string, audit *app.AuditEntry) error {
	encoded, err := json.Marshal(groups)
	if err != nil {
		return err
	}
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `
			INSERT INTO site_settings (name, value) VALUES ($1, $2)
			ON CONFLICT (name) DO UPDATE SET value = excluded.value`, synonymsSetting, string(encoded)); err != nil {
			return err
		}
		return db.record(ctx, tx, audit)
	})
}
