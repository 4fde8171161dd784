package sqlite

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"hash/maphash"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"modernc.org/sqlite"

	"rehome/app"
	"rehome/cache"
)

// A search reads the IDs of every listing that matches, in order, once:
// ranking by relevance needs every match scored, and a count needs every
// match found, so no order walks fewer. The ordered IDs are kept with the
// value each is ordered by (rank, price or time of listing), and each
// page, the first or the thousandth, is a slice of them: a deep page costs
// what the first does.
//
// A write does not drop them. The searches cache logs which listings each
// write changed, and which of them got a new text (cache.Searches); a kept
// answer that is behind checks those listings alone, drops them from its
// list and puts back those that still match at their place by their new
// sort value (updateSearch). So the first search after a write costs about
// what the writes since changed, not what the search finds. It is read
// afresh instead when the log no longer reaches back to it, when more
// listings changed than are worth checking one by one, and after a write
// whose listings could not be told. A listing's rank depends on its own
// text alone (searchRank), so one put back is where a fresh read puts it.
//
// Checking a listing against the words is the costly part: the full-text
// index answers it, even for one listing, by walking every listing a
// word's prefix matches. So the listings the words match, whatever the
// other filters, are kept with their ranks too (wordMatches), and change
// only with texts: a price or a booking (most writes) is checked against
// the other filters by the listing's ID alone. A changed text is matched
// and ranked in memory (textMatcher): the rank reads the listing's own
// text alone (searchRank), so the index need not be asked.
//
// Kept answers are limited in bytes, not in searches, so a few searches
// matching most of the listings cannot hold much memory. Budget: searches'
// server CPU per request against the category page's, and the first search
// after a write (docs/benchmarks.md).

// searchSeed spreads searches over DB.searching's locks.
var searchSeed = maphash.MakeSeed()

func init() {
	// fold(text) is app.Fold for SQL: the location filter compares
	// without case or accents in any alphabet (SQLite's lower() and LIKE
	// fold ASCII only).
	sqlite.MustRegisterDeterministicScalarFunction("fold", 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		text, _ := args[0].(string)
		return app.Fold(text), nil
	})
	// rehome_stems(text, language) is app.Stems for the full-text index's
	// triggers (migration 29): the words of text, folded and stemmed.
	sqlite.MustRegisterDeterministicScalarFunction("rehome_stems", 2, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		text, _ := args[0].(string)
		language, _ := args[1].(string)
		return app.Stems(app.Language(language), text), nil
	})
	// rehome_spellings(name, description) is app.Spellings for the
	// triggers of search_spellings (migration 34): a JSON array.
	sqlite.MustRegisterDeterministicScalarFunction("rehome_spellings", 2, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		name, _ := args[0].(string)
		description, _ := args[1].(string)
		words, err := json.Marshal(app.Spellings(name, description))
		return string(words), err
	})
}

func (db *DB) SearchProducts(ctx context.Context, s app.Search, page app.Page) (app.SearchResult, error) {
	result := app.SearchResult{List: app.List[app.Product]{Items: []app.Product{}}}
	hits, err := db.searchHits(ctx, s)
	if err != nil {
		return result, err
	}
	result.Total, result.Suggestion = hits.Len(), hits.Suggestion
	ids := hits.Page(page.Offset, page.Limit)
	if len(ids) == 0 {
		return result, nil
	}
	if result.Items, err = db.listedProducts(ctx, ids); err != nil {
		return result, err
	}
	categories, err := db.allCategories(ctx)
	if err != nil {
		return result, err
	}
	for i := range result.Items {
		p := &result.Items[i]
		if c, ok := categories.ByID[p.CategoryID]; ok {
			p.Category = categories.List[c].Name
		}
	}
	result.Items, err = db.fillSellers(ctx, result.Items)
	return result, err
}

// searchHits finds a search's listings: kept, brought up to date with
// the writes since, or read afresh.
func (db *DB) searchHits(ctx context.Context, s app.Search) (*cache.SearchHits, error) {
	// Stemmed in another language, the same words find other listings.
	language := db.searchLanguage()
	key := string(language) + "|" + cache.SearchKey(s)
	searches := db.caches.Searches
	if hits, ok := searches.Get(key); ok && hits.Gen() == searches.Generation() {
		return hits, nil
	}
	// After a write, the visitors of the home page all ask its feed again
	// at once: one brings it up to date and the others wait for it.
	lock := &db.searching[maphash.String(searchSeed, key)%uint64(len(db.searching))]
	lock.Lock()
	defer lock.Unlock()
	hits, kept := searches.Get(key)
	if kept && hits.Gen() == searches.Generation() {
		return hits, nil
	}
	// Reading a search is work for a core, and SQLite's memory for it (a
	// prefix's merged matches, the sort by rank) grows with the searches
	// read at once; more of them than cores would only take turns.
	db.searchers <- struct{}{}
	defer func() { <-db.searchers }()
	if kept {
		updated, err := db.updateSearch(ctx, s, key, hits)
		if updated != nil || err != nil {
			return updated, err
		}
	}
	gen := searches.Generation()
	found, err := db.searchIDs(ctx, s, nil)
	if err != nil {
		return nil, err
	}
	var suggestion string
	var known bool
	if len(found) == 0 && len(s.Words) > 0 {
		if suggestion, known, err = db.suggest(ctx, s); err != nil {
			return nil, err
		}
	}
	hits = cache.NewSearchHits(found, sortDescending(s), suggestion)
	hits.WordsKnown = known
	searches.Put(gen, key, hits)
	return hits, nil
}

// maxRecheckedIDs is how many listings changed since a kept answer are
// checked one by one to bring it up to date; past it, it is read afresh.
const maxRecheckedIDs = 128

// updateSearch brings hits up to date by checking whether each listing
// written since still matches and where it goes now, or returns nil when
// only a fresh read will do.
func (db *DB) updateSearch(ctx context.Context, s app.Search, key string, hits *cache.SearchHits) (*cache.SearchHits, error) {
	changed, texts, gen, ok := db.caches.Searches.Since(hits.Gen())
	if !ok || len(changed) > maxRecheckedIDs {
		return nil, nil
	}
	var found []cache.Hit
	if len(changed) > 0 {
		var err error
		if found, err = db.changedHits(ctx, s, changed); err != nil {
			return nil, err
		}
	}
	updated := hits.Updated(changed, found)
	if updated.Len() == 0 && len(s.Words) > 0 && len(changed) > 0 && !(updated.WordsKnown && len(texts) == 0) {
		// None found now: a fresh read finds the suggestion, which the
		// listings changed may have made or unmade (a word's only
		// listing sold or deleted). An answer of none whose words are all
		// known offers none until a listing's text changes (a listing
		// added or deleted included).
		return nil, nil
	}
	db.caches.Searches.Put(gen, key, updated)
	return updated, nil
}

// changedHits is those of the listings changed that the search finds now,
// with the values it orders them by. With words, whether they match a
// listing is asked of the words' matches kept (wordMatches), the other
// filters of the listings alone; the index is asked only when they are
// not kept.
func (db *DB) changedHits(ctx context.Context, s app.Search, changed []int64) ([]cache.Hit, error) {
	if len(s.Words) == 0 {
		return db.searchIDs(ctx, s, changed)
	}
	matches, err := db.wordMatches(ctx, s)
	if err != nil {
		return nil, err
	}
	if matches == nil {
		return db.searchIDs(ctx, s, changed)
	}
	filters := s
	filters.Words = nil
	byRank := s.Sort == app.SortRelevance
	if byRank {
		filters.Sort = app.SortNewest // the key's time: its rank is the matches'
	}
	passing, err := db.passingFilters(ctx, filters, changed)
	if err != nil {
		return nil, err
	}
	found := passing[:0]
	for _, hit := range passing {
		rank, ok := matches.Rank(hit.ID)
		if !ok {
			continue
		}
		if byRank {
			hit.Key += rank * rankStep
		}
		found = append(found, hit)
	}
	return found, nil
}

// passingFilters is those of the listings changed that pass filters (a
// search's other than its words), with the values filters order them by:
// kept since they last changed, or read now. After a write, the searches of
// every word with the same filters check the listings it changed once
// between them.
func (db *DB) passingFilters(ctx context.Context, filters app.Search, changed []int64) ([]cache.Hit, error) {
	searches := db.caches.Searches
	gen := searches.Generation() // before reading: a later change is told after it
	kept := db.passing.of(cache.SearchKey(filters))
	checked, missing := kept.get(gen, changed, listingsChangedSince(searches))
	hits := make([]cache.Hit, 0, len(changed))
	for _, hit := range checked {
		if hit != nil {
			hits = append(hits, *hit)
		}
	}
	if len(missing) == 0 {
		return hits, nil
	}
	read, err := db.searchIDs(ctx, filters, missing)
	if err != nil {
		return nil, err
	}
	found := make(map[int64]*cache.Hit, len(missing))
	for _, id := range missing {
		found[id] = nil // does not pass
	}
	for _, hit := range read {
		found[hit.ID] = &hit
	}
	kept.put(gen, found)
	return append(hits, read...), nil
}

func listingsChangedSince(searches *cache.Searches) func(uint64) ([]int64, uint64, bool) {
	return func(gen uint64) ([]int64, uint64, bool) {
		ids, _, now, ok := searches.Since(gen)
		return ids, now, ok
	}
}

// wordMatches is every listing a search's words match, with its rank
// (searchRank), whatever the other filters: kept, brought up to date with
// the texts changed since, or read afresh. Most writes change no listing's
// text, and those leave the matches as they were; a changed text is
// matched and ranked by the text matcher. Nil when they cannot be kept (an
// ID of more than 32 bits).
func (db *DB) wordMatches(ctx context.Context, s app.Search) (*cache.WordMatches, error) {
	searches := db.caches.Searches
	gen := searches.Generation()
	expression := matchExpression(s, db.searchLanguage())
	m, kept := searches.Matches(expression)
	if kept && m.Gen() == gen {
		return m, nil
	}
	if kept {
		_, texts, now, ok := searches.Since(m.Gen())
		if ok && len(texts) <= maxRecheckedIDs {
			var found []cache.Hit
			if len(texts) > 0 {
				var err error
				if found, err = db.textMatches(ctx, s, texts); err != nil {
					return nil, err
				}
			}
			u, ok := m.Updated(texts, found)
			if !ok {
				return nil, nil
			}
			searches.PutMatches(now, expression, u)
			return u, nil
		}
	}
	found, err := db.matchIDs(ctx, s)
	if err != nil {
		return nil, err
	}
	m, ok := cache.NewWordMatches(found)
	if !ok {
		return nil, nil
	}
	searches.PutMatches(gen, expression, m)
	return m, nil
}

// textMatches is those of the listings ids that a search's words match,
// with their ranks.
func (db *DB) textMatches(ctx context.Context, s app.Search, ids []int64) ([]cache.Hit, error) {
	texts, err := db.currentTexts(ctx, ids)
	if err != nil {
		return nil, err
	}
	return db.matcher.matching(ctx, db.searchLanguage(), s, texts)
}

// matchIDs is the listings a search's words match in the index, with their
// ranks (searchRank), in no order.
func (db *DB) matchIDs(ctx context.Context, s app.Search) ([]cache.Hit, error) {
	l := db.searchLanguage()
	rank, args := searchRank(s, l, "products_search")
	query := `SELECT rowid, ` + rank + ` FROM products_search WHERE products_search MATCH ?` // #nosec G202 -- the rank is searchRank's own text; the words are bound as arguments
	args = append(args, matchExpression(s, l))
	rows, err := db.read.QueryContext(uncancelled(ctx), query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	hits := []cache.Hit{}
	for rows.Next() {
		var hit cache.Hit
		if err := rows.Scan(&hit.ID, &hit.Key); err != nil {
			return nil, err
		}
		hits = append(hits, hit)
	}
	return hits, rows.Err()
}

// matchExpression is the index's query for a search's words: each word
// stemmed in language l as the index holds the listings' (app.Stems), or
// any of the word's synonyms, stemmed too. The words are joined by an
// explicit AND: FTS5 reads two terms side by side as both, but not a
// bracketed group beside a term ('"red"* ("sofa"* OR "couch"*)' is a
// syntax error).
func matchExpression(s app.Search, l app.Language) string {
	var b strings.Builder
	for i := range s.Words {
		if i > 0 {
			b.WriteString(" AND ")
		}
		writeWord(&b, s, i, l)
	}
	return b.String()
}

// writeWord writes the index's query for the search's word i: the word or
// any of its synonyms, stemmed in language l.
func writeWord(b *strings.Builder, s app.Search, i int, l app.Language) {
	alternatives := []string{s.Words[i]}
	if i < len(s.Synonyms) {
		alternatives = append(alternatives, s.Synonyms[i]...)
	}
	stems := app.StemWords(l, alternatives)
	if len(stems) > 1 {
		b.WriteByte('(')
	}
	for j, stem := range stems {
		if j > 0 {
			b.WriteString(" OR ")
		}
		writeTerm(b, stem)
	}
	if len(stems) > 1 {
		b.WriteByte(')')
	}
}

// searchRank is the SQL of a listing's rank for a search's words in the
// full-text table (the index, or the text matcher's), and its arguments:
// how many of the words (each as matchExpression reads it) its name holds,
// whatever the rest of its text holds (docs/api.md). It depends on the
// listing's own text alone, so PostgreSQL ranks the same (search.rank
// there), and a listing changed is put back where a fresh read puts it.
// Each word's matches in names are read from the table once for every
// listing found.
func searchRank(s app.Search, l app.Language, table string) (string, []any) {
	terms := make([]string, len(s.Words))
	args := make([]any, len(s.Words))
	for i := range s.Words {
		var b strings.Builder
		b.WriteString("name : ")
		writeWord(&b, s, i, l)
		terms[i] = `(` + table + `.rowid IN (SELECT rowid FROM ` + table + ` WHERE ` + table + ` MATCH ?))`
		args[i] = b.String()
	}
	return `(` + strings.Join(terms, ` + `) + `)`, args
}

// rankStep orders by rank first and by time of listing among equal ranks:
// a sort key by relevance is rank × rankStep + the time of listing in
// milliseconds, which stays below it until the year 2248, and the largest
// key, some 20 × 2⁴³, is still exact in a float64.
const rankStep = 1 << 43

// writeTerm writes a word of the index's query: a quoted string, so none
// is read as syntax, and a prefix unless it is one letter long ('sof'
// finds 'sofa'; 'a' alone would find nearly everything). A search's words
// hold only letters and digits (app.SearchWords); were a quote given, it
// is doubled as FTS5 escapes it, and a NUL, which would end FTS5's reading
// of the query inside the string, is left out.
func writeTerm(b *strings.Builder, w string) {
	b.WriteString(`"` + termEscaper.Replace(w) + `"`)
	if utf8.RuneCountInString(w) > 1 {
		b.WriteByte('*')
	}
}

var termEscaper = strings.NewReplacer(`"`, `""`, "\x00", "")

// searchQuery is the SQL of a search and its arguments. Its shape depends
// on which filters are given, so it is not kept prepared: the shapes are
// many, and reading the IDs costs far more than planning.
//
// Given only, it asks of those listings alone which the search finds and
// what it orders them by, for updateSearch.
func searchQuery(s app.Search, l app.Language, only []int64) (string, []any) {
	query, args, order := searchMatches(s, l, only)
	if len(only) > 0 {
		return query, args // put in order by updateSearch
	}
	return query + ` ORDER BY ` + order, args
}

// anyFoundQuery is the query of whether a search finds anything: in no
// order, it stops at the first listing found, where ordered by relevance
// every match would be ranked first.
func anyFoundQuery(s app.Search, l app.Language) (string, []any) {
	s.Sort = app.SortNewest // no rank to read
	query, args, _ := searchMatches(s, l, nil)
	return query + ` LIMIT 1`, args
}

// searchMatches is the SQL of the listings a search finds, in no order,
// its arguments, and the order to put them in.
func searchMatches(s app.Search, l app.Language, only []int64) (string, []any, string) {
	var where []string
	var args []any
	from := `products p`
	if len(s.Words) > 0 {
		// The index first: its matches are the fewest rows to visit.
		from = `products_search CROSS JOIN products p ON p.id = products_search.rowid`
		where = append(where, `products_search MATCH ?`)
		args = append(args, matchExpression(s, l))
	}
	if len(only) > 0 {
		column := `p.id`
		if len(s.Words) > 0 {
			column = `products_search.rowid`
		} else {
			// By their IDs alone: SQLite, not knowing how few they are,
			// would rather walk an index of every listing for sale.
			from = `products p NOT INDEXED`
		}
		where = append(where, column+` IN (?`+strings.Repeat(`, ?`, len(only)-1)+`)`)
		for _, id := range only {
			args = append(args, id)
		}
	}
	where = append(where, statusFilter(s.Statuses))
	if s.CategoryID != 0 {
		where = append(where, `p.category_id = ?`)
		args = append(args, s.CategoryID)
	}
	if s.SellerID != 0 {
		where = append(where, `p.seller_id = ?`)
		args = append(args, s.SellerID)
	}
	if len(s.Conditions) > 0 {
		where = append(where, `p.condition IN (?`+strings.Repeat(`, ?`, len(s.Conditions)-1)+`)`)
		for _, c := range s.Conditions {
			args = append(args, string(c))
		}
	}
	if s.MinPrice != nil {
		where = append(where, `p.resale_price >= ?`)
		args = append(args, int64(*s.MinPrice))
	}
	if s.MaxPrice != nil {
		where = append(where, `p.resale_price <= ?`)
		args = append(args, int64(*s.MaxPrice))
	}
	// A listing without a measure has no value to compare: left out.
	for _, m := range []struct {
		column string
		max    *float64
	}{{"width_cm", s.MaxWidth}, {"depth_cm", s.MaxDepth}, {"height_cm", s.MaxHeight}} {
		if m.max != nil {
			where = append(where, `p.`+m.column+` <= ?`)
			args = append(args, *m.max)
		}
	}
	if s.Location != "" {
		// The distinct locations, few, are folded and compared, and their
		// listings found through products_by_location (migration 22).
		// Without words or a seller, whose matches are fewer still, the
		// locations come first: SQLite, knowing nothing of how many
		// listings a location has, would rather walk every listing for
		// sale in the order asked for.
		if len(s.Words) == 0 && s.SellerID == 0 && len(only) == 0 {
			from = `product_locations l CROSS JOIN products p ON p.location = l.location`
			where = append(where, `instr(fold(l.location), ?) > 0`)
		} else {
			where = append(where, `p.location IN (SELECT location FROM product_locations WHERE instr(fold(location), ?) > 0)`)
		}
		args = append(args, s.Location)
	}
	order := searchOrder(s.Sort)
	if s.SellerID != 0 && s.CategoryID == 0 && len(s.Words) == 0 {
		// A seller's few listings, found through products_by_seller and
		// sorted, cost less than a walk of every listing in price order
		// that SQLite, knowing nothing of how many a seller has, would
		// choose. The + makes the price an expression no index orders.
		order = strings.ReplaceAll(order, `p.resale_price`, `+p.resale_price`)
	}
	key, keyArgs := sortKey(s, l)
	return `SELECT p.id, ` + key + ` AS sort_key FROM ` + from + ` WHERE ` + strings.Join(where, ` AND `), append(keyArgs, args...), order
}

// sortKey is the value a search orders its listings by, before their IDs,
// and its arguments.
func sortKey(s app.Search, l app.Language) (string, []any) {
	switch {
	case s.Sort == app.SortRelevance && len(s.Words) > 0:
		rank, args := searchRank(s, l, "products_search")
		return rank + ` * ` + strconv.Itoa(rankStep) + ` + p.created`, args
	case s.Sort == app.SortPriceAsc || s.Sort == app.SortPriceDesc:
		return `p.resale_price`, nil
	default:
		return `p.created`, nil
	}
}

// sortDescending is whether a search orders by its sort key and then ID
// from the largest.
func sortDescending(s app.Search) bool {
	return s.Sort != app.SortPriceAsc
}

// statusFilter keeps the statuses asked for. Reserved is stored as
// Available with open bookings.
func statusFilter(statuses []app.ProductStatus) string {
	available, reserved := slices.Contains(statuses, app.StatusAvailable), slices.Contains(statuses, app.StatusReserved)
	sold := slices.Contains(statuses, app.StatusSold)
	var stored []string
	if available || reserved {
		stored = append(stored, `'Available'`)
	}
	if sold {
		stored = append(stored, `'Sold'`)
	}
	filter := `p.status IN (` + strings.Join(stored, `, `) + `)`
	switch {
	case available && !reserved:
		filter += ` AND (p.status <> 'Available' OR p.open_bookings = 0)`
	case reserved && !available:
		filter += ` AND (p.status <> 'Available' OR p.open_bookings > 0)`
	}
	return filter
}

// searchOrder orders by sort. Equal prices go by ID in the price's
// direction, so both price orders walk products_by_price.
func searchOrder(sort app.SearchSort) string {
	switch sort {
	case app.SortRelevance:
		return `sort_key DESC, p.id DESC`
	case app.SortPriceAsc:
		return `p.resale_price, p.id`
	case app.SortPriceDesc:
		return `p.resale_price DESC, p.id DESC`
	default:
		return `p.created DESC, p.id DESC`
	}
}

// searchIDs reads the listings a search finds, in order, with the values
// they are ordered by; given only, of those listings alone and in no
// order.
func (db *DB) searchIDs(ctx context.Context, s app.Search, only []int64) ([]cache.Hit, error) {
	query, args := searchQuery(s, db.searchLanguage(), only)
	rows, err := db.read.QueryContext(uncancelled(ctx), query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	hits := []cache.Hit{}
	for rows.Next() {
		// A key is read as the integer it is stored as: read into a
		// float, each would be converted through a string.
		var hit cache.Hit
		var key int64
		if err := rows.Scan(&hit.ID, &key); err != nil {
			return nil, err
		}
		hit.Key = float64(key) // exact: every key is below 2⁵³ (rankStep)
		hits = append(hits, hit)
	}
	return hits, rows.Err()
}
