package cache

import (
	"context"
	"time"

	"rehome/app"
)

// The reads every signed-in request makes, its session and its account,
// the site's settings, and the category every category page reads, are served from here, above whichever store: each store publishes what
// its writes changed on its feed (SQLite from its writer's hook,
// PostgreSQL from its triggers and, for other instances, LISTEN/NOTIFY),
// which forgets it here. Budget: the signed-in category page's server CPU
// per request (docs/benchmarks.md).

// UserReader is the store's read of one account.
type UserReader interface {
	UserByID(ctx context.Context, id int64) (*app.User, error)
}

// UserByID reads an account from the users cache, or from store.
func (c *Caches) UserByID(ctx context.Context, store UserReader, id int64) (*app.User, error) {
	if u, ok := c.Users.Get(id); ok {
		return &u, nil
	}
	gen := c.Users.Generation()
	u, err := store.UserByID(ctx, id)
	if err != nil {
		return nil, err
	}
	c.Users.Put(gen, id, *u)
	return u, nil
}

// CategoryReader is the store's read of one category by name.
type CategoryReader interface {
	CategoryByName(ctx context.Context, name string) (*app.Category, error)
}

// CategoryByName reads a category from the cache of categories by the name
// asked, or from store. Every category page asks for its category.
func (c *Caches) CategoryByName(ctx context.Context, store CategoryReader, name string) (*app.Category, error) {
	if found, ok := c.CategoryNames.Get(name); ok {
		return &found, nil
	}
	gen := c.CategoryNames.Generation()
	found, err := store.CategoryByName(ctx, name)
	if err != nil {
		return nil, err
	}
	c.CategoryNames.Put(gen, name, *found)
	return found, nil
}

// SiteReader is the store's read of the site's settings.
type SiteReader interface {
	Site(ctx context.Context) (app.Site, error)
}

// ReadSite reads the site's settings from the cache, or from store. Every
// request that shows listings asks whether they are public.
func (c *Caches) ReadSite(ctx context.Context, store SiteReader) (app.Site, error) {
	if site, ok := c.Settings.Get(struct{}{}); ok {
		return site, nil
	}
	gen := c.Settings.Generation()
	site, err := store.Site(ctx)
	if err != nil {
		return site, err
	}
	c.Settings.Put(gen, struct{}{}, site)
	return site, nil
}

// SessionBacking is a store of scs sessions that says how long each lasts.
type SessionBacking interface {
	// FindUntil is FindCtx with the session's expiry.
	FindUntil(ctx context.Context, token string) (data []byte, expiry time.Time, found bool, err error)
	CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error
	CommitOwned(ctx context.Context, token string, data []byte, expiry time.Time, owner app.SessionOwner) error
	DeleteCtx(ctx context.Context, token string) error
	DeleteExpired(ctx context.Context) (int64, error)
	// Now is the store's clock, by which sessions expire.
	Now() time.Time
}

// SessionStore is a store of scs sessions whose reads go through the
// sessions cache, kept by the session's public id (app.SessionID), which
// is what the feeds tell: a token never leaves the process.
type SessionStore struct {
	SessionBacking
	kept *Cache[string, Session]
}

// SessionStore is store read through the sessions cache.
func (c *Caches) SessionStore(store SessionBacking) *SessionStore {
	return &SessionStore{SessionBacking: store, kept: c.Sessions}
}

func (s *SessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	id := app.SessionID(token)
	if cached, ok := s.kept.Get(id); ok && cached.Expiry.After(s.Now()) {
		return cached.Data, true, nil
	}
	gen := s.kept.Generation()
	data, expiry, found, err := s.FindUntil(ctx, token)
	if !found || err != nil {
		return nil, false, err
	}
	s.kept.Put(gen, id, Session{Data: data, Expiry: expiry})
	return data, true, nil
}

// The context-free methods satisfy scs.Store; scs calls the Ctx ones.
func (s *SessionStore) Find(token string) ([]byte, bool, error) {
	return s.FindCtx(context.Background(), token)
}

func (s *SessionStore) Commit(token string, data []byte, expiry time.Time) error {
	return s.CommitCtx(context.Background(), token, data, expiry)
}

func (s *SessionStore) Delete(token string) error {
	return s.DeleteCtx(context.Background(), token)
}
