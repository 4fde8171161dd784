package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"rehome/app"
	"rehome/sqlite"
)

// TestCategoryPages reads every page of a category, at every offset, and
// compares it with the category's products sorted in Go: before and after
// the writes that change which products a category shows.
func TestCategoryPages(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	other := mpUser(t, f.db, "Olga", app.RoleSeller)
	chairs := &app.Category{Name: "Chairs", Image: f.image.URL}
	must(t, f.db.CreateCategory(ctx, chairs, nil))
	// 300 products, three to a millisecond so the id breaks ties, in two
	// categories, by two sellers, one in seven sold.
	base := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	var batch []app.Product
	for i := range 300 {
		p := app.Product{CategoryID: f.category.ID, SellerID: f.seller.ID, Name: fmt.Sprint("P", i), Description: "d",
			Image: f.image.URL, ThumbURL: f.image.ThumbURL, Condition: app.ConditionGood, Location: "Town",
			OriginalPrice: new(app.Cents(100)), ResalePrice: 50, Contact: app.SellerContact{Phone: "555 0100"}, PurchaseYear: new(2020), UsePeriod: new("1 year"),
			Status: app.StatusAvailable, Created: base.Add(time.Duration(i/3) * time.Millisecond)}
		if i%5 == 1 {
			p.CategoryID = chairs.ID
		}
		if i%4 == 2 {
			p.SellerID = other.ID
		}
		if i%7 == 3 {
			p.Status = app.StatusSold
		}
		batch = append(batch, p)
	}
	// Out of order, so ids and times disagree now and then.
	slices.Reverse(batch[100:200])
	must(t, f.db.CreateProducts(ctx, batch))
	products := map[int64]app.Product{}
	for _, p := range batch {
		products[p.ID] = p
	}

	check := func(t *testing.T, category *app.Category) {
		t.Helper()
		var want []app.Product
		for _, p := range products {
			if p.CategoryID == category.ID && p.Status == app.StatusAvailable {
				want = append(want, p)
			}
		}
		slices.SortFunc(want, func(a, b app.Product) int {
			if c := b.Created.Compare(a.Created); c != 0 {
				return c
			}
			return int(b.ID - a.ID)
		})
		for _, limit := range []int{1, 24, 100} {
			for offset := 0; offset <= len(want)+1; offset++ {
				got, err := f.db.CategoryProducts(ctx, category, app.Page{Limit: limit, Offset: offset})
				if err != nil {
					t.Fatal(err)
				}
				if got.Total != len(want) {
					t.Fatalf("total %d, want %d", got.Total, len(want))
				}
				page := want[min(offset, len(want)):min(offset+limit, len(want))]
				if len(got.Items) != len(page) {
					t.Fatalf("limit %d offset %d: %d items, want %d", limit, offset, len(got.Items), len(page))
				}
				for i, p := range got.Items {
					if p.ID != page[i].ID {
						t.Fatalf("limit %d offset %d: item %d is %d, want %d", limit, offset, i, p.ID, page[i].ID)
					}
					seller, err := f.db.UserByID(ctx, p.SellerID)
					if err != nil {
						t.Fatal(err)
					}
					if p.Category != category.Name || p.Seller != seller.Name || p.Contact != (app.SellerContact{Email: seller.Email, Phone: page[i].Contact.Phone, ShowPhone: seller.ShowPhone}) ||
						p.SellerVerified != seller.Verified || p.Status != app.StatusAvailable || !p.Created.Equal(page[i].Created) ||
						p.Name != page[i].Name || p.ResalePrice != page[i].ResalePrice {
						t.Fatalf("item %+v, want %+v by %+v", p, page[i], seller)
					}
				}
			}
		}
	}
	t.Run("OK", func(t *testing.T) {
		check(t, f.category)
		check(t, chairs)
	})
	t.Run("a listing at the top", func(t *testing.T) {
		p := f.product(t, "Newest")
		products[p.ID] = *p
		check(t, f.category)
	})
	t.Run("products deleted where pages start", func(t *testing.T) {
		first, err := f.db.CategoryProducts(ctx, f.category, app.Page{Limit: 100, Offset: 0})
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range []int{0, 63, 64, 65} {
			id := first.Items[i].ID
			must(t, f.db.DeleteProduct(ctx, id))
			delete(products, id)
		}
		check(t, f.category)
	})
	t.Run("a product sold", func(t *testing.T) {
		first, _ := f.db.CategoryProducts(ctx, f.category, app.Page{Limit: 1, Offset: 70})
		sold := first.Items[0]
		buyer := mpUser(t, f.db, "Bea", app.RoleBuyer)
		b := f.mpBook(t, &sold, buyer)
		must(t, f.db.MarkPaid(ctx, b.ID))
		p := products[sold.ID]
		p.Status = app.StatusSold
		products[sold.ID] = p
		check(t, f.category)
	})
	t.Run("a seller verified", func(t *testing.T) {
		must(t, f.db.VerifySeller(ctx, other.ID, nil))
		check(t, f.category)
	})
	t.Run("a seller shows their phone", func(t *testing.T) {
		_, err := f.db.UpdateProfile(ctx, other.ID, app.Profile{Name: other.Name, Phone: other.Phone, Location: other.Location, Image: other.Image, ShowPhone: true})
		must(t, err)
		check(t, f.category)
	})
	t.Run("a seller deleted", func(t *testing.T) {
		must(t, f.db.DeleteUser(ctx, other.ID, nil))
		for id, p := range products {
			if p.SellerID == other.ID {
				delete(products, id)
			}
		}
		check(t, f.category)
		check(t, chairs)
	})
}

// TestCatalogueVersion: the writes that change the public lists change the
// version; the others leave it.
func TestCatalogueVersion(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	buyer := mpUser(t, f.db, "Bea", app.RoleBuyer)
	p := f.product(t, "Table")
	q := f.product(t, "Chair")
	changes := []struct {
		name    string
		write   func() error
		changes bool
	}{
		{"create a category", func() error { return f.db.CreateCategory(ctx, &app.Category{Name: "Lamps", Image: f.image.URL}, nil) }, true},
		{"list a product", func() error { return f.db.CreateProduct(ctx, f.newProduct("Lamp")) }, true},
		{"advertise", func() error { return f.db.CreateAdvert(ctx, p.ID) }, true},
		{"stop advertising", func() error { return f.db.DeleteAdvert(ctx, p.ID) }, true},
		{"verify a seller", func() error { return f.db.VerifySeller(ctx, f.seller.ID, nil) }, true},
		{"book", func() error { _, err := f.mpTryBook(p, buyer); return err }, true}, // Reserved
		{"report", func() error { return f.db.CreateReport(ctx, p.ID, buyer.ID, "") }, false},
		{"record an image", func() error {
			return f.db.RecordImage(ctx, &app.Image{URL: "/images/b.jpg", ThumbURL: "/images/b-t.jpg"}, 0)
		}, false},
		{"sell", func() error {
			b, err := f.mpTryBook(q, buyer)
			if err != nil {
				return err
			}
			return f.db.MarkPaid(ctx, b.ID)
		}, true},
		{"delete a product", func() error { return f.db.DeleteProduct(ctx, p.ID) }, true},
		{"delete a user", func() error { return f.db.DeleteUser(ctx, buyer.ID, nil) }, true},
	}
	for _, tc := range changes {
		t.Run(tc.name, func(t *testing.T) {
			before := f.db.CatalogueVersion()
			must(t, tc.write())
			if changed := f.db.CatalogueVersion() != before; changed != tc.changes {
				t.Errorf("version changed: %v, want %v", changed, tc.changes)
			}
		})
	}
}

// TestCachedRowsFollowWrites reads each cached row, changes it, and reads it again.
func TestCachedRowsFollowWrites(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	t.Run("users", func(t *testing.T) {
		u := mpUser(t, f.db, "Sid", app.RoleSeller)
		if got, _ := f.db.UserByID(ctx, u.ID); got.Verified {
			t.Fatal("verified from the start")
		}
		must(t, f.db.VerifySeller(ctx, u.ID, nil))
		if got, _ := f.db.UserByID(ctx, u.ID); !got.Verified {
			t.Error("verification not seen")
		}
		promoted := mpUser(t, f.db, "Pat", app.RoleBuyer)
		f.db.UserByID(ctx, promoted.ID)
		must(t, f.db.PromoteToAdmin(ctx, promoted.ID, nil))
		if got, _ := f.db.UserByID(ctx, promoted.ID); got.Role != app.RoleAdmin {
			t.Errorf("role %s, want Admin", got.Role)
		}
		got, _ := f.db.UserByID(ctx, u.ID)
		got.Name = "changed by a caller"
		if again, _ := f.db.UserByID(ctx, u.ID); again.Name != "Sid" {
			t.Error("a caller changed the cached user")
		}
		must(t, f.db.DeleteUser(ctx, u.ID, nil))
		if _, err := f.db.UserByID(ctx, u.ID); app.ErrorKind(err) != app.KindNotFound {
			t.Errorf("deleted user: %v", err)
		}
	})
	t.Run("categories", func(t *testing.T) {
		if _, err := f.db.CategoryByName(ctx, "lamps"); app.ErrorKind(err) != app.KindNotFound {
			t.Fatalf("got %v", err)
		}
		must(t, f.db.CreateCategory(ctx, &app.Category{Name: "Lamps", Image: f.image.URL}, nil))
		if c, err := f.db.CategoryByName(ctx, " LAMPS "); err != nil || c.Name != "Lamps" {
			t.Errorf("got %+v, %v", c, err)
		}
		all, _ := f.db.Categories(ctx)
		all[0].Name = "changed by a caller"
		if again, _ := f.db.Categories(ctx); again[0].Name == "changed by a caller" {
			t.Error("a caller changed the cached categories")
		}
	})
	t.Run("sessions", func(t *testing.T) {
		now := time.Now().UTC()
		f.db.SetClock(func() time.Time { return now })
		store := f.db.Sessions()
		must(t, store.CommitCtx(ctx, "tok", []byte("one"), now.Add(time.Hour)))
		if data, found, _ := store.FindCtx(ctx, "tok"); !found || string(data) != "one" {
			t.Fatalf("got %q %v", data, found)
		}
		must(t, store.CommitCtx(ctx, "tok", []byte("two"), now.Add(time.Hour)))
		if data, _, _ := store.FindCtx(ctx, "tok"); string(data) != "two" {
			t.Errorf("got %q after a commit", data)
		}
		now = now.Add(2 * time.Hour)
		if _, found, _ := store.FindCtx(ctx, "tok"); found {
			t.Error("an expired session was found")
		}
		now = now.Add(-2 * time.Hour)
		must(t, store.DeleteCtx(ctx, "tok"))
		if _, found, _ := store.FindCtx(ctx, "tok"); found {
			t.Error("a deleted session was found")
		}
	})
}

// TestCachesAcrossStores: an account the command line creates in a second
// store on the same file is seen by the server's store at once.
func TestCachesAcrossStores(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rehome.db")
	server, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	if _, err := server.UserByID(ctx, 1); app.ErrorKind(err) != app.KindNotFound {
		t.Fatalf("got %v", err)
	}
	cli, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	admin := &app.User{Name: "Ada", Email: "ada@example.com", Role: app.RoleAdmin}
	must(t, cli.CreateUser(ctx, admin, []byte("hash")))
	if got, err := server.UserByID(ctx, admin.ID); err != nil || got.Email != "ada@example.com" {
		t.Errorf("the server does not see an admin created elsewhere: %+v %v", got, err)
	}
}
