package cache_test

import (
	"math"
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
			c.Searches.Put(0, "sofa", &cache.SearchHits{})
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
				"categories": found(c.Categories.Get(struct{}{})), "search": found(c.Searches.Get("sofa")),
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
			hits := cache.NewSearchHits(tt.ids, "")
			if hits.Len() != len(tt.ids) {
				t.Errorf("Len() = %d, want %d", hits.Len(), len(tt.ids))
			}
			if got := hits.Page(tt.offset, tt.size); !slices.Equal(got, tt.want) {
				t.Errorf("Page(%d, %d) = %v, want %v", tt.offset, tt.size, got, tt.want)
			}
		})
	}
}
