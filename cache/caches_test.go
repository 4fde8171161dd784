package cache_test

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"rehome/app"
	"rehome/cache"
)

// TestCachesForgetWhatTheFeedTells fills every cache, publishes one change,
// and checks what each cache still holds.
func TestCachesForgetWhatTheFeedTells(t *testing.T) {
	for _, tc := range []struct {
		name      string
		change    cache.Change
		gone      []string // the entries forgotten; all others are kept
		catalogue bool     // the catalogue version moves
	}{
		{"nothing", cache.Change{}, nil, false},
		{"a user", cache.Change{Users: []int64{1}, Catalogue: true}, []string{"user 1"}, true},
		{"a product", cache.Change{Products: []int64{1}, Listings: []int64{7}, Catalogue: true},
			[]string{"product 1", "search", "page 7"}, true},
		{"products unknown", cache.Change{AllProducts: true}, []string{"product 1", "product 2", "search"}, false},
		{"a session", cache.Change{Sessions: []string{"a"}}, []string{"session a"}, false},
		{"sessions unknown", cache.Change{AllSessions: true}, []string{"session a", "session b"}, false},
		{"a buyer's bookings", cache.Change{Bookers: []int64{2}}, []string{"booked by 2"}, false},
		{"bookings unknown", cache.Change{AllBookers: true}, []string{"booked by 1", "booked by 2"}, false},
		{"categories", cache.Change{Categories: true, Catalogue: true}, []string{"categories"}, true},
		{"listings unknown", cache.Change{AllListings: true}, []string{"page 7", "page 8"}, false},
		{"the site", cache.Change{Site: true}, []string{"site"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			feed := &cache.LocalFeed{}
			c := cache.NewCaches(feed)
			c.Users.Put(0, 1, app.User{ID: 1})
			c.Users.Put(0, 2, app.User{ID: 2})
			c.Products.Put(0, 1, app.Product{ID: 1})
			c.Products.Put(0, 2, app.Product{ID: 2})
			c.Sessions.Put(0, "a", cache.Session{})
			c.Sessions.Put(0, "b", cache.Session{})
			c.BookedBy.Put(0, 1, nil)
			c.BookedBy.Put(0, 2, nil)
			c.Categories.Put(0, struct{}{}, &cache.Categories{})
			c.Searches.Put(c.Searches.Generation(), "sofa", cache.NewSearchHits(nil, false, ""))
			for _, category := range []int64{7, 8} {
				_, version := c.Pages.Current(category)
				c.Pages.Keep(category, &cache.PageMarks{Version: version})
			}
			c.Site.Store(&app.Site{})
			version := c.CatalogueVersion()

			feed.Publish(tc.change)

			page := func(category int64) bool { m, _ := c.Pages.Current(category); return m != nil }
			entries := map[string]bool{
				"user 1": found(c.Users.Get(1)), "user 2": found(c.Users.Get(2)),
				"product 1": found(c.Products.Get(1)), "product 2": found(c.Products.Get(2)),
				"session a": found(c.Sessions.Get("a")), "session b": found(c.Sessions.Get("b")),
				"booked by 1": found(c.BookedBy.Get(1)), "booked by 2": found(c.BookedBy.Get(2)),
				"categories": found(c.Categories.Get(struct{}{})), "search": upToDate(c.Searches),
				"page 7": page(7), "page 8": page(8), "site": c.Site.Load() != nil,
			}
			for entry, kept := range entries {
				wantGone := false
				for _, g := range tc.gone {
					wantGone = wantGone || g == entry
				}
				if kept == wantGone {
					t.Errorf("%s kept: %v, want %v", entry, kept, !wantGone)
				}
			}
			if moved := c.CatalogueVersion() != version; moved != tc.catalogue {
				t.Errorf("catalogue version moved: %v, want %v", moved, tc.catalogue)
			}
		})
	}
}

// upToDate is whether the searches hold the answer of "sofa" up to date:
// a write of listings leaves it behind, to be updated before it answers.
func upToDate(s *cache.Searches) bool {
	hits, ok := s.Get("sofa")
	return ok && hits.Gen() == s.Generation()
}

// found is whether a cache's Get found its entry.
func found[V any](_ V, ok bool) bool { return ok }

func TestLocalFeedTellsEverySubscriberInOrder(t *testing.T) {
	feed := &cache.LocalFeed{}
	var first, second []int64
	feed.Subscribe(func(c cache.Change) { first = append(first, c.Users...) })
	feed.Subscribe(func(c cache.Change) { second = append(second, c.Users...) })
	for id := range int64(3) {
		feed.Publish(cache.Change{Users: []int64{id}})
	}
	for _, got := range [][]int64{first, second} {
		if len(got) != 3 || got[0] != 0 || got[1] != 1 || got[2] != 2 {
			t.Errorf("a subscriber heard %v, want [0 1 2]", got)
		}
	}
}

func TestSearchHitsPages(t *testing.T) {
	tests := []struct {
		name         string
		ids          []int64
		offset, size int
		want         []int64
	}{
		{"first page", []int64{9, 3, 7}, 0, 2, []int64{9, 3}},
		{"last page", []int64{9, 3, 7}, 2, 2, []int64{7}},
		{"past the end", []int64{9, 3, 7}, 3, 2, nil},
		{"none found", nil, 0, 24, nil},
		{"an ID past 32 bits", []int64{1 << 40, 5}, 0, 24, []int64{1 << 40, 5}},
		{"the largest 32-bit ID", []int64{math.MaxInt32, 1}, 1, 24, []int64{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var found []cache.Hit
			for _, id := range tt.ids {
				found = append(found, cache.Hit{ID: id})
			}
			hits := cache.NewSearchHits(found, false, "")
			if hits.Len() != len(tt.ids) {
				t.Errorf("Len() = %d, want %d", hits.Len(), len(tt.ids))
			}
			if got := hits.Page(tt.offset, tt.size); !slices.Equal(got, tt.want) {
				t.Errorf("Page(%d, %d) = %v, want %v", tt.offset, tt.size, got, tt.want)
			}
		})
	}
}

// TestSearchHitsUpdated updates hits in place with random writes and
// compares them with the hits sorted afresh, in both directions.
func TestSearchHitsUpdated(t *testing.T) {
	for _, descending := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(1, 2))
		order := func(a, b cache.Hit) int {
			c := cmp.Or(cmp.Compare(a.Key, b.Key), cmp.Compare(a.ID, b.ID))
			if descending {
				return -c
			}
			return c
		}
		// The truth: each listing's key, or absent when not found.
		truth := map[int64]float64{}
		for id := range int64(200) {
			if rng.IntN(2) == 0 {
				truth[id] = float64(rng.IntN(20)) // many equal keys
			}
		}
		sortedTruth := func() []cache.Hit {
			var hits []cache.Hit
			for id, key := range truth {
				hits = append(hits, cache.Hit{ID: id, Key: key})
			}
			slices.SortFunc(hits, order)
			return hits
		}
		hits := cache.NewSearchHits(sortedTruth(), descending, "")
		// Enough updates to merge the changes into a new list a few times;
		// some change more listings than are looked for one by one.
		for range 500 {
			var changed []int64
			var found []cache.Hit
			for range 1 + rng.IntN(12) {
				id := rng.Int64N(250)
				changed = append(changed, id)
				delete(truth, id)
				if rng.IntN(3) > 0 {
					truth[id] = float64(rng.IntN(20))
				}
			}
			for _, id := range changed {
				if key, ok := truth[id]; ok && !slices.ContainsFunc(found, func(h cache.Hit) bool { return h.ID == id }) {
					found = append(found, cache.Hit{ID: id, Key: key})
				}
			}
			hits = hits.Updated(changed, found)
			want := sortedTruth()
			var wantIDs []int64
			for _, h := range want {
				wantIDs = append(wantIDs, h.ID)
			}
			if got := hits.Page(0, 1000); !slices.Equal(got, wantIDs) {
				t.Fatalf("descending %v: updated %v, want %v", descending, got, wantIDs)
			}
			if hits.Len() != len(wantIDs) {
				t.Fatalf("descending %v: Len %d, want %d", descending, hits.Len(), len(wantIDs))
			}
			// Pages anywhere, past the end too.
			for range 5 {
				offset, limit := rng.IntN(len(wantIDs)+3), 1+rng.IntN(30)
				want := wantIDs[min(offset, len(wantIDs)):min(offset+limit, len(wantIDs))]
				if got := hits.Page(offset, limit); !slices.Equal(got, want) && len(got)+len(want) > 0 {
					t.Fatalf("descending %v: Page(%d, %d) = %v, want %v", descending, offset, limit, got, want)
				}
			}
		}
	}
}

func TestSearchesLogReachesBack(t *testing.T) {
	feed := &cache.LocalFeed{}
	c := cache.NewCaches(feed)
	start := c.Searches.Generation()
	feed.Publish(cache.Change{Products: []int64{3, 1}, ProductTexts: []int64{3}})
	feed.Publish(cache.Change{Users: []int64{9}}) // no listing: the searches stay up to date
	feed.Publish(cache.Change{Products: []int64{1, 2}, ProductTexts: []int64{2}})
	ids, texts, now, ok := c.Searches.Since(start)
	if !ok || !slices.Equal(ids, []int64{1, 2, 3}) || !slices.Equal(texts, []int64{2, 3}) || now != start+2 {
		t.Errorf("Since(start) = %v, %v, %d, %v; want [1 2 3], [2 3], %d, true", ids, texts, now, ok, start+2)
	}
	if ids, texts, _, ok := c.Searches.Since(start + 1); !ok || !slices.Equal(ids, []int64{1, 2}) || !slices.Equal(texts, []int64{2}) {
		t.Errorf("Since(start+1) = %v, %v, %v; want [1 2], [2]", ids, texts, ok)
	}
	for id := range int64(cache.KeptChangedIDs) {
		feed.Publish(cache.Change{Products: []int64{id}})
	}
	if _, _, _, ok := c.Searches.Since(start); ok {
		t.Error("the log reaches back past as many IDs as it keeps")
	}
	if _, _, _, ok := c.Searches.Since(c.Searches.Generation() - 10); !ok {
		t.Error("the log does not reach back ten writes")
	}
	feed.Publish(cache.Change{AllProducts: true})
	if _, _, _, ok := c.Searches.Since(c.Searches.Generation() - 1); ok {
		t.Error("the log reaches back past a write of listings untold")
	}
}

// TestWordMatchesUpdated: word matches brought up to date after random
// changes of text are what the truth holds, ranks included.
func TestWordMatchesUpdated(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	truth := map[int64]float64{}
	var hits []cache.Hit
	for id := range int64(200) {
		if rng.IntN(2) == 0 {
			truth[id] = -rng.Float64()
			hits = append(hits, cache.Hit{ID: id, Key: truth[id]})
		}
	}
	m, ok := cache.NewWordMatches(hits)
	if !ok {
		t.Fatal("IDs that fit are not kept")
	}
	for range 300 {
		var checked []int64
		var found []cache.Hit
		for range 1 + rng.IntN(4) {
			id := rng.Int64N(250)
			if slices.Contains(checked, id) {
				continue
			}
			checked = append(checked, id)
			delete(truth, id)
			if rng.IntN(2) == 0 {
				truth[id] = -rng.Float64()
				found = append(found, cache.Hit{ID: id, Key: truth[id]})
			}
		}
		if m, ok = m.Updated(checked, found); !ok {
			t.Fatal("IDs that fit are not kept")
		}
		if m.Len() != len(truth) {
			t.Fatalf("%d matches, want %d", m.Len(), len(truth))
		}
		for id := range int64(250) {
			rank, found := m.Rank(id)
			want, matches := truth[id]
			if found != matches || rank != want {
				t.Fatalf("listing %d: rank %v, %v; want %v, %v", id, rank, found, want, matches)
			}
		}
	}
	if _, ok := cache.NewWordMatches([]cache.Hit{{ID: 1 << 40}}); ok {
		t.Error("an ID of more than 32 bits is kept in 32")
	}
}

// TestSearchesDropWhatWasUsedLongestAgo: a full cache of searches drops the
// answers used longest ago, and keeps one asked for all along.
func TestSearchesDropWhatWasUsedLongestAgo(t *testing.T) {
	c := cache.NewCaches(&cache.LocalFeed{})
	hits := make([]cache.Hit, 10_000) // about 120 KB
	for i := range hits {
		hits[i] = cache.Hit{ID: int64(i), Key: float64(i)}
	}
	gen := c.Searches.Generation()
	put := func(key string) { c.Searches.Put(gen, key, cache.NewSearchHits(hits, false, "")) }
	put("asked all along")
	put("asked once")
	n := 2 * cache.KeptSearchBytes / (12 * len(hits)) // twice what fits
	for i := range n {
		put(fmt.Sprint("search ", i))
		if _, ok := c.Searches.Get("asked all along"); !ok {
			t.Fatalf("the search asked all along was dropped after %d others", i+1)
		}
	}
	if _, ok := c.Searches.Get("asked once"); ok {
		t.Error("the search asked once is still kept after twice what fits")
	}
	if _, ok := c.Searches.Get(fmt.Sprint("search ", n-1)); !ok {
		t.Error("the latest search is not kept")
	}
	kept := 0
	for i := range n {
		if _, ok := c.Searches.Get(fmt.Sprint("search ", i)); ok {
			kept++
		}
	}
	if fits := cache.KeptSearchBytes / (12 * len(hits)); kept > fits {
		t.Errorf("%d searches of %d bytes kept within %d bytes", kept, 12*len(hits), cache.KeptSearchBytes)
	}
}
