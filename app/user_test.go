package app_test

import (
	"testing"

	"rehome/app"
)

func TestValidEmail(t *testing.T) {
	for in, want := range map[string]bool{
		"ann@example.com": true, "a.b+c@sub.example.org": true,
		"ann@localhost": false, "Ann <ann@example.com>": false, "ann": false, "": false, "@example.com": false,
	} {
		if got := app.ValidEmail(in); got != want {
			t.Errorf("ValidEmail(%q) = %v, want %v", in, got, want)
		}
	}
}
