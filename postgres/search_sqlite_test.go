package postgres_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rehome/app"
	"rehome/sqlite"
)

// searchStore is what TestSearchAnswersAsSQLiteDoes fills and asks.
type searchStore interface {
	app.UserStore
	app.ImageStore
	app.CategoryStore
	app.ProductStore
	app.SearchStore
}

// TestSearchAnswersAsSQLiteDoes fills both stores with the same listings,
// in the same order, and asks both the same searches: the same listings
// must match, in the same order, with the same totals and suggestions.
func TestSearchAnswersAsSQLiteDoes(t *testing.T) {
	ctx := context.Background()
	lite, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "rehome.db"))
	must(t, err)
	t.Cleanup(func() { lite.Close() })
	stores := []searchStore{lite, mustOpenDB(t)}
	words := strings.Fields(`Velvet sofa sofas chair chairs armchair oak oaken table tables tabletop lamp lamps café
		cafe naïve Zürich mid-century modern running runner comfortable comfort seats seating 3-seater x a the
		theatre Ørsted brass walnut drawer drawers shelving shelf cushions cushion deep green marble round`)
	locations := []string{"Leeds", "York", "Riverside", "Old Town", "Zürich Nord", "Ørsted Park"}
	seed := uint32(7)
	next := func(n int) int { seed = seed*1664525 + 1013904223; return int(seed>>8) % n }
	phrase := func(n int) string {
		var out []string
		for range n {
			out = append(out, words[next(len(words))])
		}
		return strings.Join(out, " ")
	}
	type listing struct{ category, name, description, location string }
	var listings []listing
	for range 120 {
		listings = append(listings, listing{[]string{"Chairs", "Tables", "Lighting"}[next(3)], phrase(2), phrase(8) + ".",
			locations[next(len(locations))]})
	}
	for _, db := range stores {
		seller := &app.User{Name: "Sam", Email: "sam@example.com", Role: app.RoleSeller}
		must(t, db.CreateUser(ctx, seller, []byte("hash")))
		image := &app.Image{URL: "/images/s.jpg", ThumbURL: "/images/s-thumb.jpg", Width: 10, Height: 10}
		must(t, db.RecordImage(ctx, image, seller.ID))
		categories := map[string]int64{}
		for _, name := range []string{"Chairs", "Tables", "Lighting"} {
			c := &app.Category{Name: name, Image: image.URL}
			must(t, db.CreateCategory(ctx, c, nil))
			categories[name] = c.ID
		}
		for i, l := range listings {
			p := &app.Product{
				CategoryID: categories[l.category], SellerID: seller.ID, Name: l.name, Description: l.description,
				Image: image.URL, ThumbURL: image.ThumbURL, Condition: app.ConditionGood, Location: l.location,
				ResalePrice: app.Cents(100 * (i%17 + 1)), Status: app.StatusAvailable,
			}
			must(t, db.CreateProduct(ctx, p))
			if p.ID != int64(i+1) {
				t.Fatalf("listing %d stored as %d", i+1, p.ID)
			}
		}
	}
	// PostgreSQL's unaccent folds letters that have no accent to drop,
	// such as 'ø', which SQLite keeps: 'orsted' finds 'Ørsted' only there.
	foldsMore := []string{"orsted"}
	// searchBoth is what each store answers to in: SQLite's first.
	searchBoth := func(in app.SearchInput) (found [2]app.SearchResult) {
		search, err := app.CheckSearch(in)
		must(t, err)
		for i, db := range stores {
			found[i], err = db.SearchProducts(ctx, search, app.Page{Limit: app.MaxPageLimit})
			must(t, err)
		}
		return found
	}
	for _, q := range strings.Split(`sof|sofas|chairs|cha|armchair|oak|oaken|tables|tab|lamp|cafe|café|naive|zurich|zür|
		orsted|ørsted|mid|century|mid century|modern|run|running|runner|comfort|comfortable|seat|seating|3|seater|x|a|the|
		theatre|brass walnut|drawer|shelves|shelf|cushion|deep green|marble round|leeds|old town|riverside|nord|park|
		tabel|chiar|velvte|comfortible|walnat|drawr|xylophone|zzzz|sofa tabel|lamp zebra`, "|") {
		q = strings.TrimSpace(q)
		found := searchBoth(app.SearchInput{Text: q})
		lite, pg := ids(found[0].Items), ids(found[1].Items)
		if slices.Contains(foldsMore, q) {
			if !isSubset(lite, pg) {
				t.Errorf("%s: SQLite finds %v, PostgreSQL %v", q, lite, pg)
			}
			continue
		}
		if !slices.Equal(lite, pg) || found[0].Total != found[1].Total || found[0].Suggestion != found[1].Suggestion {
			t.Errorf("%s: SQLite finds %v of %d (%q), PostgreSQL %v of %d (%q)", q,
				lite, found[0].Total, found[0].Suggestion, pg, found[1].Total, found[1].Suggestion)
		}
	}
	// A location: a substring of the folded location, of any length, with
	// no character read as a wildcard.
	for _, location := range []string{"e", "le", "lee", "LEEDS", "old t", "zür", "zur", "nord", "ørsted", "%", "_", "k%", "quay"} {
		found := searchBoth(app.SearchInput{Location: location})
		if lite, pg := ids(found[0].Items), ids(found[1].Items); !slices.Equal(lite, pg) || found[0].Total != found[1].Total {
			t.Errorf("location %q: SQLite finds %v of %d, PostgreSQL %v of %d", location, lite, found[0].Total, pg, found[1].Total)
		}
	}
}

func ids(products []app.Product) []int64 {
	out := []int64{}
	for _, p := range products {
		out = append(out, p.ID)
	}
	return out
}

func isSubset(small, big []int64) bool {
	for _, id := range small {
		if !slices.Contains(big, id) {
			return false
		}
	}
	return true
}
