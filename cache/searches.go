package cache

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
)

// Searches keeps what searches found, and is not dropped by a write: it
// logs which listings each write changed, so that a kept answer that is
// behind can be brought up to date by checking those listings alone
// (Since, SearchHits.Updated). The log is bounded; an answer it no longer
// reaches back for is read afresh, as is every answer after a write whose
// listings could not be told. Budget: the first search after a write
// (docs/benchmarks.md).
//
// It also keeps, for a search's words, every listing whose text they
// match, whatever its other filters (WordMatches): most writes leave a
// listing's text as it was (a price, a booking), and then whether the
// words match it is known without asking the full-text index.
type Searches struct {
	mu    sync.RWMutex
	gen   uint64 // moves on with every write of listings
	floor uint64 // the log tells every write after this generation
	log   []loggedChange
	// logged is how many IDs the log holds.
	logged  int
	hits    keptSet[*SearchHits]
	matches keptSet[*WordMatches]
	// clock orders uses, so that a full cache drops what was used longest ago.
	clock atomic.Uint64
}

// loggedChange is the listings one write changed.
type loggedChange struct {
	gen uint64
	ids []int64
	// texts is those of ids whose searchable text changed, or that were
	// added or deleted.
	texts []int64
}

// How much the searches keep: their hits, weighed by SearchHits.weight,
// and the IDs of the writes logged since.
const (
	KeptSearchBytes    = 4 << 20
	KeptWordMatchBytes = 2 << 20
	KeptChangedIDs     = 1024
	searchEntryWeight  = 64 // a kept search's own fields and map slot
)

func newSearches() *Searches {
	return &Searches{hits: newKeptSet[*SearchHits](KeptSearchBytes), matches: newKeptSet[*WordMatches](KeptWordMatchBytes)}
}

// Get is the kept answer of a search, up to date or not: see Gen.
func (s *Searches) Get(key string) (*SearchHits, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.hits.get(key, &s.clock)
}

// Generation is read before reading the database for Put; an answer whose
// Gen is the Generation is up to date.
func (s *Searches) Generation() uint64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.gen
}

// Since is the listings changed by the writes after gen, each once, those
// of them whose text changed, and the generation they bring an answer up
// to. ok is false when the log no longer reaches back to gen: then only a
// fresh read is up to date.
func (s *Searches) Since(gen uint64) (ids, texts []int64, now uint64, ok bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if gen < s.floor {
		return nil, nil, s.gen, false
	}
	i, _ := slices.BinarySearchFunc(s.log, gen+1, func(c loggedChange, g uint64) int { return cmp.Compare(c.gen, g) })
	for _, c := range s.log[i:] {
		ids = append(ids, c.ids...)
		texts = append(texts, c.texts...)
	}
	slices.Sort(ids)
	slices.Sort(texts)
	return slices.Compact(ids), slices.Compact(texts), s.gen, true
}

// Put keeps h as the answer of key as of generation gen (read before the
// database was), unless the one kept is newer.
func (s *Searches) Put(gen uint64, key string, h *SearchHits) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen >= s.floor { // else read before a write that changed listings untold
		s.hits.put(gen, key, h, &s.clock)
	}
}

// Matches is the kept word matches of a search's words, up to date or not:
// see WordMatches.Gen.
func (s *Searches) Matches(key string) (*WordMatches, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.matches.get(key, &s.clock)
}

// PutMatches keeps m as the word matches of key as of generation gen,
// unless the one kept is newer.
func (s *Searches) PutMatches(gen uint64, key string, m *WordMatches) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen >= s.floor {
		s.matches.put(gen, key, m, &s.clock)
	}
}

// keptEntry is what Searches keeps: an answer, or word matches.
type keptEntry interface {
	weight() int
	stamped() *stamps
}

// stamps is the generation a kept entry is up to date with, and when it
// was last used, by Searches.clock.
type stamps struct {
	gen  uint64
	used atomic.Uint64
}

func (s *stamps) stamped() *stamps { return s }

// keptSet is the entries of one kind, within budget bytes: a full set
// drops those used longest ago. The caller holds Searches.mu.
type keptSet[E keptEntry] struct {
	entries map[string]E
	weight  int
	budget  int
}

func newKeptSet[E keptEntry](budget int) keptSet[E] {
	return keptSet[E]{entries: map[string]E{}, budget: budget}
}

func (k *keptSet[E]) get(key string, clock *atomic.Uint64) (E, bool) {
	e, ok := k.entries[key]
	if ok {
		e.stamped().used.Store(clock.Add(1))
	}
	return e, ok
}

// put keeps e as key's entry as of generation gen, unless the one kept
// is newer. A full set drops an eighth of what it holds, those used
// longest ago, in one sort, so that the sort serves many puts however
// many small entries it holds.
func (k *keptSet[E]) put(gen uint64, key string, e E, clock *atomic.Uint64) {
	w := e.weight()
	if w > k.budget {
		return
	}
	if old, ok := k.entries[key]; ok {
		if old.stamped().gen > gen {
			return
		}
		k.weight -= old.weight()
		delete(k.entries, key)
	}
	e.stamped().gen = gen
	e.stamped().used.Store(clock.Add(1))
	if k.weight+w > k.budget {
		k.dropLeastUsed(k.budget*7/8 - w)
	}
	k.entries[key] = e
	k.weight += w
}

// dropLeastUsed drops the entries used longest ago until they weigh at
// most target.
func (k *keptSet[E]) dropLeastUsed(target int) {
	keys := make([]string, 0, len(k.entries))
	for key := range k.entries {
		keys = append(keys, key)
	}
	used := func(key string) uint64 { return k.entries[key].stamped().used.Load() }
	slices.SortFunc(keys, func(a, b string) int { return cmp.Compare(used(a), used(b)) })
	for _, key := range keys {
		if k.weight <= target {
			return
		}
		k.weight -= k.entries[key].weight()
		delete(k.entries, key)
	}
}

func (k *keptSet[E]) clear() {
	clear(k.entries)
	k.weight = 0
}

// changed logs a write of the listings ids, of which texts changed their
// searchable text.
func (s *Searches) changed(ids, texts []int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gen++
	if len(ids) > KeptChangedIDs {
		s.forgetAll()
		return
	}
	s.log = append(s.log, loggedChange{gen: s.gen, ids: slices.Clone(ids), texts: slices.Clone(texts)})
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
	s.hits.clear()
	s.matches.clear()
}

// Hit is a listing a search found and the value the search orders by:
// its rank and time of listing (sqlite.rankStep), price or time of listing.
type Hit struct {
	ID  int64
	Key float64
}

// SearchHits is what a search found: listing IDs in order with the values
// they are ordered by, and a spelling suggestion when it found none. Once
// kept it does not change: Updated makes a new one, so readers need no
// lock.
//
// An update changes a few listings of thousands, so it does not copy
// them: the hits are a list read once (hitList), shared by the updates,
// and the changes since, on top of it: the listings of the list left out
// and those put in, in order. Past maxOverlay changes they are merged
// into a new list. Budget: the first search after a write, and peak RSS
// under writes (docs/benchmarks.md), which a copy of every hit at every
// write would churn.
type SearchHits struct {
	list *hitList
	// gone is the indexes in list of the hits left out, ascending.
	gone []int
	// added is the hits put in, in order; addedAt[j] is how many of list's
	// hits come before added[j].
	added      []Hit
	addedAt    []int
	Suggestion string
	// WordsKnown is set on an answer of none whose every word finds some
	// listing in the index: it can offer no suggestion until a listing's
	// text changes, whatever else a write changes.
	WordsKnown bool
	updates    int
	stamps
}

// maxOverlay is how many changes SearchHits holds on top of its list
// before it merges them into a new one.
const maxOverlay = 256

// hitList is hits in order. The IDs are kept in 32 bits while each fits
// (budget: peak RSS under load).
type hitList struct {
	ids32 []int32
	ids64 []int64 // instead, once an ID needs more
	keys  []float64
	// descending orders by key then ID, both from the largest; otherwise
	// both from the smallest.
	descending bool
}

func newHitList(descending bool, size int, wide bool) *hitList {
	l := &hitList{descending: descending, keys: make([]float64, 0, size)}
	if wide {
		l.ids64 = make([]int64, 0, size)
	} else {
		l.ids32 = make([]int32, 0, size)
	}
	return l
}

func (l *hitList) add(hit Hit) {
	if l.ids64 != nil {
		l.ids64 = append(l.ids64, hit.ID)
	} else {
		l.ids32 = append(l.ids32, int32(hit.ID)) // #nosec G115 -- the caller checked that every ID fits
	}
	l.keys = append(l.keys, hit.Key)
}

func (l *hitList) len() int { return len(l.keys) }

func (l *hitList) hit(i int) Hit {
	if l.ids64 != nil {
		return Hit{ID: l.ids64[i], Key: l.keys[i]}
	}
	return Hit{ID: int64(l.ids32[i]), Key: l.keys[i]}
}

// indexes is where in l the IDs ids are, those that are.
func (l *hitList) indexes(ids []int64) []int {
	var at []int
	if len(ids) <= 8 {
		// A few: a scan each, which allocates nothing.
		for _, id := range ids {
			i := -1
			if l.ids64 != nil {
				i = slices.Index(l.ids64, id)
			} else if fits32(id) {
				i = slices.Index(l.ids32, int32(id)) // #nosec G115 -- checked
			}
			if i >= 0 {
				at = append(at, i)
			}
		}
		slices.Sort(at)
		return at
	}
	wanted := make(map[int64]bool, len(ids))
	for _, id := range ids {
		wanted[id] = true
	}
	for i := range l.len() {
		if wanted[l.hit(i).ID] {
			at = append(at, i)
		}
	}
	return at
}

// compare orders two hits as l does.
func (l *hitList) compare(a, b Hit) int {
	c := cmp.Or(cmp.Compare(a.Key, b.Key), cmp.Compare(a.ID, b.ID))
	if l.descending {
		return -c
	}
	return c
}

// NewSearchHits keeps hits, in their order: by key then ID, from the
// largest when descending.
func NewSearchHits(hits []Hit, descending bool, suggestion string) *SearchHits {
	wide := slices.ContainsFunc(hits, func(hit Hit) bool { return !fits32(hit.ID) })
	l := newHitList(descending, len(hits), wide)
	for _, hit := range hits {
		l.add(hit)
	}
	return &SearchHits{list: l, Suggestion: suggestion}
}

func fits32(id int64) bool { return id >= 0 && id <= math.MaxInt32 }

// weight is the bytes h holds: its list is counted with each SearchHits
// that shares it, as only one of them is kept at a time.
func (h *SearchHits) weight() int {
	l := h.list
	return searchEntryWeight + len(h.Suggestion) + 4*len(l.ids32) + 8*len(l.ids64) + 8*len(l.keys) +
		8*len(h.gone) + 24*len(h.added)
}

// Len is how many listings the search found.
func (h *SearchHits) Len() int { return h.list.len() - len(h.gone) + len(h.added) }

// Gen is the generation of Searches the hits are up to date with.
func (h *SearchHits) Gen() uint64 { return h.gen }

// Updates is how many times Updated brought these hits up to date since
// they were read afresh.
func (h *SearchHits) Updates() int { return h.updates }

// position is how many hits come before the list's hit i and the hits
// added just before it: those of the list before it but the ones gone,
// and those added before them.
func (h *SearchHits) position(i int) int {
	gone, _ := slices.BinarySearch(h.gone, i)
	return i - gone + h.addedBefore(i)
}

// addedBefore is how many of the hits added come before the list's hit
// i-1 (and so before every hit of the list from i-1 on).
func (h *SearchHits) addedBefore(i int) int {
	return sort.Search(len(h.addedAt), func(j int) bool { return h.addedAt[j] >= i })
}

// Page is the IDs from offset, at most limit of them.
func (h *SearchHits) Page(offset, limit int) []int64 {
	end := min(h.Len(), offset+limit)
	if offset >= end {
		return nil
	}
	page := make([]int64, 0, end-offset)
	h.walk(offset, end-offset, func(hit Hit) { page = append(page, hit.ID) })
	return page
}

// walk calls each with the n hits from offset, in order.
func (h *SearchHits) walk(offset, n int, each func(Hit)) {
	l := h.list
	// The last of the list's hits at or before offset, then a merge.
	i := sort.Search(l.len()+1, func(i int) bool { return h.position(i) > offset }) - 1
	skip := offset - h.position(i)
	g, _ := slices.BinarySearch(h.gone, i)
	a := h.addedBefore(i)
	for n > 0 {
		var hit Hit
		switch {
		case a < len(h.added) && h.addedAt[a] <= i:
			hit = h.added[a]
			a++
		case i < l.len():
			if g < len(h.gone) && h.gone[g] == i {
				g++
				i++
				continue
			}
			hit = l.hit(i)
			i++
		default:
			return
		}
		if skip > 0 {
			skip--
			continue
		}
		each(hit)
		n--
	}
}

// Updated is h after the listings changed were written: each left out, and those of them found, the search's matches
// now, put in at their place by key. The keys of the others are as read
// before.
func (h *SearchHits) Updated(changed []int64, found []Hit) *SearchHits {
	l := h.list
	u := &SearchHits{list: l, Suggestion: h.Suggestion, WordsKnown: h.WordsKnown, updates: h.updates + 1}
	u.gone = slices.Clone(h.gone)
	for _, i := range l.indexes(changed) {
		if at, ok := slices.BinarySearch(u.gone, i); !ok {
			u.gone = slices.Insert(u.gone, at, i)
		}
	}
	u.added = slices.DeleteFunc(slices.Clone(h.added), func(hit Hit) bool { return slices.Contains(changed, hit.ID) })
	u.added = append(u.added, found...)
	slices.SortFunc(u.added, l.compare)
	wide := l.ids64 != nil || slices.ContainsFunc(found, func(hit Hit) bool { return !fits32(hit.ID) })
	if len(u.gone)+len(u.added) > maxOverlay || (wide && l.ids64 == nil) {
		merged := newHitList(l.descending, u.Len(), wide)
		u.addedAt = addedAt(l, u.added)
		u.walk(0, u.Len(), merged.add)
		u.list, u.gone, u.added, u.addedAt = merged, nil, nil, nil
	} else {
		u.addedAt = addedAt(l, u.added)
	}
	if u.Len() > 0 {
		u.Suggestion, u.WordsKnown = "", false // only an answer of none has a suggestion
	}
	return u
}

// addedAt is, for each of added, how many of l's hits come before it.
func addedAt(l *hitList, added []Hit) []int {
	at := make([]int, len(added))
	for j, hit := range added {
		at[j] = sort.Search(l.len(), func(i int) bool { return l.compare(l.hit(i), hit) > 0 })
	}
	return at
}

// WordMatches is every listing whose text a search's words match, whatever
// the search's other filters, by ID, with its rank for the words. Once
// kept it does not change: Updated makes a new one, so readers need no
// lock.
type WordMatches struct {
	ids   []int32 // ascending; word matches are kept only while every ID fits
	ranks []float64
	stamps
}

// NewWordMatches keeps hits, their keys the ranks, or answers false when
// an ID does not fit in 32 bits.
func NewWordMatches(hits []Hit) (*WordMatches, bool) {
	if slices.ContainsFunc(hits, func(hit Hit) bool { return !fits32(hit.ID) }) {
		return nil, false
	}
	hits = slices.Clone(hits)
	slices.SortFunc(hits, func(a, b Hit) int { return cmp.Compare(a.ID, b.ID) })
	m := &WordMatches{ids: make([]int32, len(hits)), ranks: make([]float64, len(hits))}
	for i, hit := range hits {
		m.ids[i], m.ranks[i] = int32(hit.ID), hit.Key // #nosec G115 -- checked above
	}
	return m, true
}

func (m *WordMatches) weight() int { return searchEntryWeight + 12*len(m.ids) }

// Gen is the generation of Searches the matches are up to date with.
func (m *WordMatches) Gen() uint64 { return m.gen }

// Len is how many listings the words match.
func (m *WordMatches) Len() int { return len(m.ids) }

// Rank is the rank of listing id, and whether the words match it.
func (m *WordMatches) Rank(id int64) (float64, bool) {
	if !fits32(id) {
		return 0, false
	}
	i, ok := slices.BinarySearch(m.ids, int32(id)) // #nosec G115 -- checked above
	if !ok {
		return 0, false
	}
	return m.ranks[i], true
}

// Updated is m after the listings checked got a new text: each left out,
// and those of them found, the words' matches now, put in with their
// ranks. It answers false when an ID found does not fit in 32 bits.
func (m *WordMatches) Updated(checked []int64, found []Hit) (*WordMatches, bool) {
	if len(checked) == 0 && len(found) == 0 {
		// No text changed: the same matches, shared, to keep at a new generation.
		return &WordMatches{ids: m.ids, ranks: m.ranks}, true
	}
	if slices.ContainsFunc(found, func(hit Hit) bool { return !fits32(hit.ID) }) {
		return nil, false
	}
	found = slices.Clone(found)
	slices.SortFunc(found, func(a, b Hit) int { return cmp.Compare(a.ID, b.ID) })
	gone := make(map[int32]bool, len(checked))
	for _, id := range checked {
		if fits32(id) {
			gone[int32(id)] = true // #nosec G115 -- checked above
		}
	}
	u := &WordMatches{ids: make([]int32, 0, m.Len()+len(found)), ranks: make([]float64, 0, m.Len()+len(found))}
	add := func(id int32, rank float64) {
		u.ids = append(u.ids, id)
		u.ranks = append(u.ranks, rank)
	}
	for i, id := range m.ids {
		if gone[id] {
			continue
		}
		for len(found) > 0 && found[0].ID < int64(id) {
			add(int32(found[0].ID), found[0].Key) // #nosec G115 -- checked above
			found = found[1:]
		}
		if len(found) > 0 && found[0].ID == int64(id) {
			// Found again although not checked: the new rank wins.
			add(id, found[0].Key)
			found = found[1:]
			continue
		}
		add(id, m.ranks[i])
	}
	for _, hit := range found {
		add(int32(hit.ID), hit.Key) // #nosec G115 -- checked above
	}
	return u, true
}
