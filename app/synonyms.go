package app

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Synonyms are groups of words a community uses for the same thing
// ("couch", "sofa", "settee"): a search for any word of a group finds
// listings with any other. Admins keep them; the words are kept folded
// (Fold), and matched in a search by their stems in the marketplace's
// language, so "couches" finds "sofa" too.

// The most synonyms may hold.
const (
	maxSynonymGroups    = 500
	maxSynonymGroupSize = 20
	maxSynonymRunes     = 40
)

// Messages of synonyms.
const (
	SynonymGroupMessage     = "Give each group two words or more"
	SynonymWordMessage      = "Use one word of letters and digits"
	SynonymTwiceMessage     = "A word may be in one group only"
	SynonymTooManyMessage   = "Use at most 500 groups"          // maxSynonymGroups
	SynonymGroupSizeMessage = "Use at most 20 words in a group" // maxSynonymGroupSize
)

// CheckSynonyms checks groups as an admin gives them and answers them as
// kept: each word folded and trimmed, repeats within a group dropped, and
// groups left with a single word refused. Errors name the field
// "synonyms.<group>" (from 0), or "synonyms" for the whole.
func CheckSynonyms(groups [][]string) ([][]string, error) {
	var v Validator
	v.Check(len(groups) <= maxSynonymGroups, "synonyms", SynonymTooManyMessage)
	kept := make([][]string, 0, len(groups))
	seen := map[string]bool{}
	for i, group := range groups {
		field := "synonyms." + strconv.Itoa(i)
		v.Check(len(group) <= maxSynonymGroupSize, field, SynonymGroupSizeMessage)
		var words []string
		for _, word := range group {
			folded := Fold(strings.TrimSpace(word))
			parts := SearchWords(folded)
			ok := utf8.ValidString(word) && len(parts) == 1 && parts[0] == folded && utf8.RuneCountInString(folded) <= maxSynonymRunes
			v.Check(ok, field, SynonymWordMessage)
			if !ok || slices.Contains(words, folded) {
				continue
			}
			v.Check(!seen[folded], field, SynonymTwiceMessage)
			seen[folded] = true
			words = append(words, folded)
		}
		v.Check(len(words) >= 2, field, SynonymGroupMessage)
		kept = append(kept, words)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return kept, nil
}

// synonymIndex keeps the groups by their words' stems, built again when
// the store answers other groups or the language changes.
type synonymIndex struct {
	mu       sync.Mutex
	groups   [][]string
	language Language
	byStem   map[string][]string
}

func (x *synonymIndex) of(groups [][]string, l Language) map[string][]string {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.byStem != nil && x.language == l && sameGroups(x.groups, groups) {
		return x.byStem
	}
	byStem := map[string][]string{}
	for _, group := range groups {
		for _, stem := range StemWords(l, group) {
			byStem[stem] = group
		}
	}
	x.groups, x.language, x.byStem = groups, l, byStem
	return byStem
}

// sameGroups tells whether a and b hold the same groups: cheaper than
// stemming them again.
func sameGroups(a, b [][]string) bool {
	return slices.EqualFunc(a, b, slices.Equal)
}
