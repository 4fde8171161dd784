package postgres

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// A search finds every listing that matches, in order, and counts them:
// ranking by relevance needs every match scored, and a count needs every
// match found. What it found is kept, tagged with the catalogue's version
// (kept_searches.go), so that a page of it costs a read of the page's
// listings by ID. The full-text document and the words of each listing
// are kept by triggers (migrations/0002_search.sql).

// searchUnkept reads a page of a search's listings with their total in one
// statement, so the total always agrees with the page it comes with; a
// read takes no lock. The index follows each write by trigger, in the
// write's transaction (migrations/0002_search.sql).
func (db *DB) searchUnkept(ctx context.Context, s app.Search, page app.Page) (app.SearchResult, error) {
	result := app.SearchResult{List: app.List[app.Product]{Items: []app.Product{}}}
	q := searchQuery(s)
	var err error
	result.Items, result.Total, err = db.searchPage(ctx, q, page)
	if err != nil {
		return result, err
	}
	if len(result.Items) == 0 && (page.Offset > 0 || page.Limit == 0) {
		// Past the last page (or a page of none): the total comes with the
		// first listing.
		if _, result.Total, err = db.searchPage(ctx, q, app.Page{Limit: 1}); err != nil {
			return result, err
		}
	}
	if result.Total == 0 && len(s.Words) > 0 {
		result.Suggestion, err = db.suggest(ctx, s)
	}
	return result, err
}

// searchPage reads a page of a search's listings and their total.
func (db *DB) searchPage(ctx context.Context, q *search, page app.Page) ([]app.Product, int, error) {
	query, args := q.page(page)
	rows, err := db.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, 0, err
	}
	total := 0
	products, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (app.Product, error) {
		return storecore.ScanProductAnd(row, &total)
	})
	return products, total, err
}

// search is the SQL of a search without its page: what it reads, which
// listings it keeps, in which order, and its arguments.
type search struct {
	from, where string
	// keys are the columns of each match its order reads, order the order.
	keys, order string
	words       bool // whether the full-text index finds the matches
	args        []any
	whereArgs   int // how many of args from and where read; keys read the others
}

// arg adds an argument and returns its placeholder.
func (q *search) arg(v any) string {
	q.args = append(q.args, v)
	return "$" + strconv.Itoa(len(q.args))
}

// page is the query of a page of the matches, each with their total, and
// its arguments. The matches are numbered in their order and counted
// before the page is cut, in the one walk of an index (or the one sort of
// the matches) that finds them; the page's listings are then read whole,
// by ID.
//
// The planner does not know that counting reads every match past the
// LIMIT: it would walk an index in the order asked for and test each
// listing's words, expecting to stop after a page, where the full-text
// index finds every match at once. So the matches of words are read
// first, on their own (MATERIALIZED), planned as the whole they are.
// Without words the matches stay in the outer query, where the walk of an
// index in the order asked for is the plan that reads least.
func (q *search) page(page app.Page) (string, []any) {
	n := len(q.args)
	limit, offset := "$"+strconv.Itoa(n+1), "$"+strconv.Itoa(n+2)
	matches := `SELECT ` + q.keys + ` FROM ` + q.from + ` WHERE ` + q.where
	with, from := ``, `(`+matches+`) m`
	if q.words {
		with, from = `WITH m AS MATERIALIZED (`+matches+`) `, `m`
	}
	return with + `SELECT ` + storecore.ProductColumns + `, h.total
	FROM (SELECT m.id, row_number() OVER (ORDER BY ` + q.order + `) AS n, count(*) OVER () AS total
	      FROM ` + from + `
	      ORDER BY ` + q.order + ` LIMIT ` + limit + ` OFFSET ` + offset + `) h
	JOIN products p ON p.id = h.id` + storecore.ProductJoins + `
	ORDER BY h.n`, append(slices.Clip(q.args), int64(page.Limit), int64(page.Offset))
}

// exists is the query of whether anything matches, and its arguments: it
// may stop at the first match.
func (q *search) exists() (string, []any) {
	return `SELECT EXISTS (SELECT 1 FROM ` + q.from + ` WHERE ` + q.where + `)`, q.args[:q.whereArgs]
}

// all is the query of the catalogue's version and every match's ID in
// order, in one snapshot: what kept_searches.go keeps. Without a LIMIT the
// planner plans the matches as the whole they are: through the full-text
// index when there are words.
func (q *search) all() string {
	return `SELECT (SELECT version FROM catalogue_version), coalesce(array_agg(m.id ORDER BY ` + q.order + `), '{}')
	FROM (SELECT ` + q.keys + ` FROM ` + q.from + ` WHERE ` + q.where + `) m`
}

// tsQuery is the full-text query for words: every word must match, or
// one of its synonyms, each as a prefix unless it is one letter long
// ('sof' finds 'sofa'; 'a' alone would find nearly everything), as
// matchExpression does on SQLite. rehome_search stems each term in the
// marketplace's language. Each is quoted, so none is read as an operator
// and each stays one term: words hold only letters and digits
// (app.SearchWords), and a quote or a backslash, were one given, is
// escaped.
func tsQuery(words []string, synonyms [][]string) string {
	var b strings.Builder
	for i := range words {
		if i > 0 {
			b.WriteString(" & ")
		}
		writeTsWord(&b, words, synonyms, i, "")
	}
	return b.String()
}

// writeTsWord writes the full-text query of word i, or any of its
// synonyms, found only in the parts of the document labelled weights (all
// of them when none).
func writeTsWord(b *strings.Builder, words []string, synonyms [][]string, i int, weights string) {
	alternatives := []string{words[i]}
	if i < len(synonyms) {
		alternatives = append(alternatives, synonyms[i]...)
	}
	if len(alternatives) > 1 {
		b.WriteByte('(')
	}
	for j, a := range alternatives {
		if j > 0 {
			b.WriteString(" | ")
		}
		b.WriteString(`'` + tsEscaper.Replace(a) + `'`)
		prefix := utf8.RuneCountInString(a) > 1
		if prefix || weights != "" {
			b.WriteString(`:` + weights)
		}
		if prefix {
			b.WriteByte('*')
		}
	}
	if len(alternatives) > 1 {
		b.WriteByte(')')
	}
}

// rank is the SQL of a listing's rank for a search's words: how many of
// them its name (weight A, migrations/0002_search.sql) holds, whatever the
// rest of its document holds, as SQLite's searchRank counts them
// (docs/api.md).
func (q *search) rank(s app.Search) string {
	terms := make([]string, len(s.Words))
	for i := range s.Words {
		var b strings.Builder
		writeTsWord(&b, s.Words, s.Synonyms, i, "A")
		terms[i] = `(p.search @@ to_tsquery('rehome_search', ` + q.arg(b.String()) + `))::int`
	}
	return `(` + strings.Join(terms, ` + `) + `)`
}

var tsEscaper = strings.NewReplacer(`'`, `''`, `\`, `\\`)

// searchQuery is the SQL of a search. Its shape depends on which filters
// are given; pgx keeps each shape prepared on each connection.
func searchQuery(s app.Search) *search {
	q := &search{from: `products p`}
	var where []string
	if len(s.Words) > 0 {
		// The GIN index finds the matches: the fewest rows to visit.
		q.from = `products p CROSS JOIN to_tsquery('rehome_search', ` + q.arg(tsQuery(s.Words, s.Synonyms)) + `) AS query`
		where = append(where, `p.search @@ query`)
	}
	where = append(where, statusFilter(s.Statuses))
	if s.CategoryID != 0 {
		where = append(where, `p.category_id = `+q.arg(s.CategoryID))
	}
	if s.SellerID != 0 {
		where = append(where, `p.seller_id = `+q.arg(s.SellerID))
	}
	if len(s.Conditions) > 0 {
		conditions := make([]string, len(s.Conditions))
		for i, c := range s.Conditions {
			conditions[i] = string(c)
		}
		where = append(where, `p.condition = ANY(`+q.arg(conditions)+`)`)
	}
	if s.MinPrice != nil {
		where = append(where, `p.resale_price >= `+q.arg(int64(*s.MinPrice)))
	}
	if s.MaxPrice != nil {
		where = append(where, `p.resale_price <= `+q.arg(int64(*s.MaxPrice)))
	}
	// A listing without a measure has no value to compare: left out.
	for _, m := range []struct {
		column string
		max    *float64
	}{{"width_cm", s.MaxWidth}, {"depth_cm", s.MaxDepth}, {"height_cm", s.MaxHeight}} {
		if m.max != nil {
			where = append(where, `p.`+m.column+` <= `+q.arg(*m.max))
		}
	}
	if s.Location != "" {
		// Folded on both sides by the same function, so that what
		// unaccent folds further than app.Fold ('ø') still matches. A
		// LIKE of the text with its wildcards escaped is the substring
		// test that the trigram index products_by_location answers.
		where = append(where, `rehome_fold(p.location) LIKE '%' || replace(replace(replace(rehome_fold(`+q.arg(s.Location)+
			`), '\', '\\'), '%', '\%'), '_', '\_') || '%'`)
	}
	q.where = strings.Join(where, ` AND `)
	q.whereArgs = len(q.args)
	sort := s.Sort
	if sort == app.SortRelevance && len(s.Words) == 0 {
		sort = app.SortNewest // every listing is as relevant as the next
	}
	q.keys, q.order = searchOrder(sort)
	if sort == app.SortRelevance {
		q.keys = `p.id, p.created, ` + q.rank(s) + ` AS rank`
	}
	q.words = len(s.Words) > 0
	return q
}

// statusFilter keeps the statuses asked for. Reserved is stored as
// Available with open bookings. Each status is a condition of its own,
// joined by OR, so that the planner can find each through its index: the
// few reserved listings through products_reserved, rather than a walk of
// every listing for sale.
func statusFilter(statuses []app.ProductStatus) string {
	available, reserved := slices.Contains(statuses, app.StatusAvailable), slices.Contains(statuses, app.StatusReserved)
	var parts []string
	switch {
	case available && reserved:
		parts = append(parts, `p.status = 'Available'`)
	case available:
		parts = append(parts, `p.status = 'Available' AND p.open_bookings = 0`)
	case reserved:
		parts = append(parts, `p.status = 'Available' AND p.open_bookings > 0`)
	}
	if slices.Contains(statuses, app.StatusSold) {
		parts = append(parts, `p.status = 'Sold'`)
	}
	switch len(parts) {
	case 0: // none asked for: as app.CheckSearch reads none
		return `p.status = 'Available'`
	case 1:
		return parts[0]
	}
	return `((` + strings.Join(parts, `) OR (`) + `))`
}

// searchOrder is the columns of a match that sort reads, and the order of
// the matches by them. Equal prices go by ID in the price's direction, so
// both price orders walk products_by_price; equal ranks go newest first,
// as SQLite orders them. By relevance the rank is searchQuery's.
func searchOrder(sort app.SearchSort) (keys, order string) {
	switch sort {
	case app.SortRelevance:
		return `p.id, p.created`, `rank DESC, created DESC, id DESC`
	case app.SortPriceAsc:
		return `p.id, p.resale_price`, `resale_price, id`
	case app.SortPriceDesc:
		return `p.id, p.resale_price`, `resale_price DESC, id DESC`
	default:
		return `p.id, p.created`, `created DESC, id DESC`
	}
}
