package app_test

import (
	"testing"

	"rehome/app"
)

func TestCleanText(t *testing.T) {
	const family = "\U0001F468\u200D\U0001F469\u200D\U0001F467" // one emoji of three joined
	for _, tc := range []struct {
		name, in, text, line string
	}{
		{"plain", "Oak table", "Oak table", "Oak table"},
		{"trimmed", "  Oak table \n", "Oak table", "Oak table"},
		{"newline and tab", "Two lines\n\tindented", "Two lines\n\tindented", "Two lines  indented"},
		{"carriage returns", "one\r\ntwo", "one\ntwo", "one two"},
		{"C0 controls", "a\x00b\x07c\x1bd\x1fe", "abcde", "abcde"},
		{"DEL", "a\x7fb", "ab", "ab"},
		{"C1 controls", "a\u0080b\u0085c\u009bd\u009fe", "abcde", "abcde"},
		{"bidirectional overrides", "\u202aa\u202bb\u202cc\u202dd\u202ee", "abcde", "abcde"},
		{"bidirectional isolates", "\u2066a\u2067b\u2068c\u2069", "abc", "abc"},
		{"a file name turned around", "invoice\u202egpj.exe", "invoicegpj.exe", "invoicegpj.exe"},
		{"line separators", "a\u2028b\u2029c", "a\u2028b\u2029c", "a b c"},
		{"bytes that are not UTF-8", "caf\xc3 \xffau lait", "caf au lait", "caf au lait"},
		{"an emoji sequence", "Family " + family, "Family " + family, "Family " + family},
		{"a flag and a skin tone", "\U0001F1F3\U0001F1F4 \U0001F44D\U0001F3FD", "\U0001F1F3\U0001F1F4 \U0001F44D\U0001F3FD", "\U0001F1F3\U0001F1F4 \U0001F44D\U0001F3FD"},
		{"right-to-left marks stay", "\u05e9\u05dc\u05d5\u05dd\u200f 12", "\u05e9\u05dc\u05d5\u05dd\u200f 12", "\u05e9\u05dc\u05d5\u05dd\u200f 12"},
		{"zero-width joiners inside a word stay", "\u0915\u094d\u200d\u0937", "\u0915\u094d\u200d\u0937", "\u0915\u094d\u200d\u0937"},
		{"only zero-width characters", "\u200b\u200c\u200d\u2060\ufeff", "", ""},
		{"only controls and overrides", "\x01\u202e\u0085\t\n", "", ""},
		{"only fillers and selectors", "\u3164\u115f\u2800\ufe0f\u034f\u00ad", "", ""},
		{"nothing", "", "", ""},
	} {
		if got := app.CleanText(tc.in); got != tc.text {
			t.Errorf("%s: CleanText(%q) = %q, want %q", tc.name, tc.in, got, tc.text)
		}
		if got := app.CleanLine(tc.in); got != tc.line {
			t.Errorf("%s: CleanLine(%q) = %q, want %q", tc.name, tc.in, got, tc.line)
		}
	}
}

func TestVisible(t *testing.T) {
	for in, want := range map[string]bool{
		"a": true, " . ": true, "\U0001F600": true, "\u05d0": true, "\u200bx\u200b": true,
		"": false, " \t\n": false, "\u00a0\u3000": false, "\u200b": false, "\u200d": false, "\u2060": false,
		"\ufeff": false, "\u200e\u200f": false, "\u00ad": false, "\ufe0f": false, "\U000E0041": false,
		"\u3164": false, "\u2800": false, "\x00\x7f\u0085": false,
	} {
		if got := app.Visible(in); got != want {
			t.Errorf("Visible(%q) = %v, want %v", in, got, want)
		}
	}
}
