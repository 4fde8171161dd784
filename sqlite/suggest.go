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
	ids, err := db.searchIDs(ctx, s)
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
	rows, err := db.query(ctx, knownWordQuery, matchExpression([]string{word}))
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
	limit := 1
	if utf8.RuneCountInString(word) > 4 {
		limit = 2
	}
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
		d := editDistance(word, term, limit)
		if d < bestDistance || (d == bestDistance && docs > bestDocs) {
			best, bestDistance, bestDocs = term, d, docs
		}
	}
	if bestDistance > limit {
		return "", rows.Err()
	}
	return best, rows.Err()
}

// editDistance is the optimal string alignment distance of a and b in
// runes (Levenshtein with swaps of neighbours), or more than limit when it
// is over limit.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if diff := len(ra) - len(rb); diff > limit || -diff > limit {
		return limit + 1
	}
	// rows i-2, i-1 and i of the usual table.
	before, prev, cur := make([]int, len(rb)+1), make([]int, len(rb)+1), make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], before[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		before, prev, cur = prev, cur, before
	}
	return prev[len(rb)]
}
