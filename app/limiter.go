package app

import (
	"sync"
	"time"
)

// RateLimits counts attempts per key in sliding windows: failed logins per
// email, uploads per user. Several instances of the marketplace share one
// store, so that each counts the attempts made on all of them; one process
// uses MemoryRateLimits. Its methods are safe for concurrent use. A store
// that cannot reach where it keeps its counts lets attempts through (and
// says so in its logs): the limits brake abuse, they guard nothing secret.
type RateLimits interface {
	// Wait is how long key must wait before another attempt under limit, or 0.
	Wait(key string, limit Limit, now time.Time) time.Duration
	// Take counts an attempt for key if limit allows one now, and otherwise
	// counts nothing and says how long to wait: one step, so that two
	// instances asking at once cannot both take the last attempt.
	Take(key string, limit Limit, now time.Time) time.Duration
	// Record counts an attempt for key, allowed or not: a failed login.
	Record(key string, limit Limit, now time.Time)
	// Reset forgets key's attempts, after a successful one.
	Reset(key string)
}

// Limit is at most Max attempts in any Window.
type Limit struct {
	Max    int
	Window time.Duration
}

// AttemptLimiter is one limit over its own keys in a RateLimits store.
type AttemptLimiter struct {
	store RateLimits
	name  string // keeps its keys apart from other limiters' in store
	limit Limit
}

func newAttemptLimiter(store RateLimits, name string, limit Limit) *AttemptLimiter {
	return &AttemptLimiter{store: store, name: name, limit: limit}
}

func (l *AttemptLimiter) key(key string) string { return l.name + "\x00" + key }

// RetryAfter reports how long key must wait before another attempt, or 0.
func (l *AttemptLimiter) RetryAfter(key string, now time.Time) time.Duration {
	return l.store.Wait(l.key(key), l.limit, now)
}

// Take counts an attempt for key unless it must wait, and returns the wait.
func (l *AttemptLimiter) Take(key string, now time.Time) time.Duration {
	return l.store.Take(l.key(key), l.limit, now)
}

// Record counts an attempt for key.
func (l *AttemptLimiter) Record(key string, now time.Time) { l.store.Record(l.key(key), l.limit, now) }

// Reset forgets key's attempts, after a successful one.
func (l *AttemptLimiter) Reset(key string) { l.store.Reset(l.key(key)) }

// MemoryRateLimits keeps the counts in this process's memory: a restart
// forgets them, which only ever helps a legitimate user.
type MemoryRateLimits struct {
	mu       sync.Mutex
	attempts map[string]*attempts
	sweeps   int
}

type attempts struct {
	times  []time.Time
	window time.Duration
}

var _ RateLimits = (*MemoryRateLimits)(nil)

func NewMemoryRateLimits() *MemoryRateLimits {
	return &MemoryRateLimits{attempts: map[string]*attempts{}}
}

func (m *MemoryRateLimits) Wait(key string, limit Limit, now time.Time) time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.waitLocked(key, limit, now)
}

func (m *MemoryRateLimits) Take(key string, limit Limit, now time.Time) time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	if wait := m.waitLocked(key, limit, now); wait > 0 {
		return wait
	}
	m.recordLocked(key, limit, now)
	return 0
}

func (m *MemoryRateLimits) Record(key string, limit Limit, now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.recordLocked(key, limit, now)
}

func (m *MemoryRateLimits) Reset(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.attempts, key)
}

func (m *MemoryRateLimits) waitLocked(key string, limit Limit, now time.Time) time.Duration {
	recent := m.recent(key, limit, now)
	if len(recent) < limit.Max {
		return 0
	}
	// The oldest attempt still in the window decides when a slot frees up.
	return recent[len(recent)-limit.Max].Add(limit.Window).Sub(now)
}

func (m *MemoryRateLimits) recordLocked(key string, limit Limit, now time.Time) {
	times := append(m.recent(key, limit, now), now)
	m.attempts[key] = &attempts{times: times, window: limit.Window}
	m.sweeps++
	if m.sweeps >= 1000 {
		m.sweep(now)
	}
}

// recent are key's attempts within limit's window, at most limit.Max of
// them: older ones can no longer decide a wait.
func (m *MemoryRateLimits) recent(key string, limit Limit, now time.Time) []time.Time {
	a := m.attempts[key]
	if a == nil {
		return nil
	}
	times := a.times
	cut := 0
	for cut < len(times) && now.Sub(times[cut]) >= limit.Window {
		cut++
	}
	times = times[cut:]
	if len(times) > limit.Max {
		times = times[len(times)-limit.Max:]
	}
	if len(times) == 0 {
		delete(m.attempts, key)
		return nil
	}
	a.times = times
	return times
}

// sweep drops keys whose attempts have all left their window, so memory
// stays bounded by the attempts of one window.
func (m *MemoryRateLimits) sweep(now time.Time) {
	m.sweeps = 0
	for key, a := range m.attempts {
		if last := a.times[len(a.times)-1]; now.Sub(last) >= a.window {
			delete(m.attempts, key)
		}
	}
}
