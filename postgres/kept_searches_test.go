package postgres_test

import (
	"context"
	"slices"
	"testing"

	"rehome/app"
	"rehome/postgres"
)

// TestSearchKeepsItsMatches: a search's matches are read once and kept
// while the catalogue's version stays, and read again once it moves. A
// listing renamed with the trigger that raises the version switched off,
// which no writer of the marketplace can do, shows which answer is which:
// the kept matches still hold it (read as it is now), a fresh read does
// not.
func TestSearchKeepsItsMatches(t *testing.T) {
	s := newSearchShop(t)
	sofas := func() []string {
		got := s.find(t, "velvet", app.SearchInput{})
		if got.Total != len(got.Items) {
			t.Fatalf("total %d for %d listings", got.Total, len(got.Items))
		}
		return names(got.Items)
	}
	if got := sofas(); !slices.Equal(got, []string{"Velvet sofa"}) {
		t.Fatalf("first read: %q", got)
	}
	s.exec(t, `ALTER TABLE products DISABLE TRIGGER products_catalogue`)
	s.exec(t, `UPDATE products SET name = 'Plush sofa' WHERE id = $1`, s.listed["Velvet sofa"].ID)
	s.exec(t, `ALTER TABLE products ENABLE TRIGGER products_catalogue`)
	if got := sofas(); !slices.Equal(got, []string{"Plush sofa"}) {
		t.Errorf("with the version unchanged: %q, want the kept match as it reads now", got)
	}
	s.exec(t, `UPDATE products SET resale_price = resale_price + 1 WHERE id = $1`, s.listed["Armchair"].ID)
	if got := sofas(); len(got) != 0 {
		t.Errorf("after a write: %q, want none", got)
	}
}

// TestSearchTooLargeToKeep: a search that found more than the kept
// searches may hold is read whole at each page, in one statement, and so
// sees even a write that no version told of.
func TestSearchTooLargeToKeep(t *testing.T) {
	s := newSearchShop(t)
	search, err := app.CheckSearch(app.SearchInput{Text: "sof"})
	must(t, err)
	// Room for the search, but not for it twice over.
	postgres.KeepSearchesWithin(s.db, 2*postgres.KeptSearchWeight(search, 4)-8)
	got := s.find(t, "sof", app.SearchInput{})
	if got.Total != 4 || len(got.Items) != 4 {
		t.Fatalf("first read: %q of %d", names(got.Items), got.Total)
	}
	s.exec(t, `ALTER TABLE products DISABLE TRIGGER products_catalogue`)
	s.exec(t, `UPDATE products SET name = 'Plush settee' WHERE id = $1`, s.listed["Velvet sofa"].ID)
	s.exec(t, `ALTER TABLE products ENABLE TRIGGER products_catalogue`)
	got = s.find(t, "sof", app.SearchInput{})
	if found := names(got.Items); got.Total != 3 || slices.Contains(found, "Plush settee") {
		t.Errorf("after the rename: %q of %d, want the 3 others", found, got.Total)
	}
}

// TestSearchesAcrossInstances: what one instance keeps of a search never
// hides what another wrote since: a listing listed, sold or renamed there
// shows here at the next search, on every page, with the total.
func TestSearchesAcrossInstances(t *testing.T) {
	ctx := context.Background()
	dbs := openInstances(t, 2)
	reader, writer := dbs[0], dbs[1]
	seller := &app.User{Name: "Sam", Email: "sam@example.com", Role: app.RoleSeller}
	must(t, writer.CreateUser(ctx, seller, []byte("hash")))
	image := &app.Image{URL: "/images/s.jpg", ThumbURL: "/images/s-thumb.jpg", Width: 10, Height: 10}
	must(t, writer.RecordImage(ctx, image, seller.ID))
	category := &app.Category{Name: "Lighting", Image: image.URL}
	must(t, writer.CreateCategory(ctx, category, nil))
	list := func(name string) *app.Product {
		p := &app.Product{CategoryID: category.ID, SellerID: seller.ID, Name: name, Description: "Works.",
			Image: image.URL, ThumbURL: image.ThumbURL, Condition: app.ConditionGood, Location: "York",
			ResalePrice: 1000, Status: app.StatusAvailable}
		must(t, writer.CreateProduct(ctx, p))
		return p
	}
	list("Brass lamp")
	search, err := app.CheckSearch(app.SearchInput{Text: "lamp", Sort: app.SortNewest})
	must(t, err)
	pages := func() (first, second []string, total int) {
		t.Helper()
		one, err := reader.SearchProducts(ctx, search, app.Page{Limit: 1})
		must(t, err)
		two, err := reader.SearchProducts(ctx, search, app.Page{Limit: 1, Offset: 1})
		must(t, err)
		if one.Total != two.Total {
			t.Fatalf("totals %d and %d", one.Total, two.Total)
		}
		return names(one.Items), names(two.Items), one.Total
	}
	want := func(step string, first, second []string, total int) {
		t.Helper()
		gotFirst, gotSecond, gotTotal := pages()
		if !slices.Equal(gotFirst, first) || !slices.Equal(gotSecond, second) || gotTotal != total {
			t.Errorf("%s: pages %q and %q of %d, want %q and %q of %d", step, gotFirst, gotSecond, gotTotal, first, second, total)
		}
	}
	want("one listing", []string{"Brass lamp"}, []string{}, 1)
	desk := list("Desk lamp")
	want("listed on the other instance", []string{"Desk lamp"}, []string{"Brass lamp"}, 2)
	desk.Name = "Desk light"
	must(t, writer.UpdateProduct(ctx, desk))
	want("renamed there", []string{"Brass lamp"}, []string{}, 1)
	desk.Name = "Desk lamp"
	must(t, writer.UpdateProduct(ctx, desk))
	want("named back", []string{"Desk lamp"}, []string{"Brass lamp"}, 2)
	must(t, writer.DeleteProduct(ctx, desk.ID))
	want("deleted there", []string{"Brass lamp"}, []string{}, 1)
}
