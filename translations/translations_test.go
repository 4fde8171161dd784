package translations

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"rehome/app"
)

// TestCatalogsHoldTheSameMessages: a message translated into one language
// is translated into every other, and no translation is empty.
func TestCatalogsHoldTheSameMessages(t *testing.T) {
	read := func(l app.Language) map[string]string {
		data, err := files.ReadFile(string(l) + ".json")
		if err != nil {
			t.Fatalf("no catalog for %s: %v", l, err)
		}
		var messages map[string]string
		if err := json.Unmarshal(data, &messages); err != nil {
			t.Fatalf("%s.json: %v", l, err)
		}
		return messages
	}
	german := read(app.German)
	for _, l := range app.Languages[1:] {
		messages := read(l)
		if got, want := slices.Sorted(maps.Keys(messages)), slices.Sorted(maps.Keys(german)); !slices.Equal(got, want) {
			t.Errorf("%s.json holds other messages than de.json:\n%v\n%v", l, got, want)
		}
		for english, translated := range messages {
			if translated == "" || translated == english {
				t.Errorf("%s: %q is not translated", l, english)
			}
			if got, want := placeholders(translated), placeholders(english); !slices.Equal(got, want) {
				t.Errorf("%s: %q has the placeholders %v, want %v", l, english, got, want)
			}
			if got := Translate(l, english); got != translated {
				t.Errorf("Translate(%s, %q) = %q, want %q", l, english, got, translated)
			}
		}
	}
}

func TestTranslate(t *testing.T) {
	for _, tc := range []struct {
		language      app.Language
		english, want string
	}{
		{app.German, app.RequiredMessage, "Dieses Feld ist erforderlich"},
		{app.French, app.RequiredMessage, "Ce champ est obligatoire"},
		{app.English, app.RequiredMessage, app.RequiredMessage},
		{"", app.RequiredMessage, app.RequiredMessage},
		{app.German, "A message no catalog holds", "A message no catalog holds"},
		{app.French, "", ""},
	} {
		if got := Translate(tc.language, tc.english); got != tc.want {
			t.Errorf("Translate(%q, %q) = %q, want %q", tc.language, tc.english, got, tc.want)
		}
	}
}

func TestNegotiate(t *testing.T) {
	for _, tc := range []struct {
		chosen         app.Language
		acceptLanguage string
		fallback       app.Language
		want           app.Language
	}{
		{app.French, "de-DE,de;q=0.9", app.English, app.French},
		{"", "de-DE,de;q=0.9,en;q=0.5", app.English, app.German},
		{"", "fr-CA", app.English, app.French},
		{"", "es-ES,fr;q=0.8", app.German, app.French},
		{"", "es-ES,pt;q=0.8", app.German, app.German},
		{"", "", app.French, app.French},
		{"", "not a header;;;", app.German, app.German},
		{"es", "de", app.English, app.German},
	} {
		if got := Negotiate(tc.chosen, tc.acceptLanguage, tc.fallback); got != tc.want {
			t.Errorf("Negotiate(%q, %q, %q) = %q, want %q", tc.chosen, tc.acceptLanguage, tc.fallback, got, tc.want)
		}
	}
}

func TestTranslateANumberedMessage(t *testing.T) {
	for _, tc := range []struct {
		language      app.Language
		english, want string
	}{
		{app.German, "Use at most 60 characters", "Verwende höchstens 60 Zeichen"},
		{app.German, "Use at most 4000 characters", "Verwende höchstens 4000 Zeichen"},
		{app.German, "Use at most 20000 characters", "Verwende höchstens 20.000 Zeichen"},
		{app.French, "Use at most 20000 characters", "Utilisez au plus 20\u202f000 caractères"},
		{app.French, "Use at most 20 words", "Utilisez au plus 20 mots"},
		{app.German, "Use at most 7 wishes", "Use at most 7 wishes"},
	} {
		if got := Translate(tc.language, tc.english); got != tc.want {
			t.Errorf("Translate(%q, %q) = %q, want %q", tc.language, tc.english, got, tc.want)
		}
	}
}

func TestTranslateTheNumberThePatternNames(t *testing.T) {
	if got, want := Translate(app.French, "Enter a year between 1900 and 2026"), "Saisissez une année entre 1900 et 2026"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// placeholders are the {names} text fills in, each once, sorted.
func placeholders(text string) []string {
	return slices.Compact(slices.Sorted(slices.Values(placeholder.FindAllString(text, -1))))
}
