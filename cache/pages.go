package cache

import (
	"context"
	"math"
	"slices"
	"sync"

	"rehome/app"
)

// A category page at offset N used to count the category's products and
// then walk past N of them with their rows: 16 ms of CPU at offset 4800 on
// SQLite. Instead, CategoryPages keeps for each category how many products
// it has for sale and the sort key of every PageStride-th one. A page then
// starts with a seek in products_by_category to the nearest key before it,
// a walk of fewer than PageStride entries of that index alone to the page's
// first key, and a seek there for the page's IDs: the same work at any
// offset. The keys are read on first use, and again after a write changes
// the category's listings (0.6 ms for 5,000 products on SQLite); they take
// 16 bytes per PageStride products. The IDs of the pages asked for are kept
// too, so that a page asked for again reads nothing from the database
// until a write changes its category; its listings and their sellers come
// from the products and users caches, which only read those they lack:
// listings never change once listed without the feed saying so. Budgets: a
// category page's CPU independent of its offset, and the signed-in page's
// on PostgreSQL within 1.5× SQLite's (docs/benchmarks.md).
const PageStride = 64

// KeptPages bounds the category pages whose IDs are kept.
const KeptPages = 1024

// PageMarks is what CategoryPages knows of one category: how many
// products it has for sale, and the key of every stride-th one.
type PageMarks struct {
	Version uint64
	Total   int
	Keys    []app.PageKey // Keys[i] is the product at offset i*PageStride
}

// pageAt is a page of a category as its listings were at a version.
type pageAt struct {
	category      int64
	version       uint64
	offset, limit int
}

// CategoryPages keeps each category's PageMarks, and the IDs of its pages
// asked for, while no write changed the category's listings.
type CategoryPages struct {
	mu       sync.Mutex
	every    uint64           // bumped when any category may have changed
	versions map[int64]uint64 // bumped when one category changes
	marks    map[int64]*PageMarks
	building map[int64]*sync.Mutex // one build per category at a time
	paused   bool                  // keep no marks: see Cache.Pause
	ids      *Cache[pageAt, []int64]
}

func newCategoryPages() *CategoryPages {
	return &CategoryPages{versions: map[int64]uint64{}, marks: map[int64]*PageMarks{}, building: map[int64]*sync.Mutex{},
		ids: New[pageAt, []int64](KeptPages)}
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
	if !cp.paused {
		cp.marks[category] = m
	}
}

// setPaused forgets every category's marks and pages, and keeps none while
// paused.
func (cp *CategoryPages) setPaused(paused bool) {
	cp.mu.Lock()
	cp.every++
	clear(cp.marks)
	cp.paused = paused
	cp.mu.Unlock()
	cp.ids.setPaused(paused)
}

// PageStore is what a category page is read from below the caches.
type PageStore interface {
	// CategoryMarks reads, in one snapshot, how many listings the
	// category has for sale and the key of every stride-th one, in page
	// order (newest first).
	CategoryMarks(ctx context.Context, category int64, stride int) (total int, keys []app.PageKey, err error)
	// CategoryPageIDs reads the IDs of up to limit listings for sale in
	// the category, in page order, from the skip-th after the one at key
	// from (skip 0: from it).
	CategoryPageIDs(ctx context.Context, category int64, from app.PageKey, skip, limit int) ([]int64, error)
	ListedReader
	SellerReader
}

// ListedReader reads listings' own columns (not their category's name nor
// their seller's details) by ID, in any order, leaving out those gone.
type ListedReader interface {
	ListedProducts(ctx context.Context, ids []int64) ([]app.Product, error)
}

// SellerReader reads accounts by ID, in any order, leaving out those gone.
type SellerReader interface {
	UsersByIDs(ctx context.Context, ids []int64) ([]app.User, error)
}

// top is a key before every product.
var top = app.PageKey{Created: math.MaxInt64, ID: math.MaxInt64}

// CategoryProducts is a page of the category's listings for sale, newest
// first, as store.CategoryProducts answers it, read through the caches.
func (c *Caches) CategoryProducts(ctx context.Context, store PageStore, category *app.Category, page app.Page) (app.List[app.Product], error) {
	list := app.List[app.Product]{Items: []app.Product{}}
	m, err := c.categoryMarks(ctx, store, category.ID)
	if err != nil {
		return list, err
	}
	list.Total = m.Total
	if page.Offset >= m.Total {
		return list, nil
	}
	at := pageAt{category: category.ID, version: m.Version, offset: page.Offset, limit: page.Limit}
	ids, ok := c.Pages.ids.Get(at)
	if !ok {
		gen := c.Pages.ids.Generation()
		from, skip := top, page.Offset
		if i := page.Offset / PageStride; i < len(m.Keys) {
			from, skip = m.Keys[i], page.Offset%PageStride
		}
		if ids, err = store.CategoryPageIDs(ctx, category.ID, from, skip, page.Limit); err != nil {
			return list, err
		}
		// Kept under the version the marks were read at, which is never
		// newer than what the IDs saw: a write since then changed the
		// version, and no page of the old one is asked for again.
		c.Pages.ids.Put(gen, at, ids)
	}
	if list.Items, err = c.ListedProducts(ctx, store, ids); err != nil {
		return list, err
	}
	for i := range list.Items {
		// The index just said they are for sale: Available or Reserved.
		p := &list.Items[i]
		p.Category, p.Status = category.Name, app.StatusOf(app.StatusAvailable, p.OpenBookings)
	}
	list.Items, err = c.FillSellers(ctx, store, list.Items)
	return list, err
}

// categoryMarks returns the category's marks, reading them if they are
// missing or out of date. The version is read before the index, so marks
// are never kept under a version newer than what they saw.
func (c *Caches) categoryMarks(ctx context.Context, store PageStore, category int64) (*PageMarks, error) {
	if m, _ := c.Pages.Current(category); m != nil {
		return m, nil
	}
	lock := c.Pages.BuildLock(category)
	lock.Lock()
	defer lock.Unlock()
	m, version := c.Pages.Current(category)
	if m != nil {
		return m, nil // another request read them meanwhile
	}
	m = &PageMarks{Version: version}
	var err error
	if m.Total, m.Keys, err = store.CategoryMarks(ctx, category, PageStride); err != nil {
		return nil, err
	}
	c.Pages.Keep(category, m)
	return m, nil
}

// ListedProducts returns the listings with the given IDs, in that order,
// with their own columns: from the products cache, and the store for those
// it lacks. A listing deleted meanwhile is left out. Every change of a
// listing's row, its open bookings' count and its advert included, drops
// it from the cache.
func (c *Caches) ListedProducts(ctx context.Context, store ListedReader, ids []int64) ([]app.Product, error) {
	products := make([]app.Product, 0, len(ids))
	var missing []int64
	for _, id := range ids {
		if p, ok := c.Products.Get(id); ok {
			products = append(products, p)
		} else {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		return products, nil
	}
	found := make(map[int64]app.Product, len(ids))
	for _, p := range products {
		found[p.ID] = p
	}
	gen := c.Products.Generation()
	read, err := store.ListedProducts(ctx, missing)
	if err != nil {
		return nil, err
	}
	for _, p := range read {
		found[p.ID] = p
		c.Products.Put(gen, p.ID, p)
	}
	// Back in the order asked for.
	products = products[:0]
	for _, id := range ids {
		if p, ok := found[id]; ok {
			products = append(products, p)
		}
	}
	return products, nil
}

// FillSellers sets what listings read without their seller need of the
// seller's account, from the users cache; the sellers it lacks are read
// from store at once. A listing whose seller is gone (deleted with them
// meanwhile) is dropped.
func (c *Caches) FillSellers(ctx context.Context, store SellerReader, products []app.Product) ([]app.Product, error) {
	var missing []int64
	for i := range products {
		p := &products[i]
		if u, ok := c.Users.Get(p.SellerID); ok {
			fillSeller(p, &u)
		} else if !slices.Contains(missing, p.SellerID) {
			missing = append(missing, p.SellerID)
		}
	}
	if len(missing) == 0 {
		return products, nil
	}
	gen := c.Users.Generation()
	read, err := store.UsersByIDs(ctx, missing)
	if err != nil {
		return nil, err
	}
	found := make(map[int64]*app.User, len(read))
	for i := range read {
		u := &read[i]
		found[u.ID] = u
		c.Users.Put(gen, u.ID, *u)
	}
	kept := products[:0]
	for _, p := range products {
		if slices.Contains(missing, p.SellerID) {
			u := found[p.SellerID]
			if u == nil {
				continue
			}
			fillSeller(&p, u)
		}
		kept = append(kept, p)
	}
	clear(products[len(kept):])
	return kept, nil
}

// fillSeller sets p's seller's name and verified state, and their email and
// choice to show their phone for app.ShowContact to pick from.
func fillSeller(p *app.Product, u *app.User) {
	p.Seller, p.SellerVerified = u.Name, u.Verified
	p.Contact.Email, p.Contact.ShowPhone = u.Email, u.ShowPhone
}
