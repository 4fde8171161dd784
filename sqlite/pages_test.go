package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"rehome/app"
	"rehome/sqlite"
)

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
