package sqlite

import (
	"context"
	"database/sql"
	"strings"
	"sync"
)

// textMatcher tells which of a few listings a search's words match, from
// their texts alone: an in-memory copy of the full-text index's definition
// (migration 7) holding only them, so it matches exactly as the index
// does. Asking the index itself costs, even for one listing, a walk of
// every listing a word's prefix matches ('velvet*' merges the lists of
// every word it begins), as much as reading the search afresh.
type textMatcher struct {
	mu sync.Mutex
	db *sql.DB // one connection, holding the in-memory table
}

const textMatcherTable = `CREATE VIRTUAL TABLE IF NOT EXISTS texts USING fts5 (
    name, description, category, location,
    tokenize = 'porter unicode61 remove_diacritics 2'
)`

// listingText is what the full-text index holds of one listing.
type listingText struct {
	id                                    int64
	name, description, category, location string
}

// matching answers the IDs of those of texts that expression matches.
func (m *textMatcher) matching(ctx context.Context, expression string, texts []listingText) ([]int64, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
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
		m.db = db
	}
	ctx = uncancelled(ctx) // a cancelled statement would leave its rows behind
	if _, err := m.db.ExecContext(ctx, textMatcherTable); err != nil {
		return nil, err
	}
	defer m.db.ExecContext(ctx, `DELETE FROM texts`)
	var insert strings.Builder
	args := make([]any, 0, 5*len(texts))
	insert.WriteString(`INSERT INTO texts (rowid, name, description, category, location) VALUES `)
	for i, t := range texts {
		if i > 0 {
			insert.WriteString(`, `)
		}
		insert.WriteString(`(?, ?, ?, ?, ?)`)
		args = append(args, t.id, t.name, t.description, t.category, t.location)
	}
	if _, err := m.db.ExecContext(ctx, insert.String(), args...); err != nil {
		return nil, err
	}
	rows, err := m.db.QueryContext(ctx, `SELECT rowid FROM texts WHERE texts MATCH ?`, expression)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func (m *textMatcher) close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.db == nil {
		return nil
	}
	return m.db.Close()
}

// listingTexts reads what the full-text index holds of the listings ids
// that exist.
func (db *DB) listingTexts(ctx context.Context, ids []int64) ([]listingText, error) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := db.read.QueryContext(uncancelled(ctx), `SELECT p.id, p.name, p.description, c.name, p.location
		FROM products p JOIN categories c ON c.id = p.category_id
		WHERE p.id IN (?`+strings.Repeat(`, ?`, len(ids)-1)+`)`, args...)
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
