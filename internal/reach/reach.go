// Package reach keeps track of whether a service this instance shares with
// the others (the PostgreSQL database, the S3 picture store) answers, so
// that its going down and coming back are each logged once, however many
// requests fail meanwhile.
package reach

import (
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// Tracker follows one service. Its zero value is not usable: use New.
type Tracker struct {
	name string
	down atomic.Bool
	mu   sync.Mutex // orders the two log lines of a flapping service
	log  atomic.Pointer[slog.Logger]

	// lastTry is when (Unix nanoseconds) a call was last let through to
	// the service while it is down; see Attempt.
	lastTry    atomic.Int64
	retryEvery atomic.Int64 // a time.Duration

	whenDown func(err error) // see WhenDown
}

// RetryEvery is how often, while a service is down, Attempt lets a call
// through to see whether it is back.
const RetryEvery = time.Second

// New tracks the service named name ("database"), logging to slog's
// default logger until UseLogger.
func New(name string) *Tracker {
	t := &Tracker{name: name}
	t.retryEvery.Store(int64(RetryEvery))
	return t
}

// SetRetryEvery changes RetryEvery for this tracker, for tests.
func (t *Tracker) SetRetryEvery(d time.Duration) { t.retryEvery.Store(int64(d)) }

// Attempt reports whether a call should go to the service: always while it
// is up; while it is down, one call each RetryEvery, the others failing at
// once. A service that hangs then holds one request at a time, not every
// request until each times out.
func (t *Tracker) Attempt() bool {
	if !t.down.Load() {
		return true
	}
	last, now := t.lastTry.Load(), time.Now().UnixNano()
	return now-last >= t.retryEvery.Load() && t.lastTry.CompareAndSwap(last, now)
}

// WhenDown has f run each time the service goes down, with the error that
// said so, after the line that says so: a pool drops its connections
// there, which are broken off, lest they fail again once it is back. Set
// it before any use.
func (t *Tracker) WhenDown(f func(err error)) { t.whenDown = f }

// UseLogger has the transitions logged to log.
func (t *Tracker) UseLogger(log *slog.Logger) { t.log.Store(log) }

func (t *Tracker) logger() *slog.Logger {
	if l := t.log.Load(); l != nil {
		return l
	}
	return slog.Default()
}

// Down reports whether the last call to the service failed to reach it.
func (t *Tracker) Down() bool { return t.down.Load() }

// Failed records a call that could not reach the service; the first after
// it was up logs that it is unreachable, with err.
func (t *Tracker) Failed(err error) {
	t.lastTry.Store(time.Now().UnixNano())
	if t.down.Load() {
		return
	}
	t.mu.Lock()
	went := t.down.CompareAndSwap(false, true)
	if went {
		t.logger().Error(t.name+" unreachable", "err", err)
	}
	t.mu.Unlock()
	if went && t.whenDown != nil {
		t.whenDown(err)
	}
}

// Reached records a call the service answered (even with an error of its
// own); the first after it was down logs that it is back. While it is up
// this costs one atomic load.
func (t *Tracker) Reached() {
	if !t.down.Load() {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.down.CompareAndSwap(true, false) {
		t.logger().Info(t.name + " reachable again")
	}
}
