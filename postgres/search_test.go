package postgres_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"rehome/app"
	"rehome/postgres"
)

// searchShop is a store with listings whose words the search tests pick
// apart, by name.
type searchShop struct {
	db     *postgres.DB
	ctx    context.Context
	listed map[string]*app.Product
}

func newSearchShop(t *testing.T) *searchShop {
	t.Helper()
	s := &searchShop{db: mustOpenDB(t), ctx: context.Background(), listed: map[string]*app.Product{}}
	seller := &app.User{Name: "Sam", Email: "sam@example.com", Role: app.RoleSeller}
	must(t, s.db.CreateUser(s.ctx, seller, []byte("hash")))
	image := &app.Image{URL: "/images/s.jpg", ThumbURL: "/images/s-thumb.jpg", Width: 10, Height: 10}
	must(t, s.db.RecordImage(s.ctx, image, seller.ID))
	categories := map[string]*app.Category{}
	for _, name := range []string{"Chairs", "Tables"} {
		categories[name] = &app.Category{Name: name, Image: image.URL}
		must(t, s.db.CreateCategory(s.ctx, categories[name], nil))
	}
	// Oldest first.
	for _, l := range []struct{ category, name, description, location string }{
		{"Chairs", "Velvet sofa", "Three seats, deep cushions.", "Riverside"},
		{"Chairs", "Wooden chair", "A plain chair for a desk.", "Old Town"},
		{"Tables", "Oak table", "Seats six; a little sofa-sized.", "Zürich Nord"},
		{"Tables", "Café table", "Round, marble top.", "riverside east"},
		{"Chairs", "Office chair", "Wheels and a high back; comfortable as a sofa.", "Hilltop"},
		{"Chairs", "Theatre seat", "Folding, from the old Odeon.", "Ørsted Park"},
		{"Chairs", "Armchair", "Deep and soft.", "Hilltop"},
	} {
		p := &app.Product{
			CategoryID: categories[l.category].ID, SellerID: seller.ID, Name: l.name, Description: l.description,
			Image: image.URL, ThumbURL: image.ThumbURL, Condition: app.ConditionGood, Location: l.location,
			ResalePrice: 1000, Status: app.StatusAvailable,
		}
		must(t, s.db.CreateProduct(s.ctx, p))
		s.listed[l.name] = p
	}
	return s
}

// find searches for text by relevance, with in's filters.
func (s *searchShop) find(t *testing.T, text string, in app.SearchInput) app.SearchResult {
	t.Helper()
	in.Text = text
	search, err := app.CheckSearch(in)
	must(t, err)
	if in.Category != "" {
		c := s.category(t, in.Category)
		search.CategoryID = c
	}
	got, err := s.db.SearchProducts(s.ctx, search, app.Page{Limit: 10})
	must(t, err)
	return got
}

func (s *searchShop) category(t *testing.T, name string) int64 {
	t.Helper()
	var id int64
	must(t, s.db.Pool().QueryRow(s.ctx, `SELECT id FROM categories WHERE name = $1`, name).Scan(&id))
	return id
}

// exec writes as any writer may, past the store's methods: the index must
// follow every write, whoever makes it.
func (s *searchShop) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := s.db.Pool().Exec(s.ctx, sql, args...); err != nil {
		t.Fatal(err)
	}
}

func names(products []app.Product) []string {
	out := []string{}
	for _, p := range products {
		out = append(out, p.Name)
	}
	return out
}

// TestSearchReadsWordsAsSQLiteDoes: prefixes, stems, accents and case,
// every word kept (no stop words), and a word of one letter whole.
func TestSearchReadsWordsAsSQLiteDoes(t *testing.T) {
	s := newSearchShop(t)
	for _, tc := range []struct{ text, want string }{
		{"sof", "Armchair, Oak table, Office chair, Velvet sofa"}, // soft, sofa-sized
		{"SOFAS", "Oak table, Office chair, Velvet sofa"},
		{"chairs", "Armchair, Office chair, Theatre seat, Velvet sofa, Wooden chair"}, // the category too
		{"cafe", "Café table"},
		{"café marble", "Café table"},
		{"table marble nowhere", ""},
		{"zurich", "Oak table"},
		{"ørsted", "Theatre seat"},
		{"orsted", "Theatre seat"},
		{"the", "Theatre seat"}, // English's stop words would drop 'the'; SQLite keeps it
		{"a", "Oak table, Office chair, Wooden chair"},
		{"arm", "Armchair"},
		{"sized", "Oak table"},
		{"seat", "Oak table, Theatre seat, Velvet sofa"}, // 'seats' is 'seat'
	} {
		t.Run(tc.text, func(t *testing.T) {
			got := s.find(t, tc.text, app.SearchInput{})
			found := names(got.Items)
			slices.Sort(found)
			if strings.Join(found, ", ") != tc.want || got.Total != len(got.Items) {
				t.Errorf("found %q of %d, want %q", found, got.Total, tc.want)
			}
		})
	}
}

// TestSearchSuggestsASpelling: SQLite's rules. A word that finds no
// listing is replaced by the closest the listings' names and descriptions
// spell, as they spell it: one edit away for up to four letters, two for
// more, a swap one edit; the most used of the closest, the first in byte
// order of those. The suggestion must find something with the search's
// filters.
func TestSearchSuggestsASpelling(t *testing.T) {
	s := newSearchShop(t)
	for _, tc := range []struct {
		text     string
		category string
		want     string
	}{
		{"tabel", "", "table"},
		{"velvte sofa", "", "Velvet sofa"},
		{"ofice", "", "Office"},
		{"sfoa", "", "sofa"},                   // one swap: trigrams alone would miss it
		{"chiars", "", "chair"},                // 'Chairs' is a category's word, no listing's
		{"seata", "", "seats"},                 // 'Seats' and 'seats' (two listings) over 'seat' (one)
		{"tablex", "", "table"},                // 'table' and 'tables': as close, as used
		{"oak tabel", "Chairs", ""},            // 'oak table' finds no chair either
		{"cafe tabel", "Tables", "cafe table"}, // words held stay as folded
		{"a tabel", "", "a table"},             // 'a' held as it is
		{"xylophone", "", ""},
		{"sofa", "", ""},  // found: nothing to suggest
		{"atble", "", ""}, // the first letter is kept
		{"lamx", "", ""},  // one letter off, but no listing's
	} {
		t.Run(tc.text, func(t *testing.T) {
			got := s.find(t, tc.text, app.SearchInput{Category: tc.category})
			if got.Suggestion != tc.want {
				t.Errorf("suggestion %q, want %q", got.Suggestion, tc.want)
			}
		})
	}
}

// TestSearchFollowsEveryWrite: the document and the words of a listing
// follow each write of it, and of its category's name, whoever writes.
func TestSearchFollowsEveryWrite(t *testing.T) {
	s := newSearchShop(t)
	found := func(t *testing.T, text string) string {
		t.Helper()
		got := s.find(t, text, app.SearchInput{Sort: app.SortNewest})
		return strings.Join(names(got.Items), ", ") + " / " + got.Suggestion
	}
	plan := *s.listed["Oak table"]
	plan.Name, plan.Description = "Floor plan", "Drawn"
	must(t, s.db.CreateProduct(s.ctx, &plan))
	s.exec(t, `UPDATE categories SET name = 'Seating', name_key = 'seating' WHERE name = 'Chairs'`)
	s.exec(t, `UPDATE products SET name = 'Walnut table' WHERE id = $1`, s.listed["Oak table"].ID)
	s.exec(t, `DELETE FROM products WHERE id = $1`, s.listed["Wooden chair"].ID)
	for _, tc := range []struct{ text, want string }{
		{"seating", "Armchair, Theatre seat, Office chair, Walnut table, Velvet sofa / "}, // and its seats
		{"chairs", "Office chair / "},
		{"seatimg", " / "}, // the category's word, no listing's
		{"oak", " / "},
		{"walnut", "Walnut table / "},
		{"walnat", " / Walnut"},
		{"dezk", " / "},     // the deleted listing's word
		{"plai", " / plan"}, // no listing holds 'plain' now
	} {
		t.Run(tc.text, func(t *testing.T) {
			if got := found(t, tc.text); got != tc.want {
				t.Errorf("found %q, want %q", got, tc.want)
			}
		})
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestSearchFollowsARenameDuringAWrite: a listing written while its
// category is renamed, the rename not yet committed, is found by the new
// name: its write waits for the rename and reads the name it leaves.
func TestSearchFollowsARenameDuringAWrite(t *testing.T) {
	s := newSearchShop(t)
	rename, err := s.db.Pool().Begin(s.ctx)
	must(t, err)
	defer rename.Rollback(s.ctx)
	_, err = rename.Exec(s.ctx, `UPDATE categories SET name = 'Seating', name_key = 'seating' WHERE name = 'Chairs'`)
	must(t, err)
	stool := *s.listed["Armchair"]
	stool.Name = "Pine stool"
	written := make(chan error, 1)
	go func() { written <- s.db.CreateProduct(s.ctx, &stool) }()
	// The write waits for the rename's lock.
	for waiting := false; !waiting; {
		must(t, s.db.Pool().QueryRow(s.ctx, `SELECT EXISTS (SELECT 1 FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock')`).Scan(&waiting))
	}
	must(t, rename.Commit(s.ctx))
	must(t, <-written)
	got := s.find(t, "seating stool", app.SearchInput{})
	if len(got.Items) != 1 || got.Items[0].ID != stool.ID {
		t.Errorf("found %q, want the stool", names(got.Items))
	}
}

// TestSearchReadsNoWordAsSyntax: whatever the words, the query is words.
func TestSearchReadsNoWordAsSyntax(t *testing.T) {
	s := newSearchShop(t)
	for _, words := range [][]string{{"oak'"}, {`oak\`}, {"oak", "|", "!"}, {"o'ak & table"}, {"oak:*"}} {
		got, err := s.db.SearchProducts(s.ctx, app.Search{Words: words, Statuses: []app.ProductStatus{app.StatusAvailable}},
			app.Page{Limit: 10})
		if err != nil {
			t.Errorf("%q: %v", words, err)
		}
		if len(got.Items) > 1 {
			t.Errorf("%q found %q", words, names(got.Items))
		}
	}
}

// TestSearchCountsOnEveryPage: the total is every match's, on the first
// page, the last, past the last and on a page of none.
func TestSearchCountsOnEveryPage(t *testing.T) {
	s := newSearchShop(t)
	search, err := app.CheckSearch(app.SearchInput{Text: "chairs"}) // the five listed as chairs
	must(t, err)
	for _, tc := range []struct {
		page  app.Page
		items int
	}{
		{app.Page{Limit: 2}, 2}, {app.Page{Limit: 2, Offset: 4}, 1}, {app.Page{Limit: 2, Offset: 5}, 0},
		{app.Page{Limit: 10, Offset: 1000}, 0}, {app.Page{Limit: 0}, 0},
	} {
		got, err := s.db.SearchProducts(s.ctx, search, tc.page)
		must(t, err)
		if len(got.Items) != tc.items || got.Total != 5 || got.Items == nil {
			t.Errorf("page %+v: %d of %d, want %d of 5", tc.page, len(got.Items), got.Total, tc.items)
		}
	}
}
