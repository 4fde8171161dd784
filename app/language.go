package app

// Language is one the marketplace speaks, by its ISO 639-1 code: the web
// app's texts, the server's messages and mails, and how search stems words.
// The empty Language is a person's "not chosen": their browser's then, else
// the marketplace's.
type Language string

const (
	English Language = "en"
	German  Language = "de"
	French  Language = "fr"
)

// Languages are those the marketplace speaks, the default first.
var Languages = []Language{English, German, French}

// Known tells whether l is one of Languages.
func (l Language) Known() bool {
	for _, known := range Languages {
		if l == known {
			return true
		}
	}
	return false
}

// LanguageMessage refuses a language the marketplace does not speak.
const LanguageMessage = "Choose one of en, de, fr"
