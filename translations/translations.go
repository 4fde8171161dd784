// Package translations holds the server's words in the marketplace's other
// languages: the messages of its errors, by their English text.
//
// The English text of a message is its ID, so the rules in package app stay
// written in one language and a message no catalog holds yet is answered in
// English. Each language is a JSON file, {"English text": "translation"};
// to add a language, add its file and its app.Language. The messages hold
// no plurals and only one kind of placeholder, a number ({n}), so a map
// serves: a library of message formats (go-i18n) would link text/template
// into the binary, which it keeps out (cmd/rehome's
// TestBinaryLeavesOutTemplates).
package translations

import (
	"embed"
	"encoding/json"
	"regexp"
	"strings"
	"sync"

	"golang.org/x/text/language"

	"rehome/app"
)

//go:embed *.json
var files embed.FS

// catalogs are the translations by language, read once from files; a file
// that does not parse is a build's mistake, which the tests catch.
var catalogs = sync.OnceValue(func() map[app.Language]map[string]string {
	out := map[app.Language]map[string]string{}
	for _, l := range app.Languages[1:] {
		data, err := files.ReadFile(string(l) + ".json")
		if err != nil {
			continue
		}
		var messages map[string]string
		if json.Unmarshal(data, &messages) == nil {
			out[l] = messages
		}
	}
	return out
})

// Translate answers english in l, or english itself where l's catalog
// does not hold it. A message with a number in it ("Use at most 60
// characters") is found as it is, else as its pattern, one of its numbers
// written {n} ("Use at most {n} characters"), and that number then written
// as l writes numbers.
func Translate(l app.Language, english string) string {
	messages := catalogs()[l]
	if translated := messages[english]; translated != "" {
		return translated
	}
	for _, at := range number.FindAllStringIndex(english, -1) {
		pattern := messages[english[:at[0]]+"{n}"+english[at[1]:]]
		if pattern != "" {
			return strings.Replace(pattern, "{n}", grouped(english[at[0]:at[1]], thousands[l]), 1)
		}
	}
	return english
}

var number = regexp.MustCompile(`[0-9]+`)

// thousands separate the thousands of a number in each language.
var thousands = map[app.Language]string{app.German: ".", app.French: "\u202f"}

// grouped is digits with sep between each three from the right, from five
// digits on ("5000", but "10.000" in German), as Duden and the Imprimerie
// nationale both leave four digits whole.
func grouped(digits, sep string) string {
	if len(digits) < 5 || sep == "" {
		return digits
	}
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(d)
	}
	return b.String()
}

var (
	matcher   = language.NewMatcher(tags())
	languages = app.Languages
)

func tags() []language.Tag {
	out := make([]language.Tag, len(app.Languages))
	for i, l := range app.Languages {
		out[i] = language.Make(string(l))
	}
	return out
}

// Negotiate answers the language of a request: chosen when the person
// chose one, else the best of an Accept-Language header the marketplace
// speaks, else fallback.
func Negotiate(chosen app.Language, acceptLanguage string, fallback app.Language) app.Language {
	if chosen.Known() {
		return chosen
	}
	if strings.TrimSpace(acceptLanguage) == "" {
		return fallback
	}
	accepted, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(accepted) == 0 {
		return fallback
	}
	_, index, confidence := matcher.Match(accepted...)
	if confidence == language.No {
		return fallback
	}
	return languages[index]
}
