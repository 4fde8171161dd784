package app

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

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

// A suggestion offers words as the listings spell them, case and accents
// kept ('Stühle', 'étagère'), and how close one is to a word typed depends
// on the marketplace's language: accents typed or not cost nothing, nor do
// the ligatures written out ('oe' for 'œ', 'ss' for 'ß'), and in German 'ue',
// 'oe' and 'ae' are 'ü', 'ö' and 'ä' written out ('Stuehle' is 'Stühle').

// maxSpellingRunes is the longest word a vocabulary keeps: longer ones are
// no one's spelling, and an index of words has a limit of its own.
const maxSpellingRunes = 60

// Spellings are the words of a listing's name and description that a
// suggestion may offer, each once, as written: those with a letter and at
// most maxSpellingRunes long.
func Spellings(name, description string) []string {
	var words []string
	for _, w := range SearchWords(name + " " + description) {
		if utf8.RuneCountInString(w) <= maxSpellingRunes && strings.IndexFunc(w, unicode.IsLetter) >= 0 &&
			!slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	return words
}

var (
	ligatures     = strings.NewReplacer("œ", "oe", "æ", "ae", "ß", "ss")
	germanUmlauts = strings.NewReplacer("ae", "a", "oe", "o", "ue", "u")
)

// spellingKey is word as spellings are compared in l: folded, ligatures
// written out, and in German an umlaut written out as its vowel, as
// folding writes the umlaut itself.
func spellingKey(l Language, word string) string {
	key := ligatures.Replace(Fold(word))
	if l == German {
		key = germanUmlauts.Replace(key)
	}
	return key
}

// A Speller picks, for a word of a search, the listings' spelling closest
// to it in the marketplace's language: the fewest edits (at most
// TypoEdits), then the word most listings use, then the first in byte
// order. A word written in several cases ('Seats', 'seats') is one, its
// uses counted together, and offered as most listings write it, in lower
// case when as many write it so. A spelling with the word's stem is none:
// it would have matched.
type Speller struct {
	language  Language
	key, stem string
	limit     int
	words     map[string]*spelt // by the spelling in lower case
}

// spelt is a word offered, in all its cases.
type spelt struct {
	edits, uses  int
	spelling     string // the case most listings write
	spellingUses int
}

// NewSpeller is a Speller for word, a search's word (folded), in l.
func NewSpeller(l Language, word string) *Speller {
	return &Speller{language: l, key: spellingKey(l, word), stem: StemWords(l, []string{word})[0],
		limit: TypoEdits(word), words: map[string]*spelt{}}
}

// Edits is how many edits spelling is from the word, and whether it is
// close enough to offer.
func (s *Speller) Edits(spelling string) (int, bool) {
	edits := EditDistance(s.key, spellingKey(s.language, spelling), s.limit)
	if edits > s.limit || StemWords(s.language, []string{Fold(spelling)})[0] == s.stem {
		return edits, false
	}
	return edits, true
}

// Offer weighs a close spelling, edits from the word, that uses listings
// hold.
func (s *Speller) Offer(spelling string, edits, uses int) {
	lower := strings.ToLower(spelling)
	w, ok := s.words[lower]
	if !ok {
		w = &spelt{edits: edits}
		s.words[lower] = w
	}
	w.uses += uses
	// Lower case sorts after upper case.
	if uses > w.spellingUses || uses == w.spellingUses && spelling > w.spelling {
		w.spelling, w.spellingUses = spelling, uses
	}
}

// Best is the closest spelling offered; none when none was.
func (s *Speller) Best() string {
	var best *spelt
	bestLower := ""
	for lower, w := range s.words {
		if best == nil || w.edits < best.edits ||
			w.edits == best.edits && (w.uses > best.uses || w.uses == best.uses && lower < bestLower) {
			best, bestLower = w, lower
		}
	}
	if best == nil {
		return ""
	}
	return best.spelling
}
