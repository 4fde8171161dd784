package app_test

import (
	"testing"

	"rehome/app"
)

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"table", "table", 2, 0},
		{"tabel", "table", 2, 1}, // two neighbours swapped
		{"sfoa", "sofa", 1, 1},
		{"tble", "table", 2, 1},   // a letter dropped
		{"tablee", "table", 2, 1}, // added
		{"cable", "table", 2, 1},  // changed
		{"chair", "table", 2, 3},  // over the limit: limit+1
		{"lamp", "lampshade", 2, 3},
		{"café", "cafe", 1, 1}, // in runes, not bytes
	} {
		if got := app.EditDistance(tc.a, tc.b, tc.limit); got != tc.want {
			t.Errorf("EditDistance(%q, %q, %d) = %d, want %d", tc.a, tc.b, tc.limit, got, tc.want)
		}
	}
}

func TestTypoEdits(t *testing.T) {
	for word, want := range map[string]int{"sofa": 1, "lamp": 1, "table": 2, "café": 1, "étagère": 2} {
		if got := app.TypoEdits(word); got != want {
			t.Errorf("TypoEdits(%q) = %d, want %d", word, got, want)
		}
	}
}
