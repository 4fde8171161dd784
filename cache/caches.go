// Package cache keeps what a store read recently, for the hot paths, and
// forgets it as the store's change feed tells of writes. It knows no
// database: any store that feeds it its changes can use it.
package cache

import (
	"math/rand/v2"
	"sync/atomic"
	"time"

	"rehome/app"
)

// How many rows the caches keep: the active users and sessions of a
// community marketplace, in a few hundred kilobytes, and the listings of
// the pages most looked at, in about 3 MB.
const (
	KeptUsers    = 2048
	KeptSessions = 2048
	KeptProducts = 4096
	// KeptCategoryNames bounds the names categories were asked by (each
	// spelling of a name is one).
	KeptCategoryNames = 256
)

// Session is a kept row of the sessions table.
type Session struct {
	Data   []byte
	Expiry time.Time
}

// Categories is every category, by name, and where each name key and ID is
// in the list.
type Categories struct {
	List  []app.Category
	ByKey map[string]int
	ByID  map[int64]int
}

// Caches are a store's caches, each forgetting what the feed says changed.
type Caches struct {
	Users      *Cache[int64, app.User]
	Products   *Cache[int64, app.Product] // listed columns only
	Sessions   *Cache[string, Session]
	Categories *Cache[struct{}, *Categories]
	// CategoryNames are categories by the name they were asked by.
	CategoryNames *Cache[string, app.Category]
	Pages         *CategoryPages
	BookedBy      *Cache[int64, map[int64]app.MyBooking] // by buyer
	// Blocked are the people each person blocked, by blocker.
	Blocked *Cache[int64, []int64]
	// Suspended are the accounts suspended now, until the first of the
	// suspensions ends.
	Suspended *Cache[struct{}, suspension]
	Searches  *Searches // by the search's key
	// Settings are the site's settings, read above either store
	// (ReadSite).
	Settings *Cache[struct{}, app.Site]
	// Site is the site's settings as SQLite last read or saved them inside
	// the store; nil: read them.
	Site atomic.Pointer[app.Site]
	// Synonyms are the search's synonym groups as last read or saved; nil:
	// read them. Kept and forgotten with Site.
	Synonyms atomic.Pointer[[][]string]
	// catalogue counts the writes that may change the public lists, from
	// a random start: see CatalogueVersion.
	catalogue atomic.Uint64
	// seen is the database's catalogue version last seen: see
	// SeenCatalogue.
	seen atomic.Uint64
}

// NewCaches makes empty caches that forget what feed tells of.
func NewCaches(feed Feed) *Caches {
	c := &Caches{
		Users:         New[int64, app.User](KeptUsers),
		Products:      New[int64, app.Product](KeptProducts),
		Sessions:      New[string, Session](KeptSessions),
		Categories:    New[struct{}, *Categories](1),
		Settings:      New[struct{}, app.Site](1),
		CategoryNames: New[string, app.Category](KeptCategoryNames),
		BookedBy:      New[int64, map[int64]app.MyBooking](KeptUsers),
		Blocked:       New[int64, []int64](KeptUsers),
		Suspended:     New[struct{}, suspension](1),
		Pages:         newCategoryPages(),
		Searches:      newSearches(),
	}
	c.catalogue.Store(rand.Uint64() >> 1) // #nosec G404 -- no secret: only apart from other processes' counts
	feed.Subscribe(c.forget)
	return c
}

// CatalogueVersion changes after every write that may change what the
// public lists show: categories, available products with their sellers'
// names and verified state, adverts. It counts from a random start, so that
// another process's versions (an earlier run's, another instance's) are
// other numbers, and an ETag made of one never vouches for a list another
// process kept.
func (c *Caches) CatalogueVersion() uint64 { return c.catalogue.Load() }

// SeenCatalogue forgets what the caches keep of the catalogue (listings and
// their pages, categories, accounts, the site's settings, the accounts
// suspended, the buyers' bookings) unless version, the database's
// catalogue version as a request begins, is the one they last saw. On
// PostgreSQL every write that may change the public lists raises it in
// its own transaction, so a request that begins after another instance's
// write committed reads what it wrote, without waiting for that write's
// NOTIFY. Sessions and blocks are not the catalogue's: they follow the
// feed alone, a moment after another instance's commit.
func (c *Caches) SeenCatalogue(version uint64) {
	if c.seen.Load() == version {
		return
	}
	c.Pages.ChangedAll()
	for _, kept := range []interface{ ForgetAll() }{c.Users, c.Products, c.Categories, c.CategoryNames, c.BookedBy,
		c.Suspended, c.Settings} {
		kept.ForgetAll()
	}
	c.seen.Store(version)
}

// forget applies what a write changed: first the cached rows, then the
// versions, so that a reader who sees a new version never finds an old row
// in a cache.
func (c *Caches) forget(ch Change) {
	if ch.Unheard || ch.Heard {
		c.hearing(ch.Heard)
	}
	for _, id := range ch.Users {
		c.Users.Forget(id)
	}
	if len(ch.Users) > 0 {
		c.Suspended.ForgetAll() // a suspension is a change of an account
	}
	// Any listing's change may change any search's answer: the searches
	// check the listings changed before they answer again.
	if ch.AllProducts {
		c.Searches.ForgetAll()
	} else if len(ch.Products) > 0 {
		c.Searches.changed(ch.Products, ch.ProductTexts)
	}
	if ch.AllProducts || len(ch.Products) > KeptProducts {
		c.Products.ForgetAll()
	} else {
		for _, id := range ch.Products {
			c.Products.Forget(id)
		}
	}
	if ch.AllSessions {
		c.Sessions.ForgetAll()
	}
	for _, token := range ch.Sessions {
		c.Sessions.Forget(token)
	}
	if ch.Categories {
		c.Categories.ForgetAll()
		c.CategoryNames.ForgetAll()
	}
	if ch.AllBookers {
		c.BookedBy.ForgetAll()
	}
	for _, buyer := range ch.Bookers {
		c.BookedBy.Forget(buyer)
	}
	if ch.AllBlockers {
		c.Blocked.ForgetAll()
	}
	for _, blocker := range ch.Blockers {
		c.Blocked.Forget(blocker)
	}
	if ch.AllListings {
		c.Pages.ChangedAll()
	}
	for _, category := range ch.Listings {
		c.Pages.Changed(category)
	}
	if ch.Site {
		c.Settings.ForgetAll()
		c.Site.Store(nil)
		c.Synonyms.Store(nil)
	}
	if ch.Catalogue {
		c.catalogue.Add(1)
	}
}

// hearing pauses the caches kept by row while the feed may miss changes,
// and resumes them when it hears every change again; the lists kept by
// version are forgotten either way.
func (c *Caches) hearing(heard bool) {
	for _, kept := range []interface {
		Pause()
		Resume()
	}{c.Users, c.Products, c.Sessions, c.Categories, c.CategoryNames, c.BookedBy, c.Settings, c.Blocked, c.Suspended} {
		if heard {
			kept.Resume()
		} else {
			kept.Pause()
		}
	}
	c.Pages.setPaused(!heard)
	c.Searches.ForgetAll()
	c.Site.Store(nil)
	c.Synonyms.Store(nil)
	c.catalogue.Add(1)
}
