package app

import (
	"strings"
)

// The marketplace writes to people (mails, push notes) in their language:
// theirs, else the marketplace's. Its texts are written here in English
// with {placeholders} ("New booking: {product}"), translated by the
// marketplace's catalogs (package translations, which the wiring hands over as
// a Translator, since app cannot import it) and then filled in: a name or
// a product's title is never translated.

// Translator answers a text in l by its English, or the English itself
// where l has no translation of it.
type Translator func(l Language, english string) string

// speaker writes a text in l: translated, then its placeholders filled
// from vars, pairs of a name and its value; {site} is the marketplace's
// name.
type speaker func(english string, vars ...string) string

// fill puts each value of vars (name, value pairs) in place of its {name}.
func fill(text string, vars ...string) string {
	if !strings.Contains(text, "{") {
		return text
	}
	pairs := make([]string, 0, len(vars))
	for i := 0; i+1 < len(vars); i += 2 {
		pairs = append(pairs, "{"+vars[i]+"}", vars[i+1])
	}
	return strings.NewReplacer(pairs...).Replace(text)
}
