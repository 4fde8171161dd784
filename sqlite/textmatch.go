package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"sync"
)

// textMatcher tells which of a few listings a search's words match, from
// their texts alone: an in-memory copy of the full-text index's definition
// (migration 7) holding only them, so it matches exactly as the index
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
}

const maxMatcherTexts = 1024

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
	ids, err := m.match(uncancelled(ctx), expression, texts)
	if err != nil && m.db != nil {
		// What the table holds is no longer known: start afresh next time.
		m.db.Close()
		m.db, m.loaded = nil, nil
	}
	return ids, err
}

func (m *textMatcher) match(ctx context.Context, expression string, texts []listingText) ([]int64, error) {
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
		    tokenize = 'porter unicode61 remove_diacritics 2'
		)`); err != nil {
			return nil, err
		}
	}
	if len(m.loaded)+len(texts) > maxMatcherTexts {
		if _, err := m.db.ExecContext(ctx, `DELETE FROM texts`); err != nil {
			return nil, err
		}
		clear(m.loaded)
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
		if _, err := m.db.ExecContext(ctx, `INSERT INTO texts (rowid, name, description, category, location) VALUES (?, ?, ?, ?, ?)`,
			t.id, t.name, t.description, t.category, t.location); err != nil {
			return nil, err
		}
		m.loaded[t.id] = t
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	rows, err := m.db.QueryContext(ctx, `SELECT rowid FROM texts WHERE texts MATCH ? AND rowid IN (SELECT value FROM json_each(?))`,
		expression, string(list))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var matched []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		matched = append(matched, id)
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

// keptTexts are listings' texts as read at a generation of the searches'
// change log, so that after a write the searches of every word, each
// checking the listings whose text it changed, read those texts once
// between them rather than once each.
type keptTexts struct {
	mu  sync.Mutex
	gen uint64
	// byID holds what the index holds of a listing; nil: no such listing.
	byID map[int64]*listingText
}

// currentTexts is what the full-text index holds of the listings ids that
// exist, as kept since they last changed or read now.
func (db *DB) currentTexts(ctx context.Context, ids []int64) ([]listingText, error) {
	searches := db.caches.Searches
	gen := searches.Generation() // before reading: a later change is told after it
	texts, missing := db.texts.get(gen, ids, searches.Since)
	if len(missing) == 0 {
		return texts, nil
	}
	read, err := db.listingTexts(ctx, missing)
	if err != nil {
		return nil, err
	}
	db.texts.put(gen, missing, read)
	return append(texts, read...), nil
}

// get is the texts kept of ids, and the IDs of those not kept, after
// dropping every text changed since the generation they were kept at,
// as since tells.
func (k *keptTexts) get(gen uint64, ids []int64, since func(uint64) (ids, texts []int64, now uint64, ok bool)) (texts []listingText, missing []int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.byID == nil || gen > k.gen {
		_, changed, now, ok := since(k.gen)
		if k.byID == nil || !ok {
			k.byID = map[int64]*listingText{}
		}
		for _, id := range changed {
			delete(k.byID, id)
		}
		k.gen = now
	}
	for _, id := range ids {
		switch t, ok := k.byID[id]; {
		case !ok:
			missing = append(missing, id)
		case t != nil:
			texts = append(texts, *t)
		}
	}
	return texts, missing
}

// put keeps the texts of ids read since generation gen, unless the kept
// ones have moved on past it: a text read then may be older than a change
// already dropped.
func (k *keptTexts) put(gen uint64, ids []int64, read []listingText) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.gen != gen {
		return
	}
	if len(k.byID)+len(ids) > maxMatcherTexts {
		clear(k.byID)
	}
	for _, id := range ids {
		k.byID[id] = nil
	}
	for _, t := range read {
		k.byID[t.id] = &t
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
