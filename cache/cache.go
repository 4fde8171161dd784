package cache

import "sync"

// Cache keeps rows a store read recently, so the hot paths (the signed-in
// user, the session, a category by name) skip a query. Every committed
// write forgets what it changed (see Caches and Feed). Budget: the
// signed-in category page's server CPU per request (docs/benchmarks.md).
//
// A reader that missed reads the database and then offers what it read with
// Put. A write that committed in between bumped the generation, and the
// stale row is then dropped instead of kept: what is cached is never older
// than the last write that forgot it.
type Cache[K comparable, V any] struct {
	mu    sync.RWMutex
	gen   uint64
	limit int
	items map[K]V
	// weigh, when set, is what an entry counts against limit; otherwise
	// each counts one.
	weigh  func(V) int
	weight int
	// paused keeps nothing: see Pause.
	paused bool
}

// New is a cache of at most limit entries.
func New[K comparable, V any](limit int) *Cache[K, V] {
	return &Cache[K, V]{limit: limit, items: make(map[K]V)}
}

// NewWeighed is a cache whose entries together weigh at most limit.
func NewWeighed[K comparable, V any](limit int, weigh func(V) int) *Cache[K, V] {
	c := New[K, V](limit)
	c.weigh = weigh
	return c
}

func (c *Cache[K, V]) weightOf(v V) int {
	if c.weigh == nil {
		return 1
	}
	return c.weigh(v)
}

func (c *Cache[K, V]) Get(k K) (V, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.items[k]
	return v, ok
}

// Generation is read before reading the database for Put.
func (c *Cache[K, V]) Generation() uint64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.gen
}

// Put keeps v unless a write forgot something since gen was read.
func (c *Cache[K, V]) Put(gen uint64, k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen == c.gen && !c.paused {
		c.store(k, v)
	}
}

func (c *Cache[K, V]) store(k K, v V) {
	w := c.weightOf(v)
	if w > c.limit {
		return
	}
	c.drop(k)
	// Full: drop some entries. Map order is random enough that the hot
	// entries come back at the cost of one query each.
	for old := range c.items {
		if c.weight+w <= c.limit {
			break
		}
		c.drop(old)
	}
	c.items[k] = v
	c.weight += w
}

func (c *Cache[K, V]) drop(k K) {
	if v, ok := c.items[k]; ok {
		c.weight -= c.weightOf(v)
		delete(c.items, k)
	}
}

// Forget drops k after a write changed it.
func (c *Cache[K, V]) Forget(k K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.drop(k)
}

// ForgetAll drops everything after a write that changed many rows.
func (c *Cache[K, V]) ForgetAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	clear(c.items)
	c.weight = 0
}

// Pause forgets everything and keeps nothing until Resume, while the
// writes that should forget rows may go unheard.
func (c *Cache[K, V]) Pause() { c.setPaused(true) }

// Resume forgets everything again, and keeps what is Put from now on.
func (c *Cache[K, V]) Resume() { c.setPaused(false) }

func (c *Cache[K, V]) setPaused(paused bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	clear(c.items)
	c.weight = 0
	c.paused = paused
}
