package sqlite

import (
	"context"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"rehome/app"
	"rehome/cache"
)

// FuzzMatchExpression feeds words and synonym groups to the builder of
// the full-text index's query, and asks SQLite's FTS5, in a table defined
// as the index is (textMatcher), to match what it builds: every
// expression must be accepted. The words are given both as they come
// (quotes, brackets, NUL, FTS5's operators) and as the search box makes
// them (app.CheckSearch); made so, of ASCII letters and digits, they must
// also find a listing that holds them.
//
// q holds the words, groups the synonyms of each word in turn, a group per
// '|', its words parted by spaces.
func FuzzMatchExpression(f *testing.F) {
	for _, seed := range []struct {
		q, groups string
		language  byte
	}{
		{"red sofa", "|couch", 0},
		{"sofa red", "couch", 0},
		{"red sofa velvet", "|couch settee|", 1},
		{"sofa couch", "couch|sofa", 2},
		{"red", "crimson scarlet", 0},
		{`"red" sofa`, `|"couch`, 0},
		{`re"d so""fa`, `"|"`, 0},
		{"red\x00 sofa", "|cou\x00ch", 0},
		{"NEAR(red sofa) AND OR NOT", "AND|OR NOT", 0},
		{"name:red {name description}:sofa", "-name:couch|^sofa", 0},
		{"(red* sofa) *", "( )|*", 0},
		{"a b", "c|d", 0},
		{"Stühle Eichen", "Sessel|", 1},
		{"chaises canapé", "|sofa", 2},
		{"\xff\xfe", "\xc3", 0},
	} {
		f.Add(seed.q, seed.groups, seed.language)
	}
	languages := []app.Language{app.English, app.German, app.French, "xx"}
	var m textMatcher
	f.Cleanup(func() { m.close() })
	f.Fuzz(func(t *testing.T, q, groups string, language byte) {
		l := languages[int(language)%len(languages)]
		var synonyms [][]string
		for _, group := range strings.Split(groups, "|") {
			synonyms = append(synonyms, strings.Fields(group))
		}
		listing := listingText{id: 1, name: q, description: groups}

		raw := app.Search{Words: strings.Fields(q), Synonyms: synonyms}
		if len(raw.Words) > 0 {
			if _, err := m.matching(context.Background(), l, raw, []listingText{listing}); err != nil {
				t.Fatalf("words %q, synonyms %q: FTS5 refuses %q: %v", raw.Words, raw.Synonyms, matchExpression(raw, l), err)
			}
		}

		search, err := app.CheckSearch(app.SearchInput{Text: q})
		if err != nil || len(search.Words) == 0 {
			return
		}
		for _, group := range synonyms {
			search.Synonyms = append(search.Synonyms, app.SearchWords(app.Fold(strings.Join(group, " "))))
		}
		expression := matchExpression(search, l)
		found, err := m.matching(context.Background(), l, search, []listingText{listing})
		if err != nil {
			t.Fatalf("words %q, synonyms %q: FTS5 refuses %q: %v", search.Words, search.Synonyms, expression, err)
		}
		if isASCII(q) && !slices.ContainsFunc(found, func(hit cache.Hit) bool { return hit.ID == listing.id }) {
			t.Errorf("words %q, synonyms %q: %q does not find %q", search.Words, search.Synonyms, expression, q)
		}
	})
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
