package cache

import "sync"

// Until keeps one value read at a catalogue version until the version
// changes or the value's own deadline passes: the accounts suspended now,
// which change with a write and again when a suspension ends.
type Until[V any] struct {
	mu      sync.Mutex
	ok      bool
	version uint64
	until   int64 // Unix ms
	value   V
}

// Get answers the value kept at version while now is before its deadline.
func (u *Until[V]) Get(version uint64, now int64) (V, bool) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if !u.ok || u.version != version || now >= u.until {
		var zero V
		return zero, false
	}
	return u.value, true
}

// Put keeps value, read at version (taken before the read), until then.
func (u *Until[V]) Put(version uint64, until int64, value V) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.ok, u.version, u.until, u.value = true, version, until, value
}
