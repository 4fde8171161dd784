package reach_test

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rehome/internal/reach"
)

// lockedBuffer takes log lines from many goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) lines() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Split(strings.TrimSpace(b.buf.String()), "\n")
}

// TestOneLinePerTransition: many requests failing at once, then many
// succeeding, log one line when the service goes down and one when it is
// back, in that order; what runs when it goes down runs once each time.
func TestOneLinePerTransition(t *testing.T) {
	logs := &lockedBuffer{}
	tracker := reach.New("database")
	tracker.UseLogger(slog.New(slog.NewTextHandler(logs, nil)))
	var wentDown atomic.Int32
	tracker.WhenDown(func(error) { wentDown.Add(1) })
	many := func(call func()) {
		var wg sync.WaitGroup
		for range 50 {
			wg.Go(call)
		}
		wg.Wait()
	}
	many(tracker.Reached)
	if tracker.Down() {
		t.Error("down before any failure")
	}
	many(func() { tracker.Failed(errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")) })
	if !tracker.Down() {
		t.Error("up after failures")
	}
	many(tracker.Reached)
	many(func() { tracker.Failed(errors.New("unexpected EOF")) })
	many(tracker.Reached)

	if n := wentDown.Load(); n != 2 {
		t.Errorf("WhenDown ran %d times, want once each time the service went down", n)
	}
	lines := logs.lines()
	want := []string{
		`level=ERROR msg="database unreachable" err="dial tcp 127.0.0.1:5432: connect: connection refused"`,
		`level=INFO msg="database reachable again"`,
		`level=ERROR msg="database unreachable" err="unexpected EOF"`,
		`level=INFO msg="database reachable again"`,
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), strings.Join(lines, "\n"))
	}
	for i, line := range lines {
		if !strings.HasSuffix(line, want[i]) {
			t.Errorf("line %d: %s, want it to end %s", i, line, want[i])
		}
	}
}

// TestAttempt: every call goes through while the service is up; once it is
// down, one call each RetryEvery.
func TestAttempt(t *testing.T) {
	tracker := reach.New("picture store")
	tracker.UseLogger(slog.New(slog.NewTextHandler(io.Discard, nil)))
	tracker.SetRetryEvery(time.Hour)
	for range 3 {
		if !tracker.Attempt() {
			t.Fatal("a call kept from a service that is up")
		}
	}
	tracker.Failed(errors.New("timeout"))
	if tracker.Attempt() {
		t.Error("a call let through within RetryEvery of a failure")
	}
	tracker.SetRetryEvery(0)
	if !tracker.Attempt() {
		t.Error("no call let through after RetryEvery")
	}
	tracker.Reached()
	tracker.SetRetryEvery(time.Hour)
	if !tracker.Attempt() {
		t.Error("a call kept from a service that is back")
	}
}
