package sqlite

import (
	"context"
	"database/sql/driver"
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
// match found, so no order walks fewer. The ordered IDs are kept, tagged
// with the generation of the searches cache that every write of a product
// moves on (changes.go), and each page, the first or the thousandth, is a
// slice of them: a deep page costs what the first does. Kept IDs are
// limited in number, not in searches, so a few searches matching most of
// the listings cannot hold much memory. Budget: searches' server CPU per
// request against the category page's (docs/benchmarks.md).

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

// searchHits finds a search's listings, from the cache when no product
// changed since it was last asked.
func (db *DB) searchHits(ctx context.Context, s app.Search) (*cache.SearchHits, error) {
	key := searchKey(s)
	if hits, ok := db.caches.Searches.Get(key); ok {
		return hits, nil
	}
	// After a write, the visitors of the home page all ask its feed again
	// at once: one reads it and the others wait for it.
	lock := &db.searching[maphash.String(searchSeed, key)%uint64(len(db.searching))]
	lock.Lock()
	defer lock.Unlock()
	if hits, ok := db.caches.Searches.Get(key); ok {
		return hits, nil
	}
	// Reading a search is work for a core, and SQLite's memory for it (a
	// prefix's merged matches, the sort by rank) grows with the searches
	// read at once; more of them than cores would only take turns.
	db.searchers <- struct{}{}
	defer func() { <-db.searchers }()
	gen := db.caches.Searches.Generation()
	ids, err := db.searchIDs(ctx, s)
	if err != nil {
		return nil, err
	}
	var suggestion string
	if len(ids) == 0 && len(s.Words) > 0 {
		if suggestion, err = db.suggest(ctx, s); err != nil {
			return nil, err
		}
	}
	hits := cache.NewSearchHits(ids, suggestion)
	db.caches.Searches.Put(gen, key, hits)
	return hits, nil
}

// searchKey is the same for two searches that find the same listings in
// the same order: built from the checked search, not the query string.
func searchKey(s app.Search) string {
	var b strings.Builder
	for _, w := range s.Words {
		b.WriteString(w + " ")
	}
	b.WriteByte('|')
	b.WriteString(strconv.FormatInt(s.CategoryID, 10))
	for _, c := range s.Conditions {
		b.WriteString("|c" + string(c))
	}
	for _, st := range s.Statuses {
		b.WriteString("|s" + string(st))
	}
	for _, p := range []*app.Cents{s.MinPrice, s.MaxPrice} {
		b.WriteByte('|')
		if p != nil {
			b.WriteString(strconv.FormatInt(int64(*p), 10))
		}
	}
	for _, m := range []*float64{s.MaxWidth, s.MaxDepth, s.MaxHeight} {
		b.WriteByte('|')
		if m != nil {
			b.WriteString(strconv.FormatFloat(*m, 'g', -1, 64))
		}
	}
	b.WriteString("|" + strconv.FormatInt(s.SellerID, 10) + "|" + string(s.Sort) + "|" + s.Location)
	return b.String()
}

// matchExpression is the index's query for words: each a quoted string,
// so none is read as syntax, and each a prefix unless it is one letter
// long ('sof' finds 'sofa'; 'a' alone would find nearly everything).
func matchExpression(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(`"` + w + `"`)
		if utf8.RuneCountInString(w) > 1 {
			b.WriteByte('*')
		}
	}
	return b.String()
}

// searchQuery is the SQL of a search and its arguments. Its shape depends
// on which filters are given, so it is not kept prepared: the shapes are
// many, and reading the IDs costs far more than planning.
func searchQuery(s app.Search) (string, []any) {
	var where []string
	var args []any
	from := `products p`
	if len(s.Words) > 0 {
		// The index first: its matches are the fewest rows to visit.
		from = `products_search CROSS JOIN products p ON p.id = products_search.rowid`
		where = append(where, `products_search MATCH ?`)
		args = append(args, matchExpression(s.Words))
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
		if len(s.Words) == 0 && s.SellerID == 0 {
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
	return `SELECT p.id FROM ` + from + ` WHERE ` + strings.Join(where, ` AND `) + ` ORDER BY ` + order, args
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
		return `products_search.rank`
	case app.SortPriceAsc:
		return `p.resale_price, p.id`
	case app.SortPriceDesc:
		return `p.resale_price DESC, p.id DESC`
	default:
		return `p.created DESC, p.id DESC`
	}
}

func (db *DB) searchIDs(ctx context.Context, s app.Search) ([]int64, error) {
	query, args := searchQuery(s)
	rows, err := db.read.QueryContext(uncancelled(ctx), query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ids := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err() // kept as NewSearchHits copies them
}
