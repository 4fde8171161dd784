package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"sync"

	"rehome/app"
	"rehome/cache"
)

// textMatcher tells which of a few listings a search's words match, and
// their ranks, from their texts alone: an in-memory copy of the full-text index's definition
// (migrations 7 and 29) holding only them, so it matches exactly as the index
// does. Asking the index itself costs, even for one listing, a walk of
// every listing a word's prefix matches ('velvet*' merges the lists of
// every word it begins), as much as reading the search afresh.
//
// The texts stay in it, so that the searches of other words checking the
// same listing after the same write find its text tokenized already; a
// text that changed again is put in anew, and at most maxMatcherTexts are
// kept.
type textMatcher struct {
	mu     sync.Mutex
	db     *sql.DB // one connection, holding the in-memory table
	loaded map[int64]listingText
	// language is the one the table's texts are stemmed in.
	language app.Language
}

const maxMatcherTexts = 1024

// listingText is what the full-text index holds of one listing.
type listingText struct {
	id                                    int64
	name, description, category, location string
}

// matching answers those of texts that a search's words, stemmed in
// language, match, with their ranks (searchRank).
func (m *textMatcher) matching(ctx context.Context, language app.Language, s app.Search, texts []listingText) ([]cache.Hit, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	hits, err := m.match(uncancelled(ctx), language, s, texts)
	if err != nil && m.db != nil {
		// What the table holds is no longer known: start afresh next time.
		m.db.Close()
		m.db, m.loaded = nil, nil
	}
	return hits, err
}

func (m *textMatcher) match(ctx context.Context, language app.Language, s app.Search, texts []listingText) ([]cache.Hit, error) {
	if m.db == nil {
		db, err := sql.Open("sqlite", "file::memory:")
		if err != nil {
			return nil, err
		}
		// The table lives as long as its connection.
		db.SetMaxOpenConns(1)
		db.SetMaxIdleConns(1)
		db.SetConnMaxIdleTime(0)
		db.SetConnMaxLifetime(0)
		m.db, m.loaded = db, map[int64]listingText{}
		if _, err := db.ExecContext(ctx, `CREATE VIRTUAL TABLE texts USING fts5 (
		    name, description, category, location,
		    tokenize = 'unicode61 remove_diacritics 2'
		)`); err != nil {
			return nil, err
		}
		m.language = language
	}
	if len(m.loaded)+len(texts) > maxMatcherTexts || language != m.language {
		if _, err := m.db.ExecContext(ctx, `DELETE FROM texts`); err != nil {
			return nil, err
		}
		clear(m.loaded)
		m.language = language
	}
	ids := make([]int64, 0, len(texts))
	for _, t := range texts {
		ids = append(ids, t.id)
		old, ok := m.loaded[t.id]
		if ok && old == t {
			continue
		}
		if ok {
			if _, err := m.db.ExecContext(ctx, `DELETE FROM texts WHERE rowid = ?`, t.id); err != nil {
				return nil, err
			}
		}
		if _, err := m.db.ExecContext(ctx, `INSERT INTO texts (rowid, name, description, category, location)
			VALUES (?1, rehome_stems(?2, ?6), rehome_stems(?3, ?6), rehome_stems(?4, ?6), rehome_stems(?5, ?6))`,
			t.id, t.name, t.description, t.category, t.location, string(language)); err != nil {
			return nil, err
		}
		m.loaded[t.id] = t
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	rank, args := searchRank(s, language, "texts")
	args = append(args, matchExpression(s, language), string(list))
	// #nosec G202 -- the rank is searchRank's own text; the words are bound as arguments
	rows, err := m.db.QueryContext(ctx, `SELECT rowid, `+rank+` FROM texts WHERE texts MATCH ? AND rowid IN (SELECT value FROM json_each(?))`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var matched []cache.Hit
	for rows.Next() {
		var hit cache.Hit
		var rank int64
		if err := rows.Scan(&hit.ID, &rank); err != nil {
			return nil, err
		}
		hit.Key = float64(rank)
		matched = append(matched, hit)
	}
	return matched, rows.Err()
}

func (m *textMatcher) close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.db == nil {
		return nil
	}
	return m.db.Close()
}

// currentTexts is what the full-text index holds of the listings ids that
// exist, as kept since they last changed or read now. After a write, the
// searches of every word each check the listings whose text it changed:
// they read those texts once between them rather than once each.
func (db *DB) currentTexts(ctx context.Context, ids []int64) ([]listingText, error) {
	searches := db.caches.Searches
	gen := searches.Generation() // before reading: a later change is told after it
	kept, missing := db.texts.get(gen, ids, textsChangedSince(searches))
	texts := make([]listingText, 0, len(ids))
	for _, t := range kept {
		if t != nil {
			texts = append(texts, *t)
		}
	}
	if len(missing) == 0 {
		return texts, nil
	}
	read, err := db.listingTexts(ctx, missing)
	if err != nil {
		return nil, err
	}
	found := make(map[int64]*listingText, len(missing))
	for _, id := range missing {
		found[id] = nil // no such listing
	}
	for _, t := range read {
		found[t.id] = &t
	}
	db.texts.put(gen, found)
	return append(texts, read...), nil
}

func textsChangedSince(searches *cache.Searches) func(uint64) ([]int64, uint64, bool) {
	return func(gen uint64) ([]int64, uint64, bool) {
		_, texts, now, ok := searches.Since(gen)
		return texts, now, ok
	}
}

// listingTexts reads what the full-text index holds of the listings ids
// that exist.
func (db *DB) listingTexts(ctx context.Context, ids []int64) ([]listingText, error) {
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	rows, err := db.read.QueryContext(uncancelled(ctx), `SELECT p.id, p.name, p.description, c.name, p.location
		FROM products p JOIN categories c ON c.id = p.category_id
		WHERE p.id IN (SELECT value FROM json_each(?))`, string(list))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var texts []listingText
	for rows.Next() {
		var t listingText
		if err := rows.Scan(&t.id, &t.name, &t.description, &t.category, &t.location); err != nil {
			return nil, err
		}
		texts = append(texts, t)
	}
	return texts, rows.Err()
}
