package demo

import "rehome/app"

// Synonyms are the demo's synonym groups by language, for the tests.
var Synonyms = synonyms

// CategoryNames are the demo's category names in language l, for the tests.
func CategoryNames(l app.Language) []string {
	var names []string
	for _, c := range categories {
		names = append(names, categoryIn(l, c.name))
	}
	return names
}
