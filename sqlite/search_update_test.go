package sqlite_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"rehome/app"
	"rehome/sqlite"
)

// searchWorld is a small marketplace that random writes change: listings
// edited, booked, sold, unbooked, deleted and added.
type searchWorld struct {
	*fixture
	rng        *rand.Rand
	categories []*app.Category
	buyer      *app.User
	listings   []int64
	open       []int64 // bookings open
}

var (
	worldNames     = []string{"Velvet sofa", "Oak table", "Velvet chair", "Oak sofa bed", "Brass lamp", "Cafe chair"}
	worldLocations = []string{"Leeds", "Old Town", "Zürich Nord", "Riverside", "Leeds Road", "Town"}
)

func newSearchWorld(t *testing.T, seed uint64) *searchWorld {
	f := newFixture(t)
	w := &searchWorld{fixture: f, rng: rand.New(rand.NewPCG(seed, 7)), categories: []*app.Category{f.category}}
	c := &app.Category{Name: "Sofas", Image: f.image.URL}
	must(t, f.db.CreateCategory(context.Background(), c, nil))
	w.categories = append(w.categories, c)
	w.buyer = mpUser(t, f.db, "bea", app.RoleBuyer)
	for range 60 {
		w.add(t)
	}
	return w
}

func (w *searchWorld) pick(list []string) string { return list[w.rng.IntN(len(list))] }

func (w *searchWorld) add(t *testing.T) {
	p := w.newProduct(w.pick(worldNames))
	p.CategoryID = w.categories[w.rng.IntN(len(w.categories))].ID
	p.Location = w.pick(worldLocations)
	p.ResalePrice = app.Cents(100 * (1 + w.rng.IntN(20))) // equal prices, ordered by ID
	must(t, w.db.CreateProduct(context.Background(), p))
	w.listings = append(w.listings, p.ID)
}

// write makes one random write, and says which.
func (w *searchWorld) write(t *testing.T) string {
	ctx := context.Background()
	if len(w.listings) == 0 {
		w.add(t)
		return "add"
	}
	i := w.rng.IntN(len(w.listings))
	id := w.listings[i]
	p, err := w.db.ProductByID(ctx, id)
	must(t, err)
	switch kind := w.rng.IntN(9); {
	case kind < 4:
		switch w.rng.IntN(4) {
		case 0:
			p.Name = w.pick(worldNames)
		case 1:
			p.ResalePrice = app.Cents(100 * (1 + w.rng.IntN(20)))
		case 2:
			p.CategoryID = w.categories[w.rng.IntN(len(w.categories))].ID
		default:
			p.Location = w.pick(worldLocations)
		}
		if err := w.db.UpdateProduct(ctx, p); app.ErrorKind(err) != app.KindConflict {
			must(t, err) // a sold listing cannot be edited
		}
		return "edit"
	case kind == 4:
		b, err := w.mpTryBook(p, w.buyer)
		if app.ErrorKind(err) == app.KindConflict {
			return "book sold"
		}
		must(t, err)
		w.open = append(w.open, b.ID)
		return "book"
	case kind == 5 && len(w.open) > 0:
		j := w.rng.IntN(len(w.open))
		b := w.open[j]
		w.open = slices.Delete(w.open, j, j+1)
		switch w.rng.IntN(3) {
		case 0:
			must(t, w.db.MarkPaid(ctx, b))
			return "sell"
		case 1:
			must(t, w.db.CancelBooking(ctx, b))
			return "cancel"
		}
		must(t, w.db.DeclineBooking(ctx, b, "gone"))
		return "decline"
	case kind == 6:
		must(t, w.db.DeleteProduct(ctx, id))
		w.listings = slices.Delete(w.listings, i, i+1)
		return "delete"
	default:
		w.add(t)
		return "add"
	}
}

// worldSearches are searches of every sort and kind of filter.
func worldSearches(t *testing.T, w *searchWorld) []app.Search {
	filters := []searchPart{{}, {"category", func(in *app.SearchInput) { in.Category = "Sofas" }},
		{"seller", func(in *app.SearchInput) { in.SellerID = w.seller.ID }},
		{"location=ee", func(in *app.SearchInput) { in.Location = "ee" }},
		{"location=town", func(in *app.SearchInput) { in.Location = "town" }},
		{"location=zurich", func(in *app.SearchInput) { in.Location = "zurich" }},
		{"price", func(in *app.SearchInput) { in.MinPrice, in.MaxPrice = cents(500), cents(1500) }},
		statuses(app.StatusSold), statuses(app.StatusReserved), statuses(app.StatusAvailable, app.StatusSold),
	}
	var searches []app.Search
	for _, words := range []searchPart{{}, text("velvet"), text("oak sofa"), text("chair")} {
		for _, filter := range filters {
			for _, sort := range []searchPart{{}, sortBy(app.SortNewest), sortBy(app.SortPriceAsc), sortBy(app.SortPriceDesc)} {
				s, _ := checkedSearch(t, words, filter, sort)
				if s.Category != "" {
					s.CategoryID = w.categories[1].ID
				}
				searches = append(searches, s)
			}
		}
	}
	return searches
}

// sameAnswer compares a kept answer with a fresh read: the same listings
// in the same order.
func sameAnswer(t *testing.T, db *sqlite.DB, s app.Search, after string) (updates int) {
	t.Helper()
	ctx := context.Background()
	kept, updates, err := db.KeptSearch(ctx, s)
	must(t, err)
	fresh, err := db.FreshSearch(ctx, s)
	must(t, err)
	if !slices.Equal(kept, fresh) {
		t.Fatalf("after %s, %+v kept %v, read afresh %v", after, s, kept, fresh)
	}
	return updates
}

// TestSearchesKeptAcrossWrites: every kept answer, brought up to date
// after each of many random writes, is what a fresh read finds.
func TestSearchesKeptAcrossWrites(t *testing.T) {
	w := newSearchWorld(t, 1)
	searches := worldSearches(t, w)
	for _, s := range searches {
		sameAnswer(t, w.db, s, "nothing")
	}
	updated := 0
	for i := range 150 {
		done := w.write(t)
		// Every search after some writes; a few after each, so that some
		// catch up on one write and others on several.
		for j, s := range searches {
			if (i+j)%11 == 0 || j%29 == 0 {
				if sameAnswer(t, w.db, s, fmt.Sprintf("write %d (%s)", i, done)) > 0 {
					updated++
				}
			}
		}
	}
	if updated == 0 {
		t.Error("no answer was ever brought up to date in place")
	}
	kept, counted, err := w.db.LocationsKept(context.Background())
	must(t, err)
	if !slices.Equal(kept, counted) {
		t.Errorf("locations kept %v, counted %v", kept, counted)
	}
}

// TestSearchesKeptUnderConcurrentWrites: searches asked while a writer
// writes (run with -race) end up as a fresh read finds them.
func TestSearchesKeptUnderConcurrentWrites(t *testing.T) {
	w := newSearchWorld(t, 2)
	searches := worldSearches(t, w)
	ctx := context.Background()
	done := make(chan struct{})
	var readers sync.WaitGroup
	for r := range 4 {
		readers.Go(func() {
			for i := r; ; i++ {
				select {
				case <-done:
					return
				default:
				}
				if _, _, err := w.db.KeptSearch(ctx, searches[i%len(searches)]); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	for range 100 {
		w.write(t)
	}
	close(done)
	readers.Wait()
	for _, s := range searches {
		sameAnswer(t, w.db, s, "the writes")
	}
}

// TestWritesTellWhichTextsChanged: of the listings a write changes, those
// whose text the full-text index holds changed are told apart, so that a
// price or a booking leaves the words' matches as they were.
func TestWritesTellWhichTextsChanged(t *testing.T) {
	w := newSearchWorld(t, 3)
	ctx := context.Background()
	p, err := w.db.ProductByID(ctx, w.listings[0])
	must(t, err)
	for _, c := range []struct {
		name  string
		write func() int64
		text  bool
	}{
		{"a new price", func() int64 { p.ResalePrice += 100; must(t, w.db.UpdateProduct(ctx, p)); return p.ID }, false},
		{"the same text saved again", func() int64 { must(t, w.db.UpdateProduct(ctx, p)); return p.ID }, false},
		{"a booking", func() int64 { _, err := w.mpTryBook(p, w.buyer); must(t, err); return p.ID }, false},
		{"a new name", func() int64 { p.Name = "Brass lamp no. 2"; must(t, w.db.UpdateProduct(ctx, p)); return p.ID }, true},
		{"a new description", func() int64 { p.Description += " Barely used."; must(t, w.db.UpdateProduct(ctx, p)); return p.ID }, true},
		{"a new location", func() int64 { p.Location = "Harbour"; must(t, w.db.UpdateProduct(ctx, p)); return p.ID }, true},
		{"a new category", func() int64 {
			p.CategoryID = w.categories[0].ID + w.categories[1].ID - p.CategoryID // the other one
			must(t, w.db.UpdateProduct(ctx, p))
			return p.ID
		}, true},
		{"a new listing", func() int64 { w.add(t); return w.listings[len(w.listings)-1] }, true},
		{"a deletion", func() int64 { id := w.listings[1]; must(t, w.db.DeleteProduct(ctx, id)); return id }, true},
	} {
		gen := w.db.SearchGeneration()
		id := c.write()
		ids, texts := w.db.ChangedSince(gen)
		if !slices.Contains(ids, id) {
			t.Errorf("%s: listing %d not told among %v", c.name, id, ids)
		}
		if slices.Contains(texts, id) != c.text {
			t.Errorf("%s: listing %d among the texts changed %v: %v, want %v", c.name, id, texts, !c.text, c.text)
		}
	}
}

// TestAnAnswerOfNoneKeptAcrossWritesOfNoText: a search whose words are all
// known and that finds none (too cheap for every listing) is brought up to
// date in place after a write that changes no listing's text, as any other
// answer is: it can offer no suggestion until a text changes. One with a
// word no listing has is read afresh, as a write may make or unmake its
// suggestion, and so is the first after a new text.
func TestAnAnswerOfNoneKeptAcrossWritesOfNoText(t *testing.T) {
	w := newSearchWorld(t, 4)
	ctx := context.Background()
	tooCheap := searchPart{"max_price=0.50", func(in *app.SearchInput) { in.MaxPrice = cents(50) }}
	known, _ := checkedSearch(t, text("velvet chair"), tooCheap)
	misspelt, _ := checkedSearch(t, text("velvett chair"), tooCheap)
	edit := func(change func(p *app.Product)) {
		t.Helper()
		p, err := w.db.ProductByID(ctx, w.listings[0])
		must(t, err)
		change(p)
		must(t, w.db.UpdateProduct(ctx, p))
	}
	updates := func(s app.Search) int {
		t.Helper()
		ids, updates, err := w.db.KeptSearch(ctx, s)
		must(t, err)
		if len(ids) != 0 {
			t.Fatalf("%+v found %v", s, ids)
		}
		return updates
	}
	updates(known)
	updates(misspelt)
	edit(func(p *app.Product) { p.ResalePrice += 100 })
	if n := updates(known); n != 1 {
		t.Errorf("after a price edit, the known words' answer of none was read afresh (%d updates), want it brought up to date", n)
	}
	if n := updates(misspelt); n != 0 {
		t.Errorf("after a price edit, the misspelt answer was brought up to date (%d updates), want it read afresh", n)
	}
	edit(func(p *app.Product) { p.Name = "Velvet armchair" })
	if n := updates(known); n != 0 {
		t.Errorf("after a new name, the answer of none was brought up to date (%d updates), want it read afresh", n)
	}
}
