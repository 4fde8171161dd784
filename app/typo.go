package app

import "unicode/utf8"

// The rules by which a search that found nothing suggests what may have
// been meant: a word is close to a listing's word when it is at most
// TypoEdits(word) edits from it, an edit being a letter added, dropped,
// changed, or two neighbours swapped ('tabel' is one from 'table'). Both
// stores keep them, so that both suggest the same.

// TypoEdits is how many edits a word may be from what was meant: one for
// a word of up to four letters, two for a longer one.
func TypoEdits(word string) int {
	if utf8.RuneCountInString(word) > 4 {
		return 2
	}
	return 1
}

// EditDistance is the optimal string alignment distance of a and b in
// runes (Levenshtein with swaps of neighbours), or more than limit when it
// is over limit.
func EditDistance(a, b string, limit int) int {
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
