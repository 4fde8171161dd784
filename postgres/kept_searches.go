package postgres

import (
	"context"
	"hash/maphash"
	"sync"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/cache"
	"rehome/storecore"
)

// Budget: a search's CPU, rehome's and PostgreSQL's together, at most
// twice SQLite's for the same search (docs/benchmarks.md).
//
// Every page of a search ranks, sorts and counts all of its matches, so
// each search's matches are kept here, in order, with the catalogue's
// version (changes.go) read in the same snapshot. A page of a kept search
// is one statement that reads the page's listings by ID together with the
// version: every write of the catalogue, by any instance, raises the
// version as it commits, so while the version read is the one kept, no
// write has changed what the search finds since it was read, and the page
// and its total are those a fresh read would give, in one snapshot. When
// the version has moved on, the search is read afresh. Any write of the
// catalogue outdates every kept search (a booking changes a listing's
// status): the first search after a write costs what every search cost
// before they were kept.

// keptSearch is what a search found, as of a version of the catalogue.
type keptSearch struct {
	version    int64
	ids        []int64 // every listing found, in order
	suggestion string
	weight     int // bytes, key included
	// tooMany is set, with no version and no IDs, for a search that
	// found more listings than the kept searches may hold: its pages are
	// read whole, each in one statement, rather than all of its IDs
	// carried over at every page.
	tooMany bool
}

// keptSearchBytes bounds the memory the kept searches take; a search of a
// word found in 8,000 listings keeps 64 KB, every listing of a marketplace
// of 100,000 for sale 800 KB.
const keptSearchBytes = 4 << 20

type keptSearches struct {
	limit int // keptSearchBytes, but in tests
	kept  *cache.Cache[string, *keptSearch]
	// After a write, the visitors of one search all find it outdated at
	// once: one reads it afresh and the others wait for it.
	reading [64]sync.Mutex
}

func newKeptSearches(limit int) *keptSearches {
	return &keptSearches{limit: limit, kept: cache.NewWeighed[string](limit, func(k *keptSearch) int { return k.weight })}
}

var keptSearchSeed = maphash.MakeSeed()

// SearchProducts reads a page of a search's listings with their total, as
// of one snapshot, from the search's kept matches when no write of the
// catalogue committed since they were read.
func (db *DB) SearchProducts(ctx context.Context, s app.Search, page app.Page) (app.SearchResult, error) {
	key := cache.SearchKey(s)
	kept, ok := db.searches.kept.Get(key)
	if ok && kept.tooMany {
		return db.searchUnkept(ctx, s, page)
	}
	if ok {
		if result, current, err := db.keptPage(ctx, kept, page); err != nil || current {
			return result, err
		}
	}
	kept, err := db.readSearch(ctx, s, key, kept)
	if err != nil {
		return app.SearchResult{List: app.List[app.Product]{Items: []app.Product{}}}, err
	}
	if kept.tooMany {
		return db.searchUnkept(ctx, s, page)
	}
	if result, current, err := db.keptPage(ctx, kept, page); err != nil || current {
		return result, err
	}
	// A write committed between the two reads: the page and its total in
	// one statement.
	return db.searchUnkept(ctx, s, page)
}

// readSearch reads every listing a search finds, in order, with the
// catalogue's version, and keeps them, unless another request read them
// anew while this one waited (any other than outdated).
func (db *DB) readSearch(ctx context.Context, s app.Search, key string, outdated *keptSearch) (*keptSearch, error) {
	lock := &db.searches.reading[maphash.String(keptSearchSeed, key)%uint64(len(db.searches.reading))]
	lock.Lock()
	defer lock.Unlock()
	if kept, ok := db.searches.kept.Get(key); ok && kept != outdated {
		return kept, nil
	}
	q := searchQuery(s)
	k := &keptSearch{}
	if err := db.pool.QueryRow(ctx, q.all(), q.args...).Scan(&k.version, &k.ids); err != nil {
		return nil, err
	}
	if len(k.ids) == 0 && len(s.Words) > 0 {
		// Read after the version: a write meanwhile outdates it, never
		// the other way round.
		var err error
		if k.suggestion, err = db.suggest(ctx, s); err != nil {
			return nil, err
		}
	}
	k.weight = keptWeight(key, len(k.ids), k.suggestion)
	if k.weight > db.searches.limit/2 {
		// It would push out most others, and be pushed out by them.
		k = &keptSearch{tooMany: true, weight: keptWeight(key, 0, "")}
	}
	db.searches.kept.Put(db.searches.kept.Generation(), key, k)
	return k, nil
}

// keptWeight is the bytes a kept search of key takes with found IDs.
func keptWeight(key string, found int, suggestion string) int {
	return 64 + len(key) + 8*found + len(suggestion)
}

// keptPageQuery reads listings by ID, in the order given, and the
// catalogue's version, in one snapshot.
const keptPageQuery = `SELECT ` + storecore.ProductColumns + `, (SELECT version FROM catalogue_version)
	FROM unnest($1::bigint[]) WITH ORDINALITY AS h(id, n)
	JOIN products p ON p.id = h.id` + storecore.ProductJoins + `
	ORDER BY h.n`

// keptPage is a page of a kept search, and whether the catalogue is still
// at its version: if not, the page is of no use.
func (db *DB) keptPage(ctx context.Context, k *keptSearch, page app.Page) (app.SearchResult, bool, error) {
	result := app.SearchResult{List: app.List[app.Product]{Items: []app.Product{}, Total: len(k.ids)}, Suggestion: k.suggestion}
	from := min(max(page.Offset, 0), len(k.ids))
	ids := k.ids[from:min(from+max(page.Limit, 0), len(k.ids))]
	if len(ids) == 0 {
		var version int64
		err := db.pool.QueryRow(ctx, `SELECT version FROM catalogue_version`).Scan(&version)
		return result, err == nil && version == k.version, err
	}
	rows, err := db.pool.Query(ctx, keptPageQuery, ids)
	if err != nil {
		return result, false, err
	}
	current := true
	result.Items, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (app.Product, error) {
		var version int64
		p, err := storecore.ScanProductAnd(row, &version)
		current = current && version == k.version
		return p, err
	})
	if err != nil {
		return result, false, err
	}
	return result, current && len(result.Items) == len(ids), nil
}
