package app_test

import (
	"encoding/json"
	"testing"

	"rehome/app"
)

func TestParseCents(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want app.Cents
		ok   bool
	}{
		{"0", 0, true}, {"120", 12000, true}, {"120.5", 12050, true}, {"120.50", 12050, true},
		{" 7.05 ", 705, true}, {"10000000", 1_000_000_000, true},
		{"10000000.01", 0, false}, {"-1", 0, false}, {"1.234", 0, false}, {"abc", 0, false},
		{"", 0, false}, {"1e3", 0, false}, {".5", 0, false}, {"5.", 0, false}, {"１２", 0, false},
	} {
		got, ok := app.ParseCents(tc.in)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("ParseCents(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestCentsJSON(t *testing.T) {
	for _, tc := range []struct {
		cents app.Cents
		json  string
	}{{0, "0"}, {12000, "120"}, {12050, "120.5"}, {705, "7.05"}, {99, "0.99"}, {10, "0.1"}} {
		data, err := json.Marshal(tc.cents)
		if err != nil || string(data) != tc.json {
			t.Errorf("Marshal(%d) = %s, %v; want %s", tc.cents, data, err, tc.json)
		}
		var back app.Cents
		if err := json.Unmarshal(data, &back); err != nil || back != tc.cents {
			t.Errorf("Unmarshal(%s) = %d, %v", data, back, err)
		}
	}
}
