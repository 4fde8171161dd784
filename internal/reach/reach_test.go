package reach_test

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"

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
// back, in that order.
func TestOneLinePerTransition(t *testing.T) {
	logs := &lockedBuffer{}
	tracker := reach.New("database")
	tracker.UseLogger(slog.New(slog.NewTextHandler(logs, nil)))
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
