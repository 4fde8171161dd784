// Package testlog is a log destination for tests that run a server: its
// goroutines write while the test reads.
package testlog

import (
	"bytes"
	"sync"
	"time"
)

// Buffer is a bytes.Buffer safe for concurrent writes and reads.
type Buffer struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	written chan struct{} // closed (and forgotten) at the next write
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.written != nil {
		close(b.written)
		b.written = nil
	}
	return b.buf.Write(p)
}

// WaitFor waits until the log holds text, or fails after timeout; it says
// whether the text came.
func (b *Buffer) WaitFor(text string, timeout time.Duration) bool {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		b.mu.Lock()
		found := bytes.Contains(b.buf.Bytes(), []byte(text))
		if b.written == nil {
			b.written = make(chan struct{})
		}
		written := b.written
		b.mu.Unlock()
		if found {
			return true
		}
		select {
		case <-written:
		case <-deadline.C:
			return false
		}
	}
}

func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
