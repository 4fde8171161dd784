package app

import (
	"sync"
	"time"
)

// AttemptLimiter counts attempts per key in a sliding window: failed logins
// per email, uploads per user. It lives in
// memory: a restart forgets the counts, which only ever helps a legitimate
// user, and one process serves the whole marketplace.
type AttemptLimiter struct {
	max    int
	window time.Duration

	mu       sync.Mutex
	failures map[string][]time.Time
	sweeps   int
}

func NewAttemptLimiter(max int, window time.Duration) *AttemptLimiter {
	return &AttemptLimiter{max: max, window: window, failures: map[string][]time.Time{}}
}

// RetryAfter reports how long key must wait before another attempt, or 0.
func (l *AttemptLimiter) RetryAfter(key string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	recent := l.recent(key, now)
	if len(recent) < l.max {
		return 0
	}
	// The oldest failure still in the window decides when a slot frees up.
	return recent[len(recent)-l.max].Add(l.window).Sub(now)
}

// Record counts an attempt for key.
func (l *AttemptLimiter) Record(key string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.failures[key] = append(l.recent(key, now), now)
	l.sweeps++
	if l.sweeps >= 1000 {
		l.sweep(now)
	}
}

// Reset forgets key's failures, after a successful attempt.
func (l *AttemptLimiter) Reset(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.failures, key)
}

func (l *AttemptLimiter) recent(key string, now time.Time) []time.Time {
	times := l.failures[key]
	cut := 0
	for cut < len(times) && now.Sub(times[cut]) >= l.window {
		cut++
	}
	times = times[cut:]
	if len(times) > l.max {
		times = times[len(times)-l.max:]
	}
	if len(times) == 0 {
		delete(l.failures, key)
		return nil
	}
	l.failures[key] = times
	return times
}

// sweep drops keys whose failures have all expired, so memory stays bounded
// by the attempts of one window.
func (l *AttemptLimiter) sweep(now time.Time) {
	l.sweeps = 0
	for key := range l.failures {
		l.recent(key, now)
	}
}
