package storetest

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"rehome/app"
	"rehome/cache"
)

// RunFeed: every write that changes an account, a session, a category
// (its count of listings included) or the site's settings publishes that on the store's change
// feed before it returns, so that the caches above the store (package
// cache) never answer a row older than a write that returned; and read
// through those caches, each write's change is seen at once.
func RunFeed(t *testing.T, open func(t *testing.T) Stores) {
	profile := app.Profile{Name: "Bea B", Phone: "555 0199", Location: "Elsewhere", Language: app.German}
	for _, tc := range []struct {
		name  string
		write func(w *world, bea *app.User, token string) error
		// the users, sessions (by token) and whether the categories the
		// write must tell of
		users      func(w *world, bea *app.User) []int64
		sessions   []string
		categories bool
	}{
		{"UpdateProfile", func(w *world, bea *app.User, _ string) error {
			_, err := w.UpdateProfile(w.ctx, bea.ID, profile)
			return err
		}, beaOnly, nil, false},
		{"SetPassword", func(w *world, bea *app.User, _ string) error {
			_, err := w.SetPassword(w.ctx, bea.ID, []byte("new hash"))
			return err
		}, beaOnly, nil, false},
		{"EndSessions", func(w *world, bea *app.User, _ string) error {
			_, err := w.EndSessions(w.ctx, bea.ID)
			return err
		}, beaOnly, nil, false},
		{"PromoteToAdmin", func(w *world, bea *app.User, _ string) error {
			return w.PromoteToAdmin(w.ctx, bea.ID, nil)
		}, beaOnly, nil, false},
		{"DeleteUser", func(w *world, bea *app.User, _ string) error {
			return w.DeleteUser(w.ctx, bea.ID, nil)
		}, beaOnly, []string{"bea's phone"}, false},
		{"CommitOwned", func(w *world, bea *app.User, token string) error {
			owner := app.SessionOwner{UserID: bea.ID, Device: "Firefox on Android", SignedIn: time.Now(), LastSeen: time.Now()}
			return w.CommitOwned(w.ctx, token, []byte("changed"), time.Now().Add(time.Hour), owner)
		}, nil, []string{"bea's phone"}, false},
		{"DeleteCtx", func(w *world, _ *app.User, token string) error {
			return w.DeleteCtx(w.ctx, token)
		}, nil, []string{"bea's phone"}, false},
		{"EndAccountSession", func(w *world, bea *app.User, token string) error {
			return w.EndAccountSession(w.ctx, bea.ID, app.SessionID(token))
		}, nil, []string{"bea's phone"}, false},
		{"CreateProduct", func(w *world, _ *app.User, _ string) error {
			return w.CreateProduct(w.ctx, w.newProduct("Table"))
		}, nil, nil, true},
		{"UpdateCategory", func(w *world, _ *app.User, _ string) error {
			renamed := *w.category
			renamed.Name = "Tables"
			return w.UpdateCategory(w.ctx, &renamed, w.category.Name, nil)
		}, nil, nil, true},
		{"SaveSite", func(w *world, _ *app.User, _ string) error {
			site := app.DefaultSite()
			site.Name, site.PublicListings = "Elsewhere Swap", !site.PublicListings
			return w.SaveSite(w.ctx, site, nil)
		}, nil, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, open)
			bea := w.user(t, "bea", app.RoleBuyer)
			const token = "bea's phone"
			w.session(t, bea, token)
			caches := cache.NewCaches(w.Feed())
			sessions := caches.SessionStore(w)
			before := readThrough(t, w, caches, sessions, bea.ID, token)

			var mu sync.Mutex
			var told cache.Change
			w.Feed().Subscribe(func(c cache.Change) {
				mu.Lock()
				defer mu.Unlock()
				told.Users = append(told.Users, c.Users...)
				told.Sessions = append(told.Sessions, c.Sessions...)
				told.Categories = told.Categories || c.Categories
			})
			must(t, tc.write(w, bea, token))
			mu.Lock()
			var users []int64
			if tc.users != nil {
				users = tc.users(w, bea)
			}
			for _, id := range users {
				if !slices.Contains(told.Users, id) {
					t.Errorf("the feed told of users %v, not of %d, when %s returned", told.Users, id, tc.name)
				}
			}
			for _, token := range tc.sessions {
				if !slices.Contains(told.Sessions, app.SessionID(token)) {
					t.Errorf("the feed told of sessions %v, not of %q's, when %s returned", told.Sessions, token, tc.name)
				}
			}
			if tc.categories && !told.Categories {
				t.Errorf("the feed did not tell of the categories when %s returned", tc.name)
			}
			mu.Unlock()
			after := readThrough(t, w, caches, sessions, bea.ID, token)
			empty := cache.NewCaches(w.Feed())
			if fresh := readThrough(t, w, empty, empty.SessionStore(w), bea.ID, token); after != fresh {
				t.Errorf("read through the caches after %s:\n%s\nwant, as the store reads it:\n%s", tc.name, after, fresh)
			}
			if after == before {
				t.Errorf("%s changed nothing the test reads: %s", tc.name, after)
			}
		})
	}
}

func beaOnly(_ *world, bea *app.User) []int64 { return []int64{bea.ID} }

// readThrough reads an account, a session, the world's category and the site's settings through caches, as the server
// reads them, twice: the second answer is the cache's.
func readThrough(t *testing.T, w *world, caches *cache.Caches, sessions *cache.SessionStore, userID int64, token string) string {
	t.Helper()
	var s string
	for range 2 {
		s = ""
		if u, err := caches.UserByID(w.ctx, w, userID); err != nil {
			s += fmt.Sprintf("user: %v\n", app.ErrorKind(err))
		} else {
			s += fmt.Sprintf("user %s %s %s epoch=%d %s\n", u.Name, u.Phone, u.Role, u.SessionEpoch, u.Language)
		}
		data, found, err := sessions.FindCtx(w.ctx, token)
		must(t, err)
		s += fmt.Sprintf("session %q %v\n", data, found)
		if c, err := caches.CategoryByName(w.ctx, w, w.category.Name); err != nil {
			s += fmt.Sprintf("category: %v\n", app.ErrorKind(err))
		} else {
			s += fmt.Sprintf("category %s count=%d\n", c.Name, c.Count)
		}
		site, err := caches.ReadSite(w.ctx, w)
		must(t, err)
		s += fmt.Sprintf("site %s public=%v\n", site.Name, site.PublicListings)
	}
	return s
}
