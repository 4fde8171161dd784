package sqlite

import (
	"context"
	"strings"
	"unicode/utf8"

	"rehome/app"
)

// A search that found nothing may have a misspelt word. suggest replaces
// each word that finds no listing, stemmed as the index holds them, by the
// closest word the listings' names and descriptions spell
// (search_spellings, migration 34) as app.Speller reckons it in the
// marketplace's language, and offers the result, as the listings spell
// its words, if that search finds something. Candidates share the word's
// first letter, which keeps the words read few: typing rarely gets the
// first one wrong.
//
// known says whether every word finds some listing: then nothing is
// suggested until a listing's text changes.
func (db *DB) suggest(ctx context.Context, s app.Search) (suggestion string, known bool, err error) {
	language := db.searchLanguage()
	changed, known := false, true
	words, shown := make([]string, len(s.Words)), make([]string, len(s.Words))
	for i, w := range s.Words {
		words[i], shown[i] = w, w
		isKnown, err := db.knownWord(ctx, s, i, language)
		if err != nil {
			return "", false, err
		}
		if isKnown {
			continue
		}
		known = false
		better, err := db.closestSpelling(ctx, language, w)
		if err != nil {
			return "", false, err
		}
		if better != "" {
			words[i], shown[i], changed = app.Fold(better), better, true
		}
	}
	if !changed {
		return "", known, nil
	}
	s.Words = words
	query, args := anyFoundQuery(s, language)
	rows, err := db.read.QueryContext(uncancelled(ctx), query, args...)
	if err != nil {
		return "", false, err
	}
	defer rows.Close()
	if !rows.Next() {
		return "", false, rows.Err()
	}
	return strings.Join(shown, " "), false, nil
}

const (
	knownWordQuery = `SELECT 1 FROM products_search WHERE products_search MATCH ? LIMIT 1`
	// The words that begin with one letter: a range of the key.
	closeWordsQuery = `SELECT spelling, uses FROM search_spellings WHERE folded >= ? AND folded < ?`
)

// knownWord says whether the search's word i, or one of its synonyms,
// finds any listing, whatever the other filters.
func (db *DB) knownWord(ctx context.Context, s app.Search, i int, l app.Language) (bool, error) {
	alone := app.Search{Words: s.Words[i : i+1]}
	if i < len(s.Synonyms) {
		alone.Synonyms = s.Synonyms[i : i+1]
	}
	rows, err := db.query(ctx, knownWordQuery, matchExpression(alone, l))
	if err != nil {
		return false, err
	}
	defer rows.Close()
	return rows.Next(), rows.Err()
}

// closestSpelling is the listings' spelling closest to word in l; none
// when no spelling is close enough.
func (db *DB) closestSpelling(ctx context.Context, l app.Language, word string) (string, error) {
	first, size := utf8.DecodeRuneInString(word)
	if first == utf8.RuneError {
		return "", nil
	}
	rows, err := db.query(ctx, closeWordsQuery, word[:size], string(first+1))
	if err != nil {
		return "", err
	}
	defer rows.Close()
	speller := app.NewSpeller(l, word)
	for rows.Next() {
		var spelling string
		var uses int
		if err := rows.Scan(&spelling, &uses); err != nil {
			return "", err
		}
		if edits, ok := speller.Edits(spelling); ok {
			speller.Offer(spelling, edits, uses)
		}
	}
	return speller.Best(), rows.Err()
}
