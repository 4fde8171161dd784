package storetest

import (
	"fmt"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"rehome/app"
	"rehome/cache"
)

// RunCategoryPages checks the category pages and the viewer's bookings
// served through the caches above the store (package cache) against the
// store's own plain reads: every page at every offset, before and after
// each write that changes what a page shows, the caches learning of the
// writes from the store's feed alone.
func RunCategoryPages(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("CachedPagesAreTheStores", func(t *testing.T) {
		w := newWorld(t, open)
		caches := cache.NewCaches(w.Feed())
		olga := w.user(t, "olga", app.RoleSeller)
		chairs := &app.Category{Name: "Chairs", Image: w.image.URL}
		must(t, w.CreateCategory(w.ctx, chairs, nil))
		// Three listings to a millisecond, so that the ID breaks ties, in
		// two categories, by two sellers: more than two strides of marks.
		var tick atomic.Int64
		base := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		w.SetClock(func() time.Time { return base.Add(time.Duration(tick.Add(1)/3) * time.Millisecond) })
		var listed []*app.Product
		for i := range 3*cache.PageStride + 20 {
			p := w.newProduct(fmt.Sprint("P", i))
			if i%5 == 1 {
				p.CategoryID = chairs.ID
			}
			if i%4 == 2 {
				p.SellerID = olga.ID
			}
			must(t, w.CreateProduct(w.ctx, p))
			listed = append(listed, p)
		}
		check := func(t *testing.T, category *app.Category) {
			t.Helper()
			all, err := w.CategoryProducts(w.ctx, category, app.Page{Limit: len(listed) + 10})
			must(t, err)
			total, keys, err := w.CategoryMarks(w.ctx, category.ID, cache.PageStride)
			must(t, err)
			if total != all.Total || len(keys) != (total+cache.PageStride-1)/cache.PageStride {
				t.Fatalf("marks: %d listings and %d keys, want %d listings", total, len(keys), all.Total)
			}
			for i, k := range keys {
				if p := all.Items[i*cache.PageStride]; k != (app.PageKey{Created: p.Created.UnixMilli(), ID: p.ID}) {
					t.Fatalf("mark %d is %+v, want listing %d of %s", i, k, p.ID, p.Created)
				}
				for _, skip := range []int{0, 3} {
					ids, err := w.CategoryPageIDs(w.ctx, category.ID, k, skip, 5)
					must(t, err)
					var want []int64
					for _, p := range all.Items[min(i*cache.PageStride+skip, total):min(i*cache.PageStride+skip+5, total)] {
						want = append(want, p.ID)
					}
					if fmt.Sprint(ids) != fmt.Sprint(want) {
						t.Fatalf("5 from mark %d skipping %d: %v, want %v", i, skip, ids, want)
					}
				}
			}
			for _, limit := range []int{1, 24, 100} {
				for offset := 0; offset <= all.Total+1; offset++ {
					page := app.Page{Limit: limit, Offset: offset}
					got, err := caches.CategoryProducts(w.ctx, w, category, page)
					must(t, err)
					want := all.Items[min(offset, all.Total):min(offset+limit, all.Total)]
					if got.Total != all.Total || !reflect.DeepEqual(got.Items, want) {
						t.Fatalf("%s %+v through the caches:\n%+v of %d, want\n%+v of %d", category.Name, page,
							got.Items, got.Total, want, all.Total)
					}
				}
			}
		}
		checkBoth := func(t *testing.T) {
			t.Helper()
			check(t, w.category)
			check(t, chairs)
		}
		checkBoth(t)
		bea := w.user(t, "bea", app.RoleBuyer)
		for _, step := range []struct {
			name  string
			write func(t *testing.T)
		}{
			{"a listing at the top", func(t *testing.T) { w.product(t, "Newest") }},
			{"listings deleted where pages start", func(t *testing.T) {
				first, err := w.CategoryProducts(w.ctx, w.category, app.Page{Limit: 100})
				must(t, err)
				for _, i := range []int{0, cache.PageStride - 1, cache.PageStride, cache.PageStride + 1} {
					must(t, w.DeleteProduct(w.ctx, first.Items[i].ID))
				}
			}},
			{"a listing booked", func(t *testing.T) { w.book(t, listed[100], bea) }},
			{"a listing sold", func(t *testing.T) { must(t, pay(w, w.book(t, listed[70], bea))) }},
			{"a listing edited", func(t *testing.T) {
				p := *listed[40]
				p.Name, p.ResalePrice = "Renamed", 999
				must(t, w.UpdateProduct(w.ctx, &p))
			}},
			{"a listing advertised", func(t *testing.T) { must(t, w.CreateAdvert(w.ctx, listed[30].ID)) }},
			{"a seller verified", func(t *testing.T) { must(t, w.VerifySeller(w.ctx, olga.ID, nil)) }},
			{"a seller shows their phone", func(t *testing.T) {
				_, err := w.UpdateProfile(w.ctx, olga.ID, app.Profile{Name: "Olga O.", ShowPhone: true})
				must(t, err)
			}},
			{"a seller deleted", func(t *testing.T) { must(t, w.DeleteUser(w.ctx, olga.ID, nil)) }},
		} {
			t.Run(step.name, func(t *testing.T) {
				step.write(t)
				checkBoth(t)
			})
		}
	})
	t.Run("CachedBookingsAreTheStores", func(t *testing.T) {
		w := newWorld(t, open)
		caches := cache.NewCaches(w.Feed())
		bea := w.user(t, "bea", app.RoleBuyer)
		var ids []int64
		for i := range 4 {
			ids = append(ids, w.product(t, fmt.Sprint("P", i)).ID)
		}
		check := func(t *testing.T) {
			t.Helper()
			want, err := w.MyBookings(w.ctx, bea.ID, ids)
			must(t, err)
			got, err := caches.MyBookings(w.ctx, w, bea.ID, ids)
			must(t, err)
			if len(got) != len(want) || len(want) > 0 && !reflect.DeepEqual(got, want) {
				t.Fatalf("through the caches %+v, want %+v", got, want)
			}
			all, err := w.BookingsOfBuyer(w.ctx, bea.ID, 10)
			must(t, err)
			if len(all) != len(want) {
				t.Fatalf("all of the buyer's %+v, the listings' %+v", all, want)
			}
		}
		check(t)
		booked := w.book(t, &app.Product{ID: ids[0], Name: "P0", SellerID: w.seller.ID}, bea)
		check(t)
		paid := w.book(t, &app.Product{ID: ids[1], Name: "P1", SellerID: w.seller.ID}, bea)
		must(t, pay(w, paid))
		check(t)
		must(t, w.CancelBooking(w.ctx, booked.ID))
		check(t)
	})
	t.Run("CachedHiddenSellersAreTheStores", func(t *testing.T) {
		w := newWorld(t, open)
		caches := cache.NewCaches(w.Feed())
		now := time.Now()
		w.SetClock(func() time.Time { return now })
		bea, cy := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleSeller)
		check := func(t *testing.T, step string) {
			t.Helper()
			for range 2 { // the second from the caches
				suspended, err := caches.SuspendedUsers(w.ctx, w, now)
				must(t, err)
				want, err := w.SuspendedUsers(w.ctx)
				must(t, err)
				if fmt.Sprint(suspended) != fmt.Sprint(want) {
					t.Fatalf("after %s, suspended through the caches %v, want %v", step, suspended, want)
				}
				blocked, err := caches.BlockedBy(w.ctx, w, bea.ID)
				must(t, err)
				if want, err = w.BlockedBy(w.ctx, bea.ID); err != nil || fmt.Sprint(blocked) != fmt.Sprint(want) {
					t.Fatalf("after %s, blocked through the caches %v, want %v (%v)", step, blocked, want, err)
				}
			}
		}
		check(t, "nothing")
		for _, step := range []struct {
			name  string
			write func() error
		}{
			{"a block", func() error { _, err := w.Block(w.ctx, bea.ID, cy.ID); return err }},
			{"a suspension", func() error {
				_, err := w.SuspendUser(w.ctx, cy.ID, now.Add(time.Hour), "spam", nil)
				return err
			}},
			{"the suspension's end", func() error { now = now.Add(2 * time.Hour); return nil }},
			{"a second suspension", func() error {
				_, err := w.SuspendUser(w.ctx, w.seller.ID, now.Add(time.Hour), "spam", nil)
				return err
			}},
			{"a suspension lifted", func() error { return w.UnsuspendUser(w.ctx, w.seller.ID, nil) }},
			{"an unblock", func() error { return w.Unblock(w.ctx, bea.ID, cy.ID) }},
			{"a block of someone deleted", func() error {
				if _, err := w.Block(w.ctx, bea.ID, cy.ID); err != nil {
					return err
				}
				check(t, "a block again")
				return w.DeleteUser(w.ctx, cy.ID, nil)
			}},
		} {
			must(t, step.write())
			check(t, step.name)
		}
	})
	t.Run("ListedProductsAndUsersByIDs", func(t *testing.T) {
		w := newWorld(t, open)
		a, b := w.product(t, "a"), w.product(t, "b")
		listed, err := w.ListedProducts(w.ctx, []int64{b.ID, a.ID, b.ID + 1000})
		must(t, err)
		if got := names(listed, func(p app.Product) string { return p.Name }); len(listed) != 2 || got != "a b" && got != "b a" {
			t.Errorf("ListedProducts = %q", got)
		}
		users, err := w.UsersByIDs(w.ctx, []int64{w.seller.ID, w.seller.ID + 1000})
		must(t, err)
		if len(users) != 1 || users[0].Email != w.seller.Email {
			t.Errorf("UsersByIDs = %+v", users)
		}
	})
}
