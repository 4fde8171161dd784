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

func TestParseMeasure(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"180", 180, true}, {"90.5", 90.5, true}, {" 75 ", 75, true}, {".5", 0.5, true}, {"12.", 12, true},
		{"0.05", 0.1, true}, {"1000", 1000, true}, {"1000.04", 1000, true}, {"12.345", 12.3, true},
		{"0", 0, false}, {"0.04", 0, false}, {"0.049", 0, false}, {"1000.5", 0, false},
		{"0x1p3", 0, false}, {"0X10", 0, false}, {"1e2", 0, false}, {"1e400", 0, false}, {"Inf", 0, false},
		{"+Inf", 0, false}, {"NaN", 0, false}, {"-5", 0, false}, {"+5", 0, false}, {"1_000", 0, false},
		{"12,5", 0, false}, {"", 0, false}, {".", 0, false}, {"١٢", 0, false},
	} {
		got, ok := app.ParseMeasure(tc.in)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("ParseMeasure(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
