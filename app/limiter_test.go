package app_test

import (
	"testing"
	"time"

	"rehome/app"
)

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
