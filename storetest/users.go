package storetest

import (
	"testing"

	"rehome/app"
)

// RunUsers checks accounts: a round trip, not found as an error, one
// account per email, and the list's order and paging.
func RunUsers(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("RoundTrip", func(t *testing.T) {
		w := newWorld(t, open)
		u := &app.User{Name: "Ann", Email: "ann@example.com", Role: app.RoleBuyer, Phone: "555 0100", Location: "Town"}
		must(t, w.CreateUser(w.ctx, u, []byte("secret-hash")))
		if u.ID == 0 || u.Created.IsZero() {
			t.Fatalf("CreateUser filled in ID %d, Created %v", u.ID, u.Created)
		}
		byID, err := w.UserByID(w.ctx, u.ID)
		must(t, err)
		byEmail, err := w.UserByEmail(w.ctx, u.Email)
		must(t, err)
		withHash, hash, err := w.PasswordHash(w.ctx, u.Email)
		must(t, err)
		for _, got := range []*app.User{byID, byEmail, withHash} {
			if got.ID != u.ID || got.Name != "Ann" || got.Role != app.RoleBuyer || got.Phone != "555 0100" ||
				got.Location != "Town" || !got.HasPassword || !got.Created.Equal(u.Created) {
				t.Errorf("read back %+v, stored %+v", got, u)
			}
		}
		if string(hash) != "secret-hash" {
			t.Errorf("hash %q", hash)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		w := newWorld(t, open)
		for name, read := range map[string]func() error{
			"UserByID":     func() error { _, err := w.UserByID(w.ctx, 9999); return err },
			"UserByEmail":  func() error { _, err := w.UserByEmail(w.ctx, "nobody@example.com"); return err },
			"PasswordHash": func() error { _, _, err := w.PasswordHash(w.ctx, "nobody@example.com"); return err },
		} {
			t.Run(name, func(t *testing.T) { wantKind(t, read(), app.KindNotFound) })
		}
	})
	t.Run("ErrEmailTaken", func(t *testing.T) {
		w := newWorld(t, open)
		err := w.CreateUser(w.ctx, &app.User{Name: "Other", Email: w.seller.Email, Role: app.RoleBuyer}, []byte("x"))
		wantKind(t, err, app.KindConflict)
	})
	t.Run("ListOldestFirstInPages", func(t *testing.T) {
		w := newWorld(t, open) // sam is the first account
		for _, name := range []string{"ann", "bob", "cy", "dee"} {
			w.user(t, name, app.RoleBuyer)
		}
		for _, tc := range []struct {
			role  app.Role
			page  app.Page
			want  string
			total int
		}{
			{"", app.Page{Limit: 10}, "sam ann bob cy dee", 5},
			{"", app.Page{Limit: 2}, "sam ann", 5},
			{"", app.Page{Limit: 2, Offset: 2}, "bob cy", 5},
			{"", app.Page{Limit: 2, Offset: 4}, "dee", 5},
			{"", app.Page{Limit: 2, Offset: 6}, "", 5},
			{app.RoleBuyer, app.Page{Limit: 3, Offset: 1}, "bob cy dee", 4},
			{app.RoleSeller, app.Page{Limit: 10}, "sam", 1},
		} {
			list, err := w.Users(w.ctx, tc.role, tc.page)
			must(t, err)
			if got := names(list.Items, func(u app.User) string { return u.Name }); got != tc.want || list.Total != tc.total {
				t.Errorf("Users(%q, %+v) = %q of %d, want %q of %d", tc.role, tc.page, got, list.Total, tc.want, tc.total)
			}
		}
	})
}
