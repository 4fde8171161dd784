package app

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Free text people type is shown to other people, so characters that do
// not show but change what is shown are taken out before it is checked and
// kept: control characters (C0 but tab and newline, DEL, C1), which break
// terminals, logs and mail headers, and the bidirectional overrides and
// isolates (U+202A–U+202E, U+2066–U+2069), which make "gpj.exe" read as
// "exe.jpg". Zero-width joiners and the like stay: emoji sequences and
// some scripts need them.

// CleanText is multi-line free text (a description, a message) as kept:
// tab and newline stay, the other characters above go, bytes that are not
// UTF-8 go, and white space around it is trimmed. A text with nothing
// Visible left is empty.
func CleanText(s string) string {
	return blankIsEmpty(strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		return keepRune(r)
	}, s))
}

// CleanLine is single-line free text (a name, a place) as kept: as
// CleanText, with tabs and line breaks turned into spaces.
func CleanLine(s string) string {
	return blankIsEmpty(strings.Map(func(r rune) rune {
		switch r {
		case '\n', '\t', '\u2028', '\u2029':
			return ' '
		}
		return keepRune(r)
	}, s))
}

func blankIsEmpty(s string) string {
	if !Visible(s) {
		return ""
	}
	return strings.TrimSpace(s)
}

// keepRune is r, or -1 when it goes.
func keepRune(r rune) rune {
	switch {
	case r == utf8.RuneError, // a byte that is not UTF-8, as strings.Map reads it
		r < 0x20, r >= 0x7f && r <= 0x9f, // C0, DEL, C1
		r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069: // bidirectional overrides and isolates
		return -1
	}
	return r
}

// Visible reports whether s has a character that shows: white space, format
// characters (zero-width spaces and joiners, U+2060, U+FEFF, soft hyphens,
// bidirectional marks), controls, variation selectors and blank-looking
// fillers alone leave a text empty.
func Visible(s string) bool {
	for _, r := range s {
		if !invisible(r) {
			return true
		}
	}
	return false
}

func invisible(r rune) bool {
	switch r {
	case utf8.RuneError,
		'\u034f',                               // combining grapheme joiner
		'\u115f', '\u1160', '\u3164', '\uffa0', // Hangul fillers
		'\u2800': // braille pattern blank
		return true
	}
	return unicode.IsSpace(r) || unicode.In(r, unicode.Cc, unicode.Cf, unicode.Variation_Selector)
}
