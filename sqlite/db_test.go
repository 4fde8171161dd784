package sqlite_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"rehome/app"
	"rehome/sqlite"
)

// must stops the test at an error.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// mustOpenDB opens a fresh database file in a temp dir.
func mustOpenDB(tb testing.TB) *sqlite.DB {
	tb.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(tb.TempDir(), "rehome.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

func TestOpen(t *testing.T) {
	t.Run("ConcurrentOpensMigrateOnce", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "rehome.db")
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for range 4 {
			wg.Go(func() {
				db, err := sqlite.Open(context.Background(), path)
				if err == nil {
					err = db.Close()
				}
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
	})
	t.Run("ReopenKeepsData", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "rehome.db")
		ctx := context.Background()
		db, err := sqlite.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		u := &app.User{Name: "Ann", Email: "ann@example.com", Role: app.RoleBuyer}
		must(t, db.CreateUser(ctx, u, []byte("hash")))
		db.Close()
		db, err = sqlite.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		got, err := db.UserByEmail(ctx, "ann@example.com")
		if err != nil || got.ID != u.ID {
			t.Fatalf("after reopen: %+v, %v", got, err)
		}
	})
	t.Run("ReadersAreReadOnlyWithSmallCaches", func(t *testing.T) {
		db := mustOpenDB(t)
		ctx := context.Background()
		for pragma, want := range map[string]int64{"query_only": 1, "cache_size": -sqlite.ReaderCacheKiB, "foreign_keys": 1} {
			got, err := db.ReaderPragma(ctx, pragma)
			if err != nil || got != want {
				t.Errorf("a reader's %s is %d (%v), want %d", pragma, got, err, want)
			}
		}
		for pragma, want := range map[string]int64{"query_only": 0, "cache_size": -sqlite.WriterCacheKiB, "foreign_keys": 1} {
			got, err := db.WriterPragma(ctx, pragma)
			if err != nil || got != want {
				t.Errorf("the writer's %s is %d (%v), want %d", pragma, got, err, want)
			}
		}
	})
}

func TestUsers(t *testing.T) {
	ctx := context.Background()
	db := mustOpenDB(t)
	u := &app.User{Name: "Ann", Email: "ann@example.com", Role: app.RoleSeller, Phone: "555 0100"}
	must(t, db.CreateUser(ctx, u, []byte("hash")))
	t.Run("OK", func(t *testing.T) {
		got, hash, err := db.PasswordHash(ctx, "ann@example.com")
		if err != nil || string(hash) != "hash" || got.Name != "Ann" || got.Role != app.RoleSeller || got.Created.IsZero() {
			t.Fatalf("got %+v %q %v", got, hash, err)
		}
		if got.Created.Location() != time.UTC {
			t.Errorf("created in %v, want UTC", got.Created.Location())
		}
	})
	t.Run("ErrEmailTaken", func(t *testing.T) {
		err := db.CreateUser(ctx, &app.User{Name: "Other", Email: "ann@example.com", Role: app.RoleBuyer}, []byte("x"))
		if app.ErrorKind(err) != app.KindConflict {
			t.Fatalf("got %v, want conflict", err)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		if _, err := db.UserByID(ctx, 999); app.ErrorKind(err) != app.KindNotFound {
			t.Fatalf("got %v, want not found", err)
		}
		if _, _, err := db.PasswordHash(ctx, "nobody@example.com"); app.ErrorKind(err) != app.KindNotFound {
			t.Fatalf("got %v, want not found", err)
		}
	})
	t.Run("ErrBadRole", func(t *testing.T) {
		err := db.CreateUser(ctx, &app.User{Name: "X", Email: "x@example.com", Role: "Root"}, []byte("x"))
		if err == nil {
			t.Fatal("a role outside Buyer, Seller, Admin was stored")
		}
	})
}

// fixture is a seller with a category and an issued image.
type fixture struct {
	db       *sqlite.DB
	seller   *app.User
	category *app.Category
	image    *app.Image
}

func newFixture(t testing.TB) *fixture {
	ctx := context.Background()
	db := mustOpenDB(t)
	seller := &app.User{Name: "Sam", Email: "sam@example.com", Role: app.RoleSeller}
	must(t, db.CreateUser(ctx, seller, []byte("hash")))
	img := &app.Image{URL: "/images/a.jpg", ThumbURL: "/images/a-thumb.jpg", Width: 10, Height: 10}
	must(t, db.RecordImage(ctx, img, seller.ID))
	c := &app.Category{Name: "Décor", Image: img.URL}
	must(t, db.CreateCategory(ctx, c, nil))
	return &fixture{db: db, seller: seller, category: c, image: img}
}

// newProduct is a valid product of the fixture's seller, not stored yet.
func (f *fixture) newProduct(name string) *app.Product {
	return &app.Product{
		CategoryID: f.category.ID, SellerID: f.seller.ID, Name: name, Description: "d", Image: f.image.URL,
		ThumbURL: f.image.ThumbURL, Condition: app.ConditionGood, Location: "Town", OriginalPrice: new(app.Cents(10000)),
		ResalePrice: 2550, Contact: app.SellerContact{Phone: "555 0100"}, PurchaseYear: new(2020), UsePeriod: new("2 years"), Status: app.StatusAvailable,
	}
}

func (f *fixture) product(t testing.TB, name string) *app.Product {
	t.Helper()
	p := f.newProduct(name)
	must(t, f.db.CreateProduct(context.Background(), p))
	return p
}

func TestCategories(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	t.Run("ErrNameTakenInAnyCase", func(t *testing.T) {
		err := f.db.CreateCategory(ctx, &app.Category{Name: "DÉCOR", Image: f.image.URL}, nil)
		if app.ErrorKind(err) != app.KindConflict {
			t.Fatalf("got %v, want conflict", err)
		}
	})
	t.Run("FindIgnoringCase", func(t *testing.T) {
		c, err := f.db.CategoryByName(ctx, "décor")
		if err != nil || c.ID != f.category.ID || c.Name != "Décor" {
			t.Fatalf("got %+v, %v", c, err)
		}
	})
	t.Run("ErrImageNotIssued", func(t *testing.T) {
		if err := f.db.CreateCategory(ctx, &app.Category{Name: "Beds", Image: "/images/never.jpg"}, nil); err == nil {
			t.Fatal("a category pointing at an unknown image was stored")
		}
	})
}

func TestProducts(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	var clock int64 = 1_700_000_000_000
	f.db.SetClock(func() time.Time { clock += 1000; return time.UnixMilli(clock).UTC() })
	first := f.product(t, "first")
	second := f.product(t, "second")
	third := f.product(t, "third")

	t.Run("ByID", func(t *testing.T) {
		p, err := f.db.ProductByID(ctx, second.ID)
		if err != nil {
			t.Fatal(err)
		}
		if p.Category != "Décor" || p.Seller != "Sam" || p.Contact.Email != "sam@example.com" || p.Contact.Phone != "555 0100" || p.ResalePrice != 2550 || p.Status != app.StatusAvailable {
			t.Errorf("got %+v", p)
		}
	})
	t.Run("CategoryPageNewestFirst", func(t *testing.T) {
		list, err := f.db.CategoryProducts(ctx, f.category, app.Page{Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		if list.Total != 3 || len(list.Items) != 2 || list.Items[0].ID != third.ID || list.Items[1].ID != second.ID {
			t.Fatalf("got %+v", list)
		}
		list, _ = f.db.CategoryProducts(ctx, f.category, app.Page{Limit: 2, Offset: 2})
		if len(list.Items) != 1 || list.Items[0].ID != first.ID {
			t.Fatalf("second page %+v", list)
		}
		list, _ = f.db.CategoryProducts(ctx, f.category, app.Page{Limit: 2, Offset: 10})
		if list.Total != 3 || list.Items == nil || len(list.Items) != 0 {
			t.Fatalf("past the end %+v: want an empty, non-nil page", list)
		}
	})
	t.Run("SellerVerifiedIsReadLive", func(t *testing.T) {
		// No store method verifies sellers yet; flip the flag the way one will.
		must(t, f.db.ExecForTest(ctx, `UPDATE users SET verified = 1 WHERE id = ?`, f.seller.ID))
		p, _ := f.db.ProductByID(ctx, first.ID)
		if !p.SellerVerified {
			t.Error("product still shows the seller as unverified")
		}
	})
	t.Run("Delete", func(t *testing.T) {
		must(t, f.db.DeleteProduct(ctx, first.ID))
		if _, err := f.db.ProductByID(ctx, first.ID); app.ErrorKind(err) != app.KindNotFound {
			t.Fatalf("after delete: %v", err)
		}
		if err := f.db.DeleteProduct(ctx, first.ID); app.ErrorKind(err) != app.KindNotFound {
			t.Fatalf("second delete: %v", err)
		}
	})
}
