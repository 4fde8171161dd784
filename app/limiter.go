package app

import "time"

// RateLimits counts attempts per key in sliding windows: failed logins per
// email, uploads per user. Several instances of the marketplace share one
// store, so that each counts the attempts made on all of them; one process
// keeps them in its memory (package ratelimits). Its methods are safe for concurrent use. A store
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
