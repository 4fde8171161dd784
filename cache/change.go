package cache

import "sync"

// Change is what one write changed, by the nouns the caches keep: rows by
// id, and flags for what could not be told row by row. A store may publish
// the change of a write that rolled back too: forgetting a row costs only
// a miss.
type Change struct {
	Users       []int64
	Products    []int64
	AllProducts bool // some product's id could not be read
	// ProductTexts is those of Products whose searchable text (name,
	// description, category, location) changed, or that were added or
	// deleted; a store that cannot tell lists them all.
	ProductTexts []int64
	Sessions     []string // by their public id, app.SessionID
	AllSessions  bool     // some session could not be read
	Bookers      []int64  // buyers whose bookings changed
	AllBookers   bool     // some booking's buyer could not be read
	Blockers     []int64  // people whose blocks changed
	AllBlockers  bool     // some block's blocker could not be read
	Categories   bool
	Listings     []int64 // categories whose products changed
	AllListings  bool    // some product's category could not be read
	Catalogue    bool    // something the public lists show
	Site         bool    // the site's settings
	// Unheard and Heard bracket a time when the feed may miss changes (a
	// PostgreSQL listener that lost its connection): from Unheard on the
	// caches forget everything and keep nothing, until Heard, when they
	// forget everything again and keep once more.
	Unheard, Heard bool
}

// Feed is where a store tells, after each write, what the write changed;
// caches subscribe to it. The SQLite store feeds it from its writer's
// hook, in commit order and before the write returns, so no reader of this
// process finds a row older than a write that returned. A store of several
// instances feeds it the other instances' changes too (PostgreSQL's
// LISTEN/NOTIFY): those arrive a moment after their commit.
type Feed interface {
	// Subscribe has changed called with every change from now on, in
	// commit order, one at a time.
	Subscribe(changed func(Change))
}

// LocalFeed is the Feed of one process: Publish hands each change to
// every subscriber before it returns.
type LocalFeed struct {
	mu          sync.Mutex
	subscribers []func(Change)
}

var _ Feed = (*LocalFeed)(nil)

func (f *LocalFeed) Subscribe(changed func(Change)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.subscribers = append(f.subscribers, changed)
}

// Publish tells every subscriber of c. The store calls it once per
// write, one write at a time.
func (f *LocalFeed) Publish(c Change) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, changed := range f.subscribers {
		changed(c)
	}
}
