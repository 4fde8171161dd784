package postgres

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// A search that found nothing may have a misspelt word. suggest replaces
// each word that finds no listing, stemmed as the documents hold them, by
// the closest word the listings' names and descriptions spell
// (search_spellings, migration 17) as app.Speller reckons it in the
// marketplace's language, and offers the result, as the listings spell
// its words, if that search finds something. Candidates share the word's
// first letter, which keeps the words read few: typing rarely gets the
// first one wrong. These are SQLite's rules (sqlite/suggest.go), kept so
// that both stores suggest the same. A trigram index would find similar
// words faster, but trigram similarity is not edit distance: 'sfoa'
// shares one trigram of nine with 'sofa', one swap away, so a trigram
// threshold would lose the suggestions of short words SQLite makes.
func (db *DB) suggest(ctx context.Context, s app.Search) (string, error) {
	// The words as the vocabulary folds them, for its ranges: unaccent
	// folds some letters app.Fold keeps ('ø').
	var language string
	var folded []string
	err := db.pool.QueryRow(ctx, `SELECT (SELECT language FROM search_language WHERE id = 1),
		(SELECT array_agg(rehome_fold(w) ORDER BY i) FROM unnest($1::text[]) WITH ORDINALITY AS t(w, i))`,
		s.Words).Scan(&language, &folded)
	if err != nil {
		return "", err
	}
	changed := false
	words, shown := make([]string, len(s.Words)), make([]string, len(s.Words))
	for i, w := range s.Words {
		words[i], shown[i] = w, w
		var synonyms [][]string
		if i < len(s.Synonyms) {
			synonyms = s.Synonyms[i : i+1]
		}
		var known bool
		if err := db.pool.QueryRow(ctx, knownWordQuery, tsQuery(s.Words[i:i+1], synonyms)).Scan(&known); err != nil {
			return "", err
		}
		if known {
			continue
		}
		better, err := db.closestSpelling(ctx, app.Language(language), w, folded[i])
		if err != nil {
			return "", err
		}
		if better != "" {
			words[i], shown[i], changed = app.Fold(better), better, true
		}
	}
	if !changed {
		return "", nil
	}
	s.Words = words
	query, args := searchQuery(s).exists()
	var found bool
	if err := db.pool.QueryRow(ctx, query, args...).Scan(&found); err != nil || !found {
		return "", err
	}
	return strings.Join(shown, " "), nil
}

const (
	// Whether a word, or one of its synonyms, finds any listing whatever
	// the other filters. The matches are asked for on their own
	// (MATERIALIZED), so that the full-text index finds them: the planner,
	// not knowing how few listings a prefix matches, would rather read
	// the listings until the first match, every one when none does, as a
	// misspelt word's.
	knownWordQuery = `WITH m AS MATERIALIZED (SELECT 1 FROM products p WHERE p.search @@ to_tsquery('rehome_search', $1))
		SELECT EXISTS (SELECT 1 FROM m)`
	// The spellings whose folded form begins with one letter, each once.
	// search_spellings holds a row per spelling and listing, so a range
	// of its primary key holds each spelling as often as listings use
	// it; the recursive query steps from one spelling to the next
	// through the index instead, reading each once.
	closeWordsQuery = `WITH RECURSIVE vocabulary (folded, spelling) AS (
			(SELECT folded, spelling FROM search_spellings WHERE folded >= $1 AND folded < $2 ORDER BY folded, spelling LIMIT 1)
			UNION ALL
			SELECT next.folded, next.spelling FROM vocabulary v, LATERAL (
				SELECT w.folded, w.spelling FROM search_spellings w
				WHERE (w.folded, w.spelling) > (v.folded, v.spelling) AND w.folded < $2
				ORDER BY w.folded, w.spelling LIMIT 1) next)
		SELECT folded, spelling FROM vocabulary`
	// How many listings use each of some spellings (folded, spelling).
	wordUsesQuery = `SELECT c.spelling, (SELECT count(*) FROM search_spellings w WHERE w.folded = c.folded AND w.spelling = c.spelling)
		FROM unnest($1::text[], $2::text[]) AS c (folded, spelling)`
)

// wordsFrom is the end of the range of the words that begin with prefix,
// in byte order (search_spellings.folded is COLLATE "C"): no letter is
// above U+10FFFF.
func wordsFrom(prefix string) string { return prefix + "\U0010FFFF" }

// closestSpelling is the listings' spelling closest to word (folded as
// the vocabulary folds its words: folded) in l; none when no spelling is
// close enough.
func (db *DB) closestSpelling(ctx context.Context, l app.Language, word, folded string) (string, error) {
	first, size := utf8.DecodeRuneInString(folded)
	if first == utf8.RuneError {
		return "", nil
	}
	rows, err := db.pool.Query(ctx, closeWordsQuery, folded[:size], wordsFrom(folded[:size]))
	if err != nil {
		return "", err
	}
	speller := app.NewSpeller(l, word)
	edits := map[string]int{}
	var closeFolded, close []string
	var key, spelling string
	_, err = pgx.ForEachRow(rows, []any{&key, &spelling}, func() error {
		if n, ok := speller.Edits(spelling); ok {
			edits[spelling] = n
			closeFolded, close = append(closeFolded, key), append(close, spelling)
		}
		return nil
	})
	if err != nil || len(close) == 0 {
		return "", err
	}
	rows, err = db.pool.Query(ctx, wordUsesQuery, closeFolded, close)
	if err != nil {
		return "", err
	}
	var uses int
	_, err = pgx.ForEachRow(rows, []any{&spelling, &uses}, func() error {
		speller.Offer(spelling, edits[spelling], uses)
		return nil
	})
	return speller.Best(), err
}
