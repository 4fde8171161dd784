package sqlite

import (
	"context"
	"strings"
	"unicode/utf8"

	"rehome/app"
)

// A search that found nothing may have a misspelt word. suggest replaces
// each word that no listing holds, even as a prefix, by the closest word
// the listings do hold (products_vocabulary: every word of every listing,
// unstemmed), and offers the result if that search finds something.
// Close is one edit for a word of up to four letters, two for a longer
// one; an edit is a letter added, dropped, changed, or two swapped
// ('tabel' is one from 'table'). Candidates share the word's first letter,
// which keeps the words read few: typing rarely gets the first one wrong.
func (db *DB) suggest(ctx context.Context, s app.Search) (string, error) {
	changed := false
	words := make([]string, len(s.Words))
	for i, w := range s.Words {
		words[i] = w
		known, err := db.knownWord(ctx, w)
		if err != nil || known {
			if err != nil {
				return "", err
			}
			continue
		}
		better, err := db.closestWord(ctx, w)
		if err != nil {
			return "", err
		}
		if better != "" {
			words[i], changed = better, true
		}
	}
	if !changed {
		return "", nil
	}
	s.Words = words
	ids, err := db.searchIDs(ctx, s, nil)
	if err != nil || len(ids) == 0 {
		return "", err
	}
	return strings.Join(words, " "), nil
}

const (
	knownWordQuery = `SELECT 1 FROM products_words WHERE products_words MATCH ? LIMIT 1`
	// The words that begin with one letter: a range of the vocabulary.
	closeWordsQuery = `SELECT term, doc FROM products_vocabulary WHERE term >= ? AND term < ?`
)

// knownWord says whether any listing holds the word or a word it begins.
func (db *DB) knownWord(ctx context.Context, word string) (bool, error) {
	rows, err := db.query(ctx, knownWordQuery, wordsExpression([]string{word}))
	if err != nil {
		return false, err
	}
	defer rows.Close()
	return rows.Next(), rows.Err()
}

// closestWord is the listings' word closest to word, the most used of the
// closest; none when no word is close enough.
func (db *DB) closestWord(ctx context.Context, word string) (string, error) {
	first, size := utf8.DecodeRuneInString(word)
	if first == utf8.RuneError {
		return "", nil
	}
	limit := app.TypoEdits(word)
	rows, err := db.query(ctx, closeWordsQuery, word[:size], string(first+1))
	if err != nil {
		return "", err
	}
	defer rows.Close()
	best, bestDistance, bestDocs := "", limit+1, 0
	for rows.Next() {
		var term string
		var docs int
		if err := rows.Scan(&term, &docs); err != nil {
			return "", err
		}
		d := app.EditDistance(word, term, limit)
		if d < bestDistance || (d == bestDistance && docs > bestDocs) {
			best, bestDistance, bestDocs = term, d, docs
		}
	}
	if bestDistance > limit {
		return "", rows.Err()
	}
	return best, rows.Err()
}
