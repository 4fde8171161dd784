package cache

import "sync"

// PageKey is a product's place in a category page: newest first.
type PageKey struct{ Created, ID int64 }

// PageMarks is what CategoryPages knows of one category: how many
// products it has for sale, and the key of every stride-th one.
type PageMarks struct {
	Version uint64
	Total   int
	Keys    []PageKey // Keys[i] is the product at offset i*stride
}

// CategoryPages keeps each category's PageMarks while no write changed
// the category's listings.
type CategoryPages struct {
	mu       sync.Mutex
	every    uint64           // bumped when any category may have changed
	versions map[int64]uint64 // bumped when one category changes
	marks    map[int64]*PageMarks
	building map[int64]*sync.Mutex // one build per category at a time
}

func newCategoryPages() *CategoryPages {
	return &CategoryPages{versions: map[int64]uint64{}, marks: map[int64]*PageMarks{}, building: map[int64]*sync.Mutex{}}
}

// version only grows for a given category: both of its terms only grow.
func (cp *CategoryPages) versionLocked(category int64) uint64 {
	return cp.every + cp.versions[category]
}

// ChangedAll follows a write that may have changed any category's products.
func (cp *CategoryPages) ChangedAll() {
	cp.mu.Lock()
	defer cp.mu.Unlock()
	cp.every++
}

// Changed follows a write that changed the category's products.
func (cp *CategoryPages) Changed(category int64) {
	cp.mu.Lock()
	defer cp.mu.Unlock()
	cp.versions[category]++
}

// Current is the category's marks if no write changed it since they were read.
func (cp *CategoryPages) Current(category int64) (*PageMarks, uint64) {
	cp.mu.Lock()
	defer cp.mu.Unlock()
	v := cp.versionLocked(category)
	if m := cp.marks[category]; m != nil && m.Version == v {
		return m, v
	}
	return nil, v
}

// BuildLock is held to read a category's marks: one reader at a time.
func (cp *CategoryPages) BuildLock(category int64) *sync.Mutex {
	cp.mu.Lock()
	defer cp.mu.Unlock()
	l := cp.building[category]
	if l == nil {
		l = &sync.Mutex{}
		cp.building[category] = l
	}
	return l
}

// Keep keeps m, read at m.Version, for category.
func (cp *CategoryPages) Keep(category int64, m *PageMarks) {
	cp.mu.Lock()
	defer cp.mu.Unlock()
	cp.marks[category] = m
}
