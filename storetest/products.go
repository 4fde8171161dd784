package storetest

import (
	"fmt"
	"maps"
	"testing"

	"rehome/app"
)

// RunProducts checks listings: a round trip, not found as an error, the
// seller's list newest first in pages, and no edit of a sold listing.
func RunProducts(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("RoundTrip", func(t *testing.T) {
		w := newWorld(t, open)
		p := w.product(t, "Oak table")
		if p.ID == 0 || p.Created.IsZero() {
			t.Fatalf("CreateProduct filled in ID %d, Created %v", p.ID, p.Created)
		}
		got, err := w.ProductByID(w.ctx, p.ID)
		must(t, err)
		if got.Name != "Oak table" || got.Category != w.category.Name || got.Seller != w.seller.Name ||
			got.Status != app.StatusAvailable || got.ResalePrice != 2550 || !got.Created.Equal(p.Created) {
			t.Errorf("read back %+v", got)
		}

		p.Name, p.ResalePrice = "Oak dining table", 3000
		must(t, w.UpdateProduct(w.ctx, p))
		got, err = w.ProductByID(w.ctx, p.ID)
		must(t, err)
		if got.Name != "Oak dining table" || got.ResalePrice != 3000 {
			t.Errorf("after update %+v", got)
		}

		must(t, w.DeleteProduct(w.ctx, p.ID))
		_, err = w.ProductByID(w.ctx, p.ID)
		wantKind(t, err, app.KindNotFound)
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		w := newWorld(t, open)
		missing := w.newProduct("Ghost")
		missing.ID = 9999
		for name, call := range map[string]func() error{
			"ProductByID":   func() error { _, err := w.ProductByID(w.ctx, 9999); return err },
			"UpdateProduct": func() error { return w.UpdateProduct(w.ctx, missing) },
			"DeleteProduct": func() error { return w.DeleteProduct(w.ctx, 9999) },
		} {
			t.Run(name, func(t *testing.T) { wantKind(t, call(), app.KindNotFound) })
		}
	})
	t.Run("ErrEditSold", func(t *testing.T) {
		w := newWorld(t, open)
		p := w.product(t, "Lamp")
		must(t, w.MarkPaid(w.ctx, w.book(t, p, w.user(t, "bea", app.RoleBuyer)).ID))
		p.Name = "Brass lamp"
		wantKind(t, w.UpdateProduct(w.ctx, p), app.KindConflict)
		if got, _ := w.ProductByID(w.ctx, p.ID); got.Name != "Lamp" {
			t.Errorf("a refused edit changed the name to %q", got.Name)
		}
	})
	t.Run("SellerListNewestFirstInPages", func(t *testing.T) {
		w := newWorld(t, open)
		for _, name := range []string{"a", "b", "c", "d", "e"} {
			w.product(t, name)
		}
		for _, tc := range []struct {
			page app.Page
			want string
		}{
			{app.Page{Limit: 10}, "e d c b a"},
			{app.Page{Limit: 2}, "e d"},
			{app.Page{Limit: 2, Offset: 2}, "c b"},
			{app.Page{Limit: 2, Offset: 4}, "a"},
		} {
			list, err := w.SellerProducts(w.ctx, w.seller.ID, tc.page)
			must(t, err)
			if got := names(list.Items, func(p app.Product) string { return p.Name }); got != tc.want || list.Total != 5 {
				t.Errorf("SellerProducts(%+v) = %q of %d, want %q of 5", tc.page, got, list.Total, tc.want)
			}
		}
	})
	t.Run("Categories", func(t *testing.T) {
		w := newWorld(t, open)
		garden := &app.Category{Name: "Garden", Image: w.image.URL, ThumbURL: w.image.ThumbURL}
		must(t, w.CreateCategory(w.ctx, garden, nil))
		got, err := w.CategoryByName(w.ctx, "garden")
		must(t, err)
		if got.ID != garden.ID || got.Name != "Garden" || !got.Created.Equal(garden.Created) {
			t.Errorf("read back %+v, stored %+v", got, garden)
		}
		w.product(t, "Table")
		all, err := w.Categories(w.ctx)
		must(t, err)
		if got := names(all, func(c app.Category) string { return fmt.Sprint(c.Name, ":", c.Count) }); got != "Furniture:1 Garden:0" {
			t.Errorf("categories %q", got)
		}
		wantKind(t, w.CreateCategory(w.ctx, &app.Category{Name: "FURNITURE", Image: w.image.URL}, nil), app.KindConflict)
		wantKind(t, w.CreateCategory(w.ctx, &app.Category{Name: "Toys", Image: "/images/never-issued.jpg"}, nil), app.KindConflict)
		_, err = w.CategoryByName(w.ctx, "Toys")
		wantKind(t, err, app.KindNotFound)
	})
	t.Run("CategoryListNewestFirstInPages", func(t *testing.T) {
		w := newWorld(t, open)
		garden := &app.Category{Name: "Garden", Image: w.image.URL}
		must(t, w.CreateCategory(w.ctx, garden, nil))
		for _, name := range []string{"a", "b", "c", "d", "e"} {
			w.product(t, name)
		}
		hose := w.newProduct("hose")
		hose.CategoryID = garden.ID
		must(t, w.CreateProduct(w.ctx, hose))
		must(t, pay(w, w.book(t, w.product(t, "sold"), w.user(t, "bea", app.RoleBuyer))))
		for _, tc := range []struct {
			category *app.Category
			page     app.Page
			want     string
			total    int
		}{
			{w.category, app.Page{Limit: 10}, "e d c b a", 5},
			{w.category, app.Page{Limit: 2}, "e d", 5},
			{w.category, app.Page{Limit: 2, Offset: 2}, "c b", 5},
			{w.category, app.Page{Limit: 2, Offset: 4}, "a", 5},
			{w.category, app.Page{Limit: 2, Offset: 6}, "", 5},
			{garden, app.Page{Limit: 10}, "hose", 1},
		} {
			list, err := w.CategoryProducts(w.ctx, tc.category, tc.page)
			must(t, err)
			if got := names(list.Items, func(p app.Product) string { return p.Name }); got != tc.want || list.Total != tc.total {
				t.Errorf("CategoryProducts(%s, %+v) = %q of %d, want %q of %d", tc.category.Name, tc.page, got, list.Total, tc.want, tc.total)
			}
		}
	})
	t.Run("MyBookings", func(t *testing.T) {
		w := newWorld(t, open)
		bea, cy := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleBuyer)
		open, paid, declined, others, none := w.product(t, "open"), w.product(t, "paid"), w.product(t, "declined"),
			w.product(t, "others"), w.product(t, "none")
		booked := w.book(t, open, bea)
		sold := w.book(t, paid, bea)
		must(t, pay(w, sold))
		must(t, decline(w, w.book(t, declined, bea)))
		w.book(t, others, cy)
		mine, err := w.MyBookings(w.ctx, bea.ID, []int64{open.ID, paid.ID, declined.ID, others.ID, none.ID, 9999})
		must(t, err)
		want := map[int64]app.MyBooking{open.ID: {ID: booked.ID, Status: app.BookingBooked}, paid.ID: {ID: sold.ID, Status: app.BookingPaid}}
		if !maps.Equal(mine, want) {
			t.Errorf("MyBookings = %v, want %v", mine, want)
		}
		if mine, err := w.MyBookings(w.ctx, bea.ID, []int64{paid.ID}); err != nil || len(mine) != 1 || mine[paid.ID].ID != sold.ID {
			t.Errorf("asked of one product: %v, %v", mine, err)
		}
		if mine, err := w.MyBookings(w.ctx, bea.ID, nil); err != nil || len(mine) != 0 {
			t.Errorf("asked of none: %v, %v", mine, err)
		}
		// A booking made or ended after a read is seen by the next.
		w.book(t, none, bea)
		must(t, cancel(w, booked))
		mine, err = w.MyBookings(w.ctx, bea.ID, []int64{open.ID, none.ID})
		if _, found := mine[open.ID]; err != nil || found || mine[none.ID].Status != app.BookingBooked {
			t.Errorf("after booking one and cancelling the other: %v, %v", mine, err)
		}
	})
	t.Run("ImageByURL", func(t *testing.T) {
		w := newWorld(t, open)
		got, err := w.ImageByURL(w.ctx, w.image.URL)
		must(t, err)
		if got.URL != w.image.URL || got.ThumbURL != w.image.ThumbURL || got.Width != 10 || got.Height != 10 {
			t.Errorf("ImageByURL = %+v, recorded %+v", got, w.image)
		}
		for _, url := range []string{w.image.ThumbURL, "/images/never-issued.jpg"} {
			_, err := w.ImageByURL(w.ctx, url)
			wantKind(t, err, app.KindNotFound)
		}
	})
	t.Run("ErrReportNotFound", func(t *testing.T) {
		w := newWorld(t, open)
		wantKind(t, w.DismissReport(w.ctx, 9999, nil), app.KindNotFound)
	})
}

// RunAdverts checks that only a listing for sale is advertised, once, and
// that selling it takes it off the list.
func RunAdverts(t *testing.T, open func(t *testing.T) Stores) {
	w := newWorld(t, open)
	p, sold := w.product(t, "Sofa"), w.product(t, "Rug")
	must(t, w.MarkPaid(w.ctx, w.book(t, sold, w.user(t, "bea", app.RoleBuyer)).ID))
	for _, tc := range []struct {
		name string
		call func() error
		want app.Kind
	}{
		{"OK", func() error { return w.CreateAdvert(w.ctx, p.ID) }, ""},
		{"ErrTwice", func() error { return w.CreateAdvert(w.ctx, p.ID) }, app.KindConflict},
		{"ErrSold", func() error { return w.CreateAdvert(w.ctx, sold.ID) }, app.KindConflict},
		{"ErrNoProduct", func() error { return w.CreateAdvert(w.ctx, 9999) }, app.KindNotFound},
		{"ErrDeleteNotAdvertised", func() error { return w.DeleteAdvert(w.ctx, sold.ID) }, app.KindNotFound},
		{"ErrReportTwice", func() error {
			buyer := w.user(t, "cy", app.RoleBuyer)
			must(t, w.CreateReport(w.ctx, p.ID, buyer.ID, "Not oak"))
			return w.CreateReport(w.ctx, p.ID, buyer.ID, "")
		}, app.KindConflict},
	} {
		t.Run(tc.name, func(t *testing.T) { wantKind(t, tc.call(), tc.want) })
	}
	t.Run("SaleEndsAdvert", func(t *testing.T) {
		must(t, w.MarkPaid(w.ctx, w.book(t, p, w.user(t, "dee", app.RoleBuyer)).ID))
		list, err := w.AdvertisedProducts(w.ctx, app.Page{Limit: 10})
		must(t, err)
		if list.Total != 0 || len(list.Items) != 0 {
			t.Errorf("a sold product is still advertised: %+v", list)
		}
	})
}
