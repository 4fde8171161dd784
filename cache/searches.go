package cache

import (
	"cmp"
	"math"
	"slices"
	"sync"
)

// Searches keeps what searches found, and is not dropped by a write: it
// logs which listings each write changed, so that a kept answer that is
// behind can be brought up to date by checking those listings alone
// (Since, SearchHits.Updated). The log is bounded; an answer it no longer
// reaches back for is read afresh, as is every answer after a write whose
// listings could not be told. Budget: the first search after a write
// (docs/benchmarks.md).
type Searches struct {
	mu    sync.RWMutex
	gen   uint64 // moves on with every write of listings
	floor uint64 // the log tells every write after this generation
	log   []loggedChange
	// logged is how many IDs the log holds.
	logged int
	items  map[string]*SearchHits
	weight int
}

// loggedChange is the listings one write changed.
type loggedChange struct {
	gen uint64
	ids []int64
}

// How much the searches keep: their hits, weighed by SearchHits.weight,
// and the IDs of the writes logged since.
const (
	KeptSearchBytes   = 4 << 20
	KeptChangedIDs    = 1024
	searchEntryWeight = 64 // a kept search's own fields and map slot
)

func newSearches() *Searches { return &Searches{items: map[string]*SearchHits{}} }

// Get is the kept answer of a search, up to date or not: see Gen.
func (s *Searches) Get(key string) (*SearchHits, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	h, ok := s.items[key]
	return h, ok
}

// Generation is read before reading the database for Put; an answer whose
// Gen is the Generation is up to date.
func (s *Searches) Generation() uint64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.gen
}

// Since is the listings changed by the writes after gen, each once, and
// the generation they bring an answer up to. ok is false when the log no
// longer reaches back to gen: then only a fresh read is up to date.
func (s *Searches) Since(gen uint64) (ids []int64, now uint64, ok bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if gen < s.floor {
		return nil, s.gen, false
	}
	i, _ := slices.BinarySearchFunc(s.log, gen+1, func(c loggedChange, g uint64) int { return cmp.Compare(c.gen, g) })
	for _, c := range s.log[i:] {
		ids = append(ids, c.ids...)
	}
	slices.Sort(ids)
	return slices.Compact(ids), s.gen, true
}

// Put keeps h as the answer of key as of generation gen (read before the
// database was), unless the one kept is newer.
func (s *Searches) Put(gen uint64, key string, h *SearchHits) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen < s.floor {
		return // read before a write that changed listings untold
	}
	w := h.weight()
	if w > KeptSearchBytes {
		return
	}
	if old, ok := s.items[key]; ok {
		if old.gen > gen {
			return
		}
		s.drop(key)
	}
	h.gen = gen
	// Full: drop some entries. Map order is random enough that the hot
	// entries come back at the cost of one read each.
	for old := range s.items {
		if s.weight+w <= KeptSearchBytes {
			break
		}
		s.drop(old)
	}
	s.items[key] = h
	s.weight += w
}

func (s *Searches) drop(key string) {
	if h, ok := s.items[key]; ok {
		s.weight -= h.weight()
		delete(s.items, key)
	}
}

// changed logs a write of the listings ids.
func (s *Searches) changed(ids []int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gen++
	if len(ids) > KeptChangedIDs {
		s.forgetAll()
		return
	}
	s.log = append(s.log, loggedChange{gen: s.gen, ids: slices.Clone(ids)})
	s.logged += len(ids)
	drop := 0
	for s.logged > KeptChangedIDs {
		s.logged -= len(s.log[drop].ids)
		s.floor = s.log[drop].gen
		drop++
	}
	if drop > 0 {
		s.log = slices.Delete(s.log, 0, drop)
	}
}

// ForgetAll drops every kept answer after a write whose listings could
// not be told.
func (s *Searches) ForgetAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gen++
	s.forgetAll()
}

func (s *Searches) forgetAll() {
	s.floor = s.gen
	s.log, s.logged = nil, 0
	clear(s.items)
	s.weight = 0
}

// Hit is a listing a search found and the value the search orders by:
// its rank, price or time of listing.
type Hit struct {
	ID  int64
	Key float64
}

// SearchHits is what a search found: listing IDs in order with the values
// they are ordered by, and a spelling suggestion when it found none. The
// IDs are kept in 32 bits while each fits (budget: peak RSS under load,
// docs/benchmarks.md). Once kept it does not change: Updated makes a new
// one, so readers need no lock.
type SearchHits struct {
	ids32 []int32
	ids64 []int64 // instead, once an ID needs more
	keys  []float64
	// descending orders by key then ID, both from the largest; otherwise
	// both from the smallest.
	descending bool
	Suggestion string
	gen        uint64
	updates    int
}

// NewSearchHits keeps hits, in their order: by key then ID, from the
// largest when descending.
func NewSearchHits(hits []Hit, descending bool, suggestion string) *SearchHits {
	h := &SearchHits{descending: descending, Suggestion: suggestion, keys: make([]float64, 0, len(hits))}
	wide := slices.ContainsFunc(hits, func(hit Hit) bool { return !fits32(hit.ID) })
	if wide {
		h.ids64 = make([]int64, 0, len(hits))
	} else {
		h.ids32 = make([]int32, 0, len(hits))
	}
	for _, hit := range hits {
		h.add(hit)
	}
	return h
}

func fits32(id int64) bool { return id >= 0 && id <= math.MaxInt32 }

func (h *SearchHits) add(hit Hit) {
	if h.ids64 != nil {
		h.ids64 = append(h.ids64, hit.ID)
	} else {
		h.ids32 = append(h.ids32, int32(hit.ID)) // #nosec G115 -- the caller checked that every ID fits
	}
	h.keys = append(h.keys, hit.Key)
}

func (h *SearchHits) id(i int) int64 {
	if h.ids64 != nil {
		return h.ids64[i]
	}
	return int64(h.ids32[i])
}

// weight is the bytes h holds.
func (h *SearchHits) weight() int {
	return searchEntryWeight + len(h.Suggestion) + 4*len(h.ids32) + 8*len(h.ids64) + 8*len(h.keys)
}

// Len is how many listings the search found.
func (h *SearchHits) Len() int { return len(h.keys) }

// Gen is the generation of Searches the hits are up to date with.
func (h *SearchHits) Gen() uint64 { return h.gen }

// Updates is how many times Updated brought these hits up to date since
// they were read afresh.
func (h *SearchHits) Updates() int { return h.updates }

// Page is the IDs from offset, at most limit of them.
func (h *SearchHits) Page(offset, limit int) []int64 {
	end := min(h.Len(), offset+limit)
	if offset >= end {
		return nil
	}
	page := make([]int64, 0, end-offset)
	for i := offset; i < end; i++ {
		page = append(page, h.id(i))
	}
	return page
}

// compare orders two hits as h does.
func (h *SearchHits) compare(a, b Hit) int {
	c := cmp.Or(cmp.Compare(a.Key, b.Key), cmp.Compare(a.ID, b.ID))
	if h.descending {
		return -c
	}
	return c
}

// Updated is h after the listings changed were written: each left out,
// and those of them found, the search's matches now, put in at their
// place by key. The keys of the others are as read before.
func (h *SearchHits) Updated(changed []int64, found []Hit) *SearchHits {
	found = slices.Clone(found)
	slices.SortFunc(found, h.compare)
	gone := make(map[int64]bool, len(changed))
	for _, id := range changed {
		gone[id] = true
	}
	u := &SearchHits{descending: h.descending, Suggestion: h.Suggestion, updates: h.updates + 1,
		keys: make([]float64, 0, h.Len()+len(found))}
	if h.ids64 != nil || slices.ContainsFunc(found, func(hit Hit) bool { return !fits32(hit.ID) }) {
		u.ids64 = make([]int64, 0, h.Len()+len(found))
	} else {
		u.ids32 = make([]int32, 0, h.Len()+len(found))
	}
	for i := range h.Len() {
		kept := Hit{ID: h.id(i), Key: h.keys[i]}
		if gone[kept.ID] {
			continue
		}
		for len(found) > 0 && h.compare(found[0], kept) < 0 {
			u.add(found[0])
			found = found[1:]
		}
		u.add(kept)
	}
	for _, hit := range found {
		u.add(hit)
	}
	if u.Len() > 0 {
		u.Suggestion = "" // only an answer of none has a suggestion
	}
	return u
}
