package sqlite

import (
	"sync"

	"rehome/cache"
)

// keptByListing holds what was read of listings at a generation of the
// searches' change log, and drops a listing's as the generation moves past
// a change of it, so that what several searches ask of the same listings
// after a write is read once between them.
type keptByListing[V any] struct {
	mu   sync.Mutex
	gen  uint64
	byID map[int64]V
}

// maxKeptByListing bounds what a keptByListing holds: past it, it starts
// afresh. The listings a few seconds of writes change are far fewer.
const maxKeptByListing = 1024

// get is what is kept of ids, and the IDs of those not kept, after dropping
// that of every listing changed since the generation it was kept at, as
// changedSince tells (the listings changed after a generation, and the
// generation that is up to).
func (k *keptByListing[V]) get(gen uint64, ids []int64, changedSince func(uint64) ([]int64, uint64, bool)) (kept []V, missing []int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.byID == nil || gen > k.gen {
		changed, now, ok := changedSince(k.gen)
		if k.byID == nil || !ok {
			k.byID = map[int64]V{}
		}
		for _, id := range changed {
			delete(k.byID, id)
		}
		k.gen = now
	}
	for _, id := range ids {
		if v, ok := k.byID[id]; ok {
			kept = append(kept, v)
		} else {
			missing = append(missing, id)
		}
	}
	return kept, missing
}

// put keeps what was read of listings since generation gen, unless what is
// kept has moved on past it: a value read then may be older than a change
// already dropped.
func (k *keptByListing[V]) put(gen uint64, read map[int64]V) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.gen != gen || k.byID == nil {
		return
	}
	if len(k.byID)+len(read) > maxKeptByListing {
		clear(k.byID)
	}
	for id, v := range read {
		k.byID[id] = v
	}
}

// keptFilterChecks keeps, for each set of filters, which listings pass them.
type keptFilterChecks struct {
	mu    sync.Mutex
	byKey map[string]*keptByListing[*cache.Hit]
}

// maxKeptFilters bounds the sets of filters kept: past it, they start
// afresh. The searches with words that visitors repeat share a few.
const maxKeptFilters = 64

// of is what is kept for the filters of key.
func (k *keptFilterChecks) of(key string) *keptByListing[*cache.Hit] {
	k.mu.Lock()
	defer k.mu.Unlock()
	if kept, ok := k.byKey[key]; ok {
		return kept
	}
	if k.byKey == nil || len(k.byKey) >= maxKeptFilters {
		k.byKey = map[string]*keptByListing[*cache.Hit]{}
	}
	kept := &keptByListing[*cache.Hit]{}
	k.byKey[key] = kept
	return kept
}
