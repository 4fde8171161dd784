package app_test

import (
	"strings"
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

func TestSpellings(t *testing.T) {
	for _, tc := range []struct{ name, description, want string }{
		{"Stühle aus Eiche", "Zwei Stühle, massiv.", "Stühle aus Eiche Zwei massiv"},
		{"Petite étagère", "L'étagère: 3er-Set, 1990, 12.5 cm", "Petite étagère L 3er Set cm"},
		{"Sofa", strings.Repeat("x", 61) + " " + strings.Repeat("y", 60), "Sofa " + strings.Repeat("y", 60)},
	} {
		if got := strings.Join(app.Spellings(tc.name, tc.description), " "); got != tc.want {
			t.Errorf("Spellings(%q, %q) = %q, want %q", tc.name, tc.description, got, tc.want)
		}
	}
}

// TestSpeller: how close a listing's spelling is to a word typed depends
// on the language; a spelling of the word's stem is none.
func TestSpeller(t *testing.T) {
	for _, tc := range []struct {
		language app.Language
		typed    string
		spelling string
		edits    int
		offered  bool
	}{
		{app.German, "Stuehle", "Stühle", 0, true}, // 'ue' is 'ü'
		{app.German, "Stuele", "Stühle", 1, true},
		{app.German, "Strasse", "Straße", 0, false}, // ss is ß: the same stem
		{app.German, "Koerbe", "Körbe", 0, true},
		{app.English, "Stuehle", "Stühle", 1, true}, // only in German
		{app.French, "etagre", "étagère", 1, true},  // accents cost nothing
		{app.French, "oeuvres", "Œuvre", 1, true},
		{app.English, "tabel", "table", 1, true},
		{app.English, "tabel", "Table", 1, true},
		{app.English, "sfoa", "sofa", 1, true},
		{app.English, "chiar", "lamp", 3, false},
		{app.German, "Stuhles", "Stuhl", 2, false},  // the same stem: it would have matched
		{app.French, "chaises", "Chaise", 1, false}, // likewise
	} {
		t.Run(string(tc.language)+" "+tc.typed+" "+tc.spelling, func(t *testing.T) {
			speller := app.NewSpeller(tc.language, app.Fold(tc.typed))
			edits, offered := speller.Edits(tc.spelling)
			if edits != tc.edits || offered != tc.offered {
				t.Errorf("Edits(%q) = %d, %v, want %d, %v", tc.spelling, edits, offered, tc.edits, tc.offered)
			}
		})
	}
}

// TestSpellerPrefers the fewest edits, then the word most listings use,
// its cases counted together and offered as most write it, in lower case
// when as many write it so, then the first in byte order.
func TestSpellerPrefers(t *testing.T) {
	type offer struct {
		spelling    string
		edits, uses int
	}
	for _, tc := range []struct {
		name   string
		offers []offer
		want   string
	}{
		{"none", nil, ""},
		{"the fewest edits", []offer{{"cable", 2, 9}, {"table", 1, 1}}, "table"},
		{"the most used", []offer{{"Tabel", 1, 2}, {"table", 1, 1}}, "Tabel"},
		{"cases together", []offer{{"Tabel", 1, 2}, {"table", 1, 2}, {"Table", 1, 1}}, "table"},
		{"as most write it", []offer{{"Stühle", 1, 3}, {"stühle", 1, 1}}, "Stühle"},
		{"lower case when as many", []offer{{"Seats", 1, 1}, {"seats", 1, 1}}, "seats"},
		{"the first in byte order", []offer{{"tablet", 1, 1}, {"tables", 1, 1}}, "tables"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			speller := app.NewSpeller(app.English, "tabel")
			for _, o := range tc.offers {
				speller.Offer(o.spelling, o.edits, o.uses)
			}
			if got := speller.Best(); got != tc.want {
				t.Errorf("best %q, want %q", got, tc.want)
			}
		})
	}
}
