package app

import (
	"strings"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/english"
	"github.com/blevesearch/snowballstem/french"
	"github.com/blevesearch/snowballstem/german"
)

// Search stems words in the marketplace's language, in the listings as
// they are indexed and in a search as it is asked, so that a word finds
// its other forms ('Stühle' finds 'Stuhl', 'chaises' finds 'chaise').
// Words are folded first (Fold): a stem is then the same whether or not
// the accents were typed ('canape' finds 'canapé'). The stemmers are
// Snowball's, as PostgreSQL's dictionaries of the same names.
var stemmers = map[Language]func(*snowballstem.Env) bool{
	English: english.Stem,
	German:  german.Stem,
	French:  french.Stem,
}

// StemWords is words, folded as SearchWords gives them, stemmed in l; a
// language without a stemmer leaves them as they are.
func StemWords(l Language, words []string) []string {
	stem, ok := stemmers[l]
	if !ok {
		return words
	}
	env := snowballstem.NewEnv("")
	stems := make([]string, len(words))
	for i, w := range words {
		env.SetCurrent(w)
		stem(env)
		stems[i] = env.Current()
	}
	return stems
}

// Stems is text as the search index holds it in language l: its words,
// folded and stemmed, each followed by a space ("Chaises rouges" is
// "chais roug " in French).
func Stems(l Language, text string) string {
	words := StemWords(l, SearchWords(Fold(text)))
	var b strings.Builder
	for _, w := range words {
		b.WriteString(w)
		b.WriteByte(' ')
	}
	return b.String()
}
