// Package ratelimits keeps the rate limits' counts (app.RateLimits) in
// the memory of the one process that serves a marketplace on SQLite;
// instances sharing a PostgreSQL database count in it instead
// (postgres/ratelimits.go). Both run the port's contract tests
// (internal/porttest).
package ratelimits

import (
	"sync"
	"time"

	"rehome/app"
)

// Memory keeps the counts in this process's memory: a restart forgets
// them, which only ever helps a legitimate user.
type Memory struct {
	mu       sync.Mutex
	attempts map[string]*attempts
	sweeps   int
}

type attempts struct {
	times  []time.Time
	window time.Duration
}

var _ app.RateLimits = (*Memory)(nil)

// NewMemory keeps no counts yet.
func NewMemory() *Memory {
	return &Memory{attempts: map[string]*attempts{}}
}

func (m *Memory) Wait(key string, limit app.Limit, now time.Time) time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.waitLocked(key, limit, now)
}

func (m *Memory) Take(key string, limit app.Limit, now time.Time) time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	if wait := m.waitLocked(key, limit, now); wait > 0 {
		return wait
	}
	m.recordLocked(key, limit, now)
	return 0
}

func (m *Memory) Record(key string, limit app.Limit, now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.recordLocked(key, limit, now)
}

func (m *Memory) Reset(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.attempts, key)
}

func (m *Memory) waitLocked(key string, limit app.Limit, now time.Time) time.Duration {
	recent := m.recent(key, limit, now)
	if len(recent) < limit.Max {
		return 0
	}
	// The oldest attempt still in the window decides when a slot frees up.
	return recent[len(recent)-limit.Max].Add(limit.Window).Sub(now)
}

func (m *Memory) recordLocked(key string, limit app.Limit, now time.Time) {
	times := append(m.recent(key, limit, now), now)
	m.attempts[key] = &attempts{times: times, window: limit.Window}
	m.sweeps++
	if m.sweeps >= 1000 {
		m.sweep(now)
	}
}

// recent are key's attempts within limit's window, at most limit.Max of
// them: older ones can no longer decide a wait.
func (m *Memory) recent(key string, limit app.Limit, now time.Time) []time.Time {
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
func (m *Memory) sweep(now time.Time) {
	m.sweeps = 0
	for key, a := range m.attempts {
		if last := a.times[len(a.times)-1]; now.Sub(last) >= a.window {
			delete(m.attempts, key)
		}
	}
}
