package storetest

import (
	"strings"
	"testing"

	"rehome/app"
)

// RunSearchRanking checks the order of a search by relevance, the same on
// every store (docs/api.md): the listings whose name holds more of the
// words first, each word counted once whatever else holds it; equal ones
// newest first. It is checked page by page, with the total, for a word in
// names and descriptions, a prefix, several words, a word's other forms
// and synonyms, and filters and sorts with words.
func RunSearchRanking(t *testing.T, open func(t *testing.T) Stores) {
	w := newWorld(t, open)
	categories := map[string]*app.Category{}
	for _, name := range []string{"Sofas", "Chairs", "Tables", "Lighting"} {
		c := &app.Category{Name: name, Image: w.image.URL}
		must(t, w.CreateCategory(w.ctx, c, nil))
		categories[name] = c
	}
	// Oldest first.
	for _, l := range []struct {
		name, description, category, location string
		price                                 app.Cents
	}{
		{"Velvet sofa", "Deep green, seats three.", "Sofas", "Leeds", 30000},
		{"Green armchair", "Velvet cover on oak legs.", "Chairs", "York", 15000},
		{"Oak table", "Seats six; a velvet runner comes with it.", "Tables", "Leeds", 20000},
		{"Sofa bed", "Grey, folds out flat.", "Sofas", "Hull", 15000},
		{"Velvet chairs", "A pair of oak dining chairs.", "Chairs", "York", 8000},
		{"Lamp", "Brass, with a green velvet shade.", "Lighting", "Leeds", 4000},
		{"Corner sofa", "Velvet, seats five.", "Sofas", "Hull", 45000},
		{"Daybed", "Soft velvet throughout.", "Sofas", "York", 15000},
	} {
		p := w.newProduct(l.name)
		p.Description, p.CategoryID, p.Location, p.ResalePrice = l.description, categories[l.category].ID, l.location, l.price
		must(t, w.CreateProduct(w.ctx, p))
	}
	price := func(c app.Cents) *app.Cents { return &c }
	everyVelvet := "Velvet chairs, Velvet sofa, Daybed, Corner sofa, Lamp, Oak table, Green armchair"
	for _, tc := range []struct {
		name     string
		in       app.SearchInput
		synonyms [][]string
		category string
		want     string // every listing found, in order
	}{
		{name: "a word in names, then elsewhere", in: app.SearchInput{Text: "velvet"}, want: everyVelvet},
		{name: "a prefix", in: app.SearchInput{Text: "velv"}, want: everyVelvet},
		{name: "a word in names, then in a description", in: app.SearchInput{Text: "green"},
			want: "Green armchair, Lamp, Velvet sofa"},
		{name: "a word in names, then in a category", in: app.SearchInput{Text: "sofa"},
			want: "Corner sofa, Sofa bed, Velvet sofa, Daybed"},
		{name: "another form of the word", in: app.SearchInput{Text: "chairs"}, want: "Velvet chairs, Green armchair"},
		{name: "another form, nowhere in a name", in: app.SearchInput{Text: "seat"}, want: "Corner sofa, Oak table, Velvet sofa"},
		{name: "both words in the name first", in: app.SearchInput{Text: "velvet sofa"},
			want: "Velvet sofa, Corner sofa, Daybed"},
		{name: "the words in any order", in: app.SearchInput{Text: "sofa velvet"},
			want: "Velvet sofa, Corner sofa, Daybed"},
		{name: "either word in the name ties", in: app.SearchInput{Text: "oak velvet"},
			want: "Velvet chairs, Oak table, Green armchair"},
		{name: "a synonym in names", in: app.SearchInput{Text: "couch"}, synonyms: [][]string{{"sofa"}},
			want: "Corner sofa, Sofa bed, Velvet sofa, Daybed"},
		{name: "a price", in: app.SearchInput{Text: "velvet", MaxPrice: price(15000)},
			want: "Velvet chairs, Daybed, Lamp, Green armchair"},
		{name: "a category", in: app.SearchInput{Text: "velvet"}, category: "Sofas", want: "Velvet sofa, Daybed, Corner sofa"},
		{name: "a location", in: app.SearchInput{Text: "velvet", Location: "leeds"}, want: "Velvet sofa, Lamp, Oak table"},
		{name: "cheapest first", in: app.SearchInput{Text: "velvet", Sort: app.SortPriceAsc},
			want: "Lamp, Velvet chairs, Green armchair, Daybed, Oak table, Velvet sofa, Corner sofa"},
		{name: "dearest first", in: app.SearchInput{Text: "velvet", Sort: app.SortPriceDesc},
			want: "Corner sofa, Velvet sofa, Oak table, Daybed, Green armchair, Velvet chairs, Lamp"},
		{name: "newest first", in: app.SearchInput{Text: "velvet", Sort: app.SortNewest},
			want: "Daybed, Corner sofa, Lamp, Velvet chairs, Oak table, Green armchair, Velvet sofa"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			search, err := app.CheckSearch(tc.in)
			must(t, err)
			search.Synonyms = tc.synonyms
			if tc.category != "" {
				search.CategoryID = categories[tc.category].ID
			}
			want := strings.Split(tc.want, ", ")
			// Pages of three, and one past the last.
			for offset := 0; offset < len(want)+3; offset += 3 {
				got, err := w.SearchProducts(w.ctx, search, app.Page{Limit: 3, Offset: offset})
				must(t, err)
				page := strings.Join(want[min(offset, len(want)):min(offset+3, len(want))], ", ")
				var found []string
				for _, p := range got.Items {
					found = append(found, p.Name)
				}
				if strings.Join(found, ", ") != page || got.Total != len(want) {
					t.Errorf("at %d: %q of %d, want %q of %d", offset, strings.Join(found, ", "), got.Total, page, len(want))
				}
			}
		})
	}
}
