package postgres

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// A search that found nothing may have a misspelt word. suggest replaces
// each word that no listing holds, even as a prefix, by the closest word
// the listings do hold (search_words: every word of every listing,
// unstemmed), and offers the result if that search finds something.
// Close is one edit for a word of up to four letters, two for a longer
// one; an edit is a letter added, dropped, changed, or two swapped
// ('tabel' is one from 'table'). Candidates share the word's first letter,
// which keeps the words read few: typing rarely gets the first one wrong.
// These are SQLite's rules (sqlite/suggest.go), kept so that both stores
// suggest the same. A trigram index would find similar words faster, but
// trigram similarity is not edit distance: 'sfoa' shares one trigram of
// nine with 'sofa', one swap away, so a trigram threshold would lose the
// suggestions of short words SQLite makes.
func (db *DB) suggest(ctx context.Context, s app.Search) (string, error) {
	// The words as the vocabulary folds them: unaccent folds some letters
	// app.Fold keeps ('ø').
	var words []string
	err := db.pool.QueryRow(ctx, `SELECT array_agg(rehome_fold(w) ORDER BY i) FROM unnest($1::text[]) WITH ORDINALITY AS t(w, i)`,
		s.Words).Scan(&words)
	if err != nil {
		return "", err
	}
	changed := false
	for i, w := range words {
		known, err := db.knownWord(ctx, w)
		if err != nil {
			return "", err
		}
		if known {
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
	q := searchQuery(s)
	var found bool
	if err := db.pool.QueryRow(ctx, q.exists(), q.args...).Scan(&found); err != nil || !found {
		return "", err
	}
	return strings.Join(words, " "), nil
}

const (
	// The first word of a range: ordered, so read from the index even
	// where the planner expects the range to hold many words. The word
	// is asked about because a search found nothing, so the range is
	// often empty, and a scan of the table hoping to meet one soon would
	// read it all.
	knownWordQuery = `SELECT word FROM search_words WHERE word >= $1 AND word < $2 ORDER BY word LIMIT 1`
	// The words that begin with one letter, no more letters longer or
	// shorter than an edit allows, each once. search_words holds a row
	// per word and listing, so a range of its primary key holds each
	// word as often as listings use it; the recursive query steps from
	// one word to the next through the index instead, reading each once.
	closeWordsQuery = `WITH RECURSIVE vocabulary (word) AS (
			(SELECT word FROM search_words WHERE word >= $1 AND word < $2 ORDER BY word LIMIT 1)
			UNION ALL
			SELECT (SELECT w.word FROM search_words w WHERE w.word > v.word AND w.word < $2 ORDER BY w.word LIMIT 1)
			FROM vocabulary v WHERE v.word IS NOT NULL)
		SELECT word FROM vocabulary WHERE word IS NOT NULL AND char_length(word) BETWEEN $3 AND $4`
	// How many listings use each of some words.
	wordUsesQuery = `SELECT word, count(*) FROM search_words WHERE word = ANY($1) GROUP BY word`
)

// wordsFrom is the end of the range of the words that begin with prefix,
// in byte order (search_words.word is COLLATE "C"): no letter is above
// U+10FFFF.
func wordsFrom(prefix string) string { return prefix + "\U0010FFFF" }

// knownWord says whether any listing holds the word or a word it begins;
// a word of one letter must be held as it is: no word holds U+0001, so the
// range up to word+U+0001 holds word alone.
func (db *DB) knownWord(ctx context.Context, word string) (bool, error) {
	end := wordsFrom(word)
	if utf8.RuneCountInString(word) <= 1 {
		end = word + "\x01"
	}
	rows, err := db.pool.Query(ctx, knownWordQuery, word, end)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	return rows.Next(), rows.Err()
}

// closestWord is the listings' word closest to word, the most used of the
// closest, the first in byte order of those; none when no word is close
// enough.
func (db *DB) closestWord(ctx context.Context, word string) (string, error) {
	first, size := utf8.DecodeRuneInString(word)
	if first == utf8.RuneError {
		return "", nil
	}
	limit, length := app.TypoEdits(word), utf8.RuneCountInString(word)
	rows, err := db.pool.Query(ctx, closeWordsQuery, word[:size], wordsFrom(word[:size]), length-limit, length+limit)
	if err != nil {
		return "", err
	}
	distances := map[string]int{}
	var close []string
	var term string
	_, err = pgx.ForEachRow(rows, []any{&term}, func() error {
		if d := app.EditDistance(word, term, limit); d <= limit {
			distances[term] = d
			close = append(close, term)
		}
		return nil
	})
	if err != nil || len(close) == 0 {
		return "", err
	}
	rows, err = db.pool.Query(ctx, wordUsesQuery, close)
	if err != nil {
		return "", err
	}
	best, bestDistance, bestUses := "", limit+1, int64(0)
	var uses int64
	_, err = pgx.ForEachRow(rows, []any{&term, &uses}, func() error {
		d := distances[term]
		if d < bestDistance || (d == bestDistance && (uses > bestUses || uses == bestUses && term < best)) {
			best, bestDistance, bestUses = term, d, uses
		}
		return nil
	})
	return best, err
}
