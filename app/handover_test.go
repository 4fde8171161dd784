package app_test

import (
	"errors"
	"testing"
	"time"

	"rehome/app"
)

// The web app computes the same check on the seller's device
// (pwa/src/lib/handover-check.test.ts holds these vectors too).
func TestHandoverCheckOf(t *testing.T) {
	tests := []struct {
		id   int64
		code string
		want int
	}{
		{42, "123456", 165},
		{7, "000000", 38},
	}
	for _, tc := range tests {
		if got := app.HandoverCheckOf(tc.id, tc.code); got != tc.want {
			t.Errorf("HandoverCheckOf(%d, %q) = %d, want %d", tc.id, tc.code, got, tc.want)
		}
	}
}

func TestHandoverLockAfter(t *testing.T) {
	tests := []struct {
		failures int
		want     time.Duration
	}{
		{0, 0},
		{1, 0},
		{app.HandoverAttempts - 1, 0},
		{app.HandoverAttempts, app.HandoverLock},
		{app.HandoverAttempts + 1, 0},
		{2 * app.HandoverAttempts, 2 * app.HandoverLock},
		{3 * app.HandoverAttempts, 4 * app.HandoverLock},
		{12 * app.HandoverAttempts, 2048 * app.HandoverLock},
		{13 * app.HandoverAttempts, app.HandoverLongestLock},
		{1000 * app.HandoverAttempts, app.HandoverLongestLock},
	}
	for _, tc := range tests {
		if got := app.HandoverLockAfter(tc.failures); got != tc.want {
			t.Errorf("HandoverLockAfter(%d) = %v, want %v", tc.failures, got, tc.want)
		}
	}
}

func TestHandoverLockSaysHowLong(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{app.WrongHandoverCode(1), "This is not the buyer's code"},
		{app.WrongHandoverCode(app.HandoverAttempts), "This is not the buyer's code: the handover is now locked for 15 minutes"},
		{app.WrongHandoverCode(4 * app.HandoverAttempts), "This is not the buyer's code: the handover is now locked for 2 hours"},
		{app.WrongHandoverCode(20 * app.HandoverAttempts), "This is not the buyer's code: the handover is now locked for 30 days"},
		{app.HandoverLocked(40 * time.Second), "Too many wrong codes: try again in a minute"},
		{app.HandoverLocked(29*time.Minute + 50*time.Second), "Too many wrong codes: try again in 30 minutes"},
		{app.HandoverLocked(3*time.Hour + 20*time.Minute), "Too many wrong codes: try again in 3 hours"},
		{app.HandoverLocked(100 * time.Hour), "Too many wrong codes: try again in 4 days"},
	}
	for _, tc := range tests {
		var e *app.Error
		if !errors.As(tc.err, &e) || e.Message != tc.want {
			t.Errorf("%v, want %q", tc.err, tc.want)
		}
	}
}
