package postgres

import (
	"rehome/app"
	"rehome/cache"
)

// SearchQuery is the query of a page of a search, and its arguments.
func SearchQuery(s app.Search, page app.Page) (string, []any) {
	return searchQuery(s).page(page)
}

// SuggestionQueries are the queries a suggestion reads the vocabulary
// with, each with arguments it may be given.
var SuggestionQueries = map[string]struct {
	Query string
	Args  []any
}{
	"close words": {closeWordsQuery, []any{"t", wordsFrom("t")}},
	"word uses":   {wordUsesQuery, []any{[]string{"table", "tables"}, []string{"table", "Tables"}}},
}

// KnownWordQueries are the queries of whether a word finds any listing,
// for a word some listings hold and for one none does.
var KnownWordQueries = map[string]struct {
	Query string
	Args  []any
}{
	"a common word": {knownWordQuery, []any{tsQuery([]string{"sof"}, nil)}},
	"a rare word":   {knownWordQuery, []any{tsQuery([]string{"c4ca42"}, nil)}},
	"no word":       {knownWordQuery, []any{tsQuery([]string{"zzzyx"}, nil)}},
}

// KeepSearchesWithin makes db keep at most limit bytes of searches' matches.
func KeepSearchesWithin(db *DB, limit int) { db.searches = newKeptSearches(limit) }

// KeptSearchWeight is the bytes s takes kept with found listings.
func KeptSearchWeight(s app.Search, found int) int { return keptWeight(cache.SearchKey(s), found, "") }
