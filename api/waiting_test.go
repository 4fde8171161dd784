package api

import (
	"testing"

	"rehome/app"
	"rehome/translations"
)

// TestWaitingIsTranslated: what the server says while it starts,
// prepares the demo or cannot reach its database is in each catalog (the catalog's own test reads only
// package app's messages).
func TestWaitingIsTranslated(t *testing.T) {
	for _, wt := range []waiting{starting, preparing, unreachable} {
		for _, l := range app.Languages[1:] {
			for _, english := range []string{wt.message, wt.heading, wt.text} {
				if translations.Translate(l, english) == english {
					t.Errorf("%s.json lacks %q", l, english)
				}
			}
		}
	}
}
