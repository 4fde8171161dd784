package wiring

import (
	"context"
	"time"

	"rehome/app"
	"rehome/cache"
	"rehome/postgres"
	"rehome/sqlite"
)

// cachedStore is the store as the services read it: the signed-in
// request's account, the site's settings, whom a list leaves out (the
// accounts suspended, the viewer's blocks), the category page with its
// category and the viewer's bookings come from the caches above the
// store, which its change feed keeps (package cache), on either database.
type cachedStore struct {
	Store
	caches *cache.Caches
	now    func() time.Time // the store's clock
}

func (s cachedStore) UserByID(ctx context.Context, id int64) (*app.User, error) {
	return s.caches.UserByID(ctx, s.Store, id)
}

// cachesOf are the caches above a store, fed by its change feed: SQLite's
// are made with its feed when it opens (its lists read some of them too),
// PostgreSQL's here.
func cachesOf(store Store) *cache.Caches {
	switch db := store.(type) {
	case *sqlite.DB:
		return db.Caches()
	case *postgres.DB:
		return cache.NewCaches(db.Feed())
	}
	panic("wiring: a store of neither database")
}

func (s cachedStore) CategoryByName(ctx context.Context, name string) (*app.Category, error) {
	return s.caches.CategoryByName(ctx, s.Store, name)
}

func (s cachedStore) CategoryProducts(ctx context.Context, category *app.Category, page app.Page) (app.List[app.Product], error) {
	return s.caches.CategoryProducts(ctx, s.Store, category, page)
}

func (s cachedStore) Site(ctx context.Context) (app.Site, error) {
	return s.caches.ReadSite(ctx, s.Store)
}

func (s cachedStore) SuspendedUsers(ctx context.Context) ([]int64, error) {
	return s.caches.SuspendedUsers(ctx, s.Store, s.now())
}

func (s cachedStore) BlockedBy(ctx context.Context, blocker int64) ([]int64, error) {
	return s.caches.BlockedBy(ctx, s.Store, blocker)
}

func (s cachedStore) MyBookings(ctx context.Context, viewerID int64, productIDs []int64) (map[int64]app.MyBooking, error) {
	return s.caches.MyBookings(ctx, s.Store, viewerID, productIDs)
}
