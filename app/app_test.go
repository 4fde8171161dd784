package app_test

import (
	"encoding/json"
	"testing"
	"time"

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

func TestAttemptLimiter(t *testing.T) {
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	l := app.NewAttemptLimiter(3, 15*time.Minute)
	for i := range 3 {
		if wait := l.RetryAfter("ann", start.Add(time.Duration(i)*time.Minute)); wait != 0 {
			t.Fatalf("blocked after %d failures", i)
		}
		l.Record("ann", start.Add(time.Duration(i)*time.Minute))
	}
	// The first failure (at 12:00) leaves the window at 12:15.
	if wait := l.RetryAfter("ann", start.Add(5*time.Minute)); wait != 10*time.Minute {
		t.Errorf("wait %v, want 10m", wait)
	}
	if wait := l.RetryAfter("bob", start.Add(5*time.Minute)); wait != 0 {
		t.Errorf("another key waits %v", wait)
	}
	if wait := l.RetryAfter("ann", start.Add(15*time.Minute)); wait != 0 {
		t.Errorf("still blocked after the window: %v", wait)
	}
	l.Reset("ann")
	if wait := l.RetryAfter("ann", start.Add(5*time.Minute)); wait != 0 {
		t.Errorf("still blocked after reset: %v", wait)
	}
}

func TestPolicies(t *testing.T) {
	admin := &app.User{ID: 1, Role: app.RoleAdmin, Email: "admin@example.com"}
	seller := &app.User{ID: 2, Role: app.RoleSeller, Email: "sam@example.com"}
	other := &app.User{ID: 3, Role: app.RoleSeller, Email: "olga@example.com"}
	buyer := &app.User{ID: 4, Role: app.RoleBuyer, Email: "bea@example.com"}
	product := &app.Product{SellerID: seller.ID}
	for _, tc := range []struct {
		name string
		got  bool
		want bool
	}{
		{"admin deletes any product", app.CanDeleteProduct(admin, product), true},
		{"seller deletes own product", app.CanDeleteProduct(seller, product), true},
		{"other seller deletes it", app.CanDeleteProduct(other, product), false},
		{"buyer deletes it", app.CanDeleteProduct(buyer, product), false},
		{"nobody deletes it", app.CanDeleteProduct(nil, product), false},
		{"buyer checks own roles", app.CanCheckRoles(buyer, " BEA@example.com"), true},
		{"buyer checks another's roles", app.CanCheckRoles(buyer, "sam@example.com"), false},
		{"seller lists products", app.CanCreateProduct(seller), true},
		{"admin lists products", app.CanCreateProduct(admin), false},
		{"admin adds a category", app.CanCreateCategory(admin), true},
		{"seller adds a category", app.CanCreateCategory(seller), false},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}
