package postgres

import "rehome/app"

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
	"known word":   {knownWordQuery, []any{"sof", wordsFrom("sof")}},
	"known letter": {knownWordQuery, []any{"a", "a\x01"}},
	"close words":  {closeWordsQuery, []any{"t", wordsFrom("t"), 3, 7}},
	"word uses":    {wordUsesQuery, []any{[]string{"table", "tables"}}},
}
