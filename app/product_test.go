package app_test

import (
	"testing"

	"rehome/app"
)

func TestValidPhone(t *testing.T) {
	for in, want := range map[string]bool{
		"+1 (555) 010-0100": true, "555010": true, "12345678901234567890": true,
		"12345": false, "123456789012345678901": false, "call me": false, "555 0100 ext. 2": false, "": false,
	} {
		if got := app.ValidPhone(in); got != want {
			t.Errorf("ValidPhone(%q) = %v, want %v", in, got, want)
		}
	}
}
