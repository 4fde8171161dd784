package sqlite

import "sync"

// cache keeps rows this process read recently, so the hot paths (the
// signed-in user, the session, a category by name) skip a query. Only this
// process writes those rows (the command line only creates admins), and
// every write forgets what it changed once it has ended (changes.go).
// Budget: the signed-in category page's server CPU per request
// (docs/benchmarks.md).
//
// A reader that missed reads the database and then offers what it read with
// put. A write that committed in between bumped the generation, and the
// stale row is then dropped instead of kept: what is cached is never older
// than the last write that forgot it.
type cache[K comparable, V any] struct {
	mu    sync.RWMutex
	gen   uint64
	limit int
	items map[K]V
	// weigh, when set, is what an entry counts against limit; otherwise
	// each counts one.
	weigh  func(V) int
	weight int
}

func newCache[K comparable, V any](limit int) *cache[K, V] {
	return &cache[K, V]{limit: limit, items: make(map[K]V)}
}

// newWeighedCache is a cache whose entries together weigh at most limit.
func newWeighedCache[K comparable, V any](limit int, weigh func(V) int) *cache[K, V] {
	c := newCache[K, V](limit)
	c.weigh = weigh
	return c
}

func (c *cache[K, V]) weightOf(v V) int {
	if c.weigh == nil {
		return 1
	}
	return c.weigh(v)
}

func (c *cache[K, V]) get(k K) (V, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.items[k]
	return v, ok
}

// generation is read before reading the database for put.
func (c *cache[K, V]) generation() uint64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.gen
}

// put keeps v unless a write forgot something since gen was read.
func (c *cache[K, V]) put(gen uint64, k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen == c.gen {
		c.store(k, v)
	}
}

func (c *cache[K, V]) store(k K, v V) {
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

func (c *cache[K, V]) drop(k K) {
	if v, ok := c.items[k]; ok {
		c.weight -= c.weightOf(v)
		delete(c.items, k)
	}
}

// forget drops k after a write changed it.
func (c *cache[K, V]) forget(k K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.drop(k)
}

// forgetAll drops everything after a write that changed many rows.
func (c *cache[K, V]) forgetAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	clear(c.items)
	c.weight = 0
}
