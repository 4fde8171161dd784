package app_test

import (
	"sync"
	"testing"

	"rehome/app"
)

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Café": "cafe", "ZÜRICH": "zurich", "Ångström": "angstrom", "plain": "plain", "": "",
		"e\u0301cole": "ecole", "Straße": "straße", "Łódź": "łodz", "ĞÜŞÖÇİ": "gusoci",
	} {
		if got := app.Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// Requests fold their words at the same time; a folder keeps state while
// it works, and one shared between them once garbled or panicked.
func TestFoldConcurrently(t *testing.T) {
	inputs := []string{"Café crème", "Zürich Nord", "Ærøskøbing", "São Paulo", "Malmö", "Kraków"}
	want := make([]string, len(inputs))
	for i, in := range inputs {
		want[i] = app.Fold(in)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 2000 {
				k := (g + i) % len(inputs)
				if got := app.Fold(inputs[k]); got != want[k] {
					t.Errorf("Fold(%q) = %q, want %q", inputs[k], got, want[k])
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestStems(t *testing.T) {
	cases := []struct {
		language app.Language
		text     string
		want     string
	}{
		{app.English, "Sofas and CHAIRS", "sofa and chair "},
		{app.German, "Stühle, Tische; Schränke", "stuhl tisch schrank "},
		{app.French, "Chaises et canapés", "chais et canap "},
		{app.French, "canape", "canap "},
		{app.German, "", ""},
		{app.Language("xx"), "Sofas", "sofas "},
	}
	for _, c := range cases {
		if got := app.Stems(c.language, c.text); got != c.want {
			t.Errorf("Stems(%s, %q) = %q, want %q", c.language, c.text, got, c.want)
		}
	}
}
