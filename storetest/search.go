package storetest

import (
	"slices"
	"testing"

	"rehome/app"
)

// shopWindow is a world with listings of two sellers in two categories,
// one of them reserved and one sold.
type shopWindow struct {
	*world
	cy       *app.User
	lighting *app.Category
	listed   map[string]*app.Product
}

func newShopWindow(t *testing.T, open func(t *testing.T) Stores) *shopWindow {
	t.Helper()
	w := &shopWindow{world: newWorld(t, open), listed: map[string]*app.Product{}}
	w.cy = w.user(t, "cy", app.RoleSeller)
	w.lighting = &app.Category{Name: "Lighting", Image: w.image.URL}
	must(t, w.CreateCategory(w.ctx, w.lighting, nil))
	// Oldest first.
	for _, l := range []struct {
		name, description, location string
		seller                      *app.User
		category                    *app.Category
		condition                   app.Condition
		price                       app.Cents
		width                       float64
	}{
		{"Sofa", "Deep green velvet", "Hull", w.seller, w.category, app.ConditionGood, 9000, 200},
		{"Oak table", "Sturdy and square", "Leeds", w.seller, w.category, app.ConditionGood, 5000, 120},
		{"Pine chair", "Light", "York", w.seller, w.category, app.ConditionExcellent, 1500, 45},
		{"Oak chair", "Carved back", "Leeds", w.cy, w.category, app.ConditionFair, 2500, 50},
		{"Lamp", "Brass", "York", w.cy, w.lighting, app.ConditionGood, 800, 30},
	} {
		p := w.newProduct(l.name)
		p.Description, p.Location, p.SellerID, p.CategoryID = l.description, l.location, l.seller.ID, l.category.ID
		p.Condition, p.ResalePrice, p.Dimensions = l.condition, l.price, &app.Dimensions{WidthCM: &l.width}
		must(t, w.CreateProduct(w.ctx, p))
		w.listed[l.name] = p
	}
	bea := w.user(t, "bea", app.RoleBuyer)
	w.book(t, w.listed["Pine chair"], bea)
	must(t, w.MarkPaid(w.ctx, w.book(t, w.listed["Sofa"], bea).ID))
	return w
}

// RunSearch checks searches: each filter, the orders, paging, a suggestion
// when nothing matches, and the index following every change at once.
func RunSearch(t *testing.T, open func(t *testing.T) Stores) {
	w := newShopWindow(t, open)
	price := func(c app.Cents) *app.Cents { return &c }
	fit := func(cm float64) *float64 { return &cm }
	tests := []struct {
		name       string
		in         app.SearchInput
		category   *app.Category
		page       app.Page
		want       string
		total      int
		suggestion string
	}{
		{name: "everything for sale, newest first", want: "Lamp Oak chair Pine chair Oak table", total: 4},
		{name: "a word", in: app.SearchInput{Text: "oak", Sort: app.SortNewest}, want: "Oak chair Oak table", total: 2},
		{name: "a word of the description", in: app.SearchInput{Text: "carved"}, want: "Oak chair", total: 1},
		{name: "every word", in: app.SearchInput{Text: "oak chair"}, want: "Oak chair", total: 1},
		{name: "a category", category: w.lighting, want: "Lamp", total: 1},
		{name: "a condition", in: app.SearchInput{Conditions: []app.Condition{app.ConditionGood}}, want: "Lamp Oak table", total: 2},
		{name: "prices", in: app.SearchInput{MinPrice: price(1000), MaxPrice: price(2500)}, want: "Oak chair Pine chair", total: 2},
		{name: "a location", in: app.SearchInput{Location: "leeds"}, want: "Oak chair Oak table", total: 2},
		{name: "a width", in: app.SearchInput{MaxWidth: fit(50)}, want: "Lamp Oak chair Pine chair", total: 3},
		{name: "a seller", in: app.SearchInput{SellerID: w.cy.ID}, want: "Lamp Oak chair", total: 2},
		{name: "available", in: app.SearchInput{Statuses: []app.ProductStatus{app.StatusAvailable}}, want: "Lamp Oak chair Oak table", total: 3},
		{name: "reserved", in: app.SearchInput{Statuses: []app.ProductStatus{app.StatusReserved}}, want: "Pine chair", total: 1},
		{name: "sold", in: app.SearchInput{Statuses: []app.ProductStatus{app.StatusSold}}, want: "Sofa", total: 1},
		{name: "cheapest first", in: app.SearchInput{Sort: app.SortPriceAsc}, want: "Lamp Pine chair Oak chair Oak table", total: 4},
		{name: "dearest first", in: app.SearchInput{Sort: app.SortPriceDesc}, want: "Oak table Oak chair Pine chair Lamp", total: 4},
		{name: "a page", page: app.Page{Limit: 2, Offset: 1}, want: "Oak chair Pine chair", total: 4},
		{name: "past the last page", page: app.Page{Limit: 2, Offset: 4}, want: "", total: 4},
		{name: "a misspelt word", in: app.SearchInput{Text: "tabel"}, want: "", total: 0, suggestion: "table"},
		{name: "nothing close", in: app.SearchInput{Text: "zzzzzz"}, want: "", total: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			search, err := app.CheckSearch(tc.in)
			must(t, err)
			if tc.category != nil {
				search.CategoryID = tc.category.ID
			}
			page := tc.page
			if page.Limit == 0 {
				page.Limit = 10
			}
			got, err := w.SearchProducts(w.ctx, search, page)
			must(t, err)
			if found := listingNames(got.Items); found != tc.want || got.Total != tc.total || got.Suggestion != tc.suggestion {
				t.Errorf("found %q of %d (suggesting %q), want %q of %d (suggesting %q)",
					found, got.Total, got.Suggestion, tc.want, tc.total, tc.suggestion)
			}
		})
	}
	t.Run("ListingsComeWhole", func(t *testing.T) {
		search, err := app.CheckSearch(app.SearchInput{Text: "lamp"})
		must(t, err)
		got, err := w.SearchProducts(w.ctx, search, app.Page{Limit: 10})
		must(t, err)
		lamp := w.listed["Lamp"]
		if len(got.Items) != 1 {
			t.Fatalf("found %d lamps", len(got.Items))
		}
		if p := got.Items[0]; p.ID != lamp.ID || p.Category != "Lighting" || p.Seller != "cy" || p.ResalePrice != 800 ||
			p.Location != "York" || p.Status != app.StatusAvailable {
			t.Errorf("found %+v", p)
		}
	})
	t.Run("TheIndexFollowsEachChange", func(t *testing.T) {
		w := newShopWindow(t, open)
		find := func(t *testing.T, text string) string {
			t.Helper()
			search, err := app.CheckSearch(app.SearchInput{Text: text, Sort: app.SortNewest})
			must(t, err)
			got, err := w.SearchProducts(w.ctx, search, app.Page{Limit: 10})
			must(t, err)
			return listingNames(got.Items)
		}
		if got := find(t, "oak"); got != "Oak chair Oak table" {
			t.Fatalf("before: %q", got)
		}
		table := *w.listed["Oak table"]
		table.Name = "Walnut table"
		must(t, w.UpdateProduct(w.ctx, &table))
		if got := find(t, "oak"); got != "Oak chair" {
			t.Errorf("after a rename, oak finds %q", got)
		}
		if got := find(t, "walnut"); got != "Walnut table" {
			t.Errorf("after a rename, walnut finds %q", got)
		}
		must(t, w.DeleteProduct(w.ctx, w.listed["Oak chair"].ID))
		if got := find(t, "oak"); got != "" {
			t.Errorf("after a deletion, oak finds %q", got)
		}
		must(t, w.CreateProduct(w.ctx, w.newProduct("Oak bench")))
		if got := find(t, "oak"); got != "Oak bench" {
			t.Errorf("after a new listing, oak finds %q", got)
		}
	})
}

// RunListingsForSale checks the sitemap's list: the listings for sale,
// reserved ones included, newest first, in pages of any size, and counted;
// but those of the sellers it is told to leave out.
func RunListingsForSale(t *testing.T, open func(t *testing.T) Stores) {
	w := newShopWindow(t, open)
	byID := map[int64]string{}
	for name, p := range w.listed {
		byID[p.ID] = name
	}
	for _, tc := range []struct {
		page   app.Page
		except []int64
		want   string
		total  int
	}{
		{app.Page{Limit: app.MaxPageLimit + 100}, nil, "Lamp Oak chair Pine chair Oak table", 4},
		{app.Page{Limit: 3, Offset: 1}, nil, "Oak chair Pine chair Oak table", 4},
		{app.Page{Limit: 3, Offset: 4}, nil, "", 4},
		{app.Page{Limit: 10}, []int64{w.cy.ID}, "Pine chair Oak table", 2},
		{app.Page{Limit: 1, Offset: 1}, []int64{w.seller.ID}, "Oak chair", 2},
		{app.Page{Limit: 10}, []int64{w.seller.ID, w.cy.ID}, "", 0},
		{app.Page{Limit: 10}, []int64{424242}, "Lamp Oak chair Pine chair Oak table", 4},
	} {
		list, err := w.ListingsForSale(w.ctx, tc.page, tc.except)
		must(t, err)
		got := names(list.Items, func(l app.ListedProduct) string { return byID[l.ID] })
		for _, l := range list.Items {
			if created := w.listed[byID[l.ID]].Created; !sameMoment(l.Listed, created) {
				t.Errorf("%s listed at %v, created %v", byID[l.ID], l.Listed, created)
			}
		}
		if got != tc.want || list.Total != tc.total {
			t.Errorf("page %+v but %v: %q of %d, want %q of %d", tc.page, tc.except, got, list.Total, tc.want, tc.total)
		}
	}
}

func listingNames(products []app.Product) string {
	return names(products, func(p app.Product) string { return p.Name })
}

// RunSearchLanguages checks that searches stem words in the language the
// index is given, rebuilt when it changes, fold accents in each, and find
// a word's synonyms; and that synonyms are kept.
func RunSearchLanguages(t *testing.T, open func(t *testing.T) Stores) {
	w := newWorld(t, open)
	for _, name := range []string{"Sofa", "Stuhl aus Eiche", "Chaise en chêne", "Canapé", "Couch"} {
		must(t, w.CreateProduct(w.ctx, w.newProduct(name)))
	}
	find := func(t *testing.T, text string, synonyms ...[]string) string {
		t.Helper()
		search, err := app.CheckSearch(app.SearchInput{Text: text, Sort: app.SortNewest})
		must(t, err)
		search.Synonyms = synonyms
		got, err := w.SearchProducts(w.ctx, search, app.Page{Limit: 10})
		must(t, err)
		return listingNames(got.Items)
	}
	for _, tc := range []struct {
		language   app.Language
		text, want string
		synonyms   [][]string
	}{
		{app.English, "sofas", "Sofa", nil},
		{app.English, "canape", "Canapé", nil},
		{app.English, "sofas", "Couch Sofa", [][]string{{"couch"}}},
		{app.German, "Stühle", "Stuhl aus Eiche", nil},
		{app.German, "eichen", "Stuhl aus Eiche", nil},
		{app.German, "sofas", "", nil}, // German does not stem this s
		{app.German, "sessel", "Couch", [][]string{{"couch"}}},
		{app.French, "chaises", "Chaise en chêne", nil},
		{app.French, "canapes", "Canapé", nil},
		{app.French, "chene", "Chaise en chêne", nil},
		{app.English, "eichen", "", nil}, // back in English: rebuilt again
	} {
		t.Run(string(tc.language)+" "+tc.text, func(t *testing.T) {
			must(t, w.UseSearchLanguage(w.ctx, tc.language))
			if got := find(t, tc.text, tc.synonyms...); got != tc.want {
				t.Errorf("%q finds %q, want %q", tc.text, got, tc.want)
			}
		})
	}
	t.Run("SeveralWordsWithSynonyms", func(t *testing.T) {
		must(t, w.UseSearchLanguage(w.ctx, app.English))
		for _, tc := range []struct {
			text, want string
			synonyms   [][]string
		}{
			{"solid sofa", "Sofa", nil},
			{"solid sofa", "Couch Sofa", [][]string{nil, {"couch"}}},
			{"sofas solid", "Couch Sofa", [][]string{{"couch"}}},
			{"solid sofa oak", "Couch Canapé Sofa", [][]string{nil, {"couch", "canape"}}},
			{"sofa couch", "Couch Sofa", [][]string{{"couch"}, {"sofa"}}},
			{"sofa solid couch", "Couch Sofa", [][]string{{"couch"}, nil, {"sofa"}}},
			{"red sofa", "", [][]string{nil, {"couch"}}},
			{"s sofa", "", [][]string{{"x"}, {"couch"}}},
		} {
			if got := find(t, tc.text, tc.synonyms...); got != tc.want {
				t.Errorf("%q with synonyms %q finds %q, want %q", tc.text, tc.synonyms, got, tc.want)
			}
		}
	})
	t.Run("NewListingsAreStemmedInTheLanguage", func(t *testing.T) {
		must(t, w.UseSearchLanguage(w.ctx, app.French))
		must(t, w.CreateProduct(w.ctx, w.newProduct("Armoires anciennes")))
		if got := find(t, "armoire"); got != "Armoires anciennes" {
			t.Errorf("armoire finds %q", got)
		}
		must(t, w.UseSearchLanguage(w.ctx, app.English))
	})
	t.Run("SuggestsInTheSitesLanguage", func(t *testing.T) { suggestsInTheSitesLanguage(t, open) })
	t.Run("SynonymsAreKept", func(t *testing.T) {
		got, err := w.SearchSynonyms(w.ctx)
		must(t, err)
		if len(got) != 0 {
			t.Fatalf("synonyms at first: %v", got)
		}
		groups := [][]string{{"couch", "sofa", "settee"}, {"armoire", "wardrobe"}}
		must(t, w.SaveSearchSynonyms(w.ctx, groups, nil))
		got, err = w.SearchSynonyms(w.ctx)
		must(t, err)
		if !slices.EqualFunc(got, groups, slices.Equal) {
			t.Errorf("synonyms %v, want %v", got, groups)
		}
		must(t, w.SaveSearchSynonyms(w.ctx, [][]string{}, nil))
		if got, err = w.SearchSynonyms(w.ctx); err != nil || len(got) != 0 {
			t.Errorf("synonyms emptied: %v, %v", got, err)
		}
	})
}

// suggestsInTheSitesLanguage: a search that finds nothing suggests words
// of the listings' names and descriptions, spelt as the listings spell
// them, as close in the marketplace's language (in German 'ue' is 'ü', in
// French an accent left out costs nothing), never a word of a category or
// a place, nor one only listings the search would not show hold; and so
// after the language changes.
func suggestsInTheSitesLanguage(t *testing.T, open func(t *testing.T) Stores) {
	w := newWorld(t, open)
	style := &app.Category{Name: "Style", Image: w.image.URL}
	must(t, w.CreateCategory(w.ctx, style, nil))
	list := func(name, description string) *app.Product {
		p := w.newProduct(name)
		p.Description, p.Location, p.CategoryID = description, "Stuttgart", style.ID
		must(t, w.CreateProduct(w.ctx, p))
		return p
	}
	suggest := func(t *testing.T, text string, statuses ...app.ProductStatus) string {
		t.Helper()
		search, err := app.CheckSearch(app.SearchInput{Text: text, Statuses: statuses})
		must(t, err)
		got, err := w.SearchProducts(w.ctx, search, app.Page{Limit: 10})
		must(t, err)
		return got.Suggestion
	}
	must(t, w.UseSearchLanguage(w.ctx, app.German))
	list("Kommode", "Mit drei Schubladen.")
	// The category's English word is not a listing's: no chairs, no
	// suggestion.
	if got := suggest(t, "Stühle"); got != "" {
		t.Errorf("with no chairs listed, Stühle suggests %q", got)
	}
	chairs := list("Stühle aus Eiche", "Zwei Stühle, massiv.")
	list("Petite étagère", "En pin, trois niveaux.")
	for _, tc := range []struct {
		language   app.Language
		text, want string
	}{
		{app.German, "Stuele", "Stühle"},
		{app.German, "Stuehle", "Stühle"}, // the same spelling: no edit
		{app.German, "Komode", "Kommode"},
		{app.German, "eiche Stuele", "eiche Stühle"},
		{app.German, "Stühle", ""}, // found
		{app.French, "etagre", "étagère"},
		{app.French, "Komode", "Kommode"},
		{app.French, "Stuele", "Stühle"},
		{app.English, "Komode", "Kommode"},
		{app.German, "Stuele", "Stühle"}, // back in German: rebuilt again
	} {
		t.Run(string(tc.language)+" "+tc.text, func(t *testing.T) {
			must(t, w.UseSearchLanguage(w.ctx, tc.language))
			if got := suggest(t, tc.text); got != tc.want {
				t.Errorf("%q suggests %q, want %q", tc.text, got, tc.want)
			}
		})
	}
	t.Run("OnlyWhatTheSearchShows", func(t *testing.T) {
		must(t, w.UseSearchLanguage(w.ctx, app.German))
		buyer := w.user(t, "bea", app.RoleBuyer)
		must(t, w.MarkPaid(w.ctx, w.book(t, chairs, buyer).ID))
		if got := suggest(t, "Stuele"); got != "" {
			t.Errorf("with the chairs sold, Stuele suggests %q", got)
		}
		if got := suggest(t, "Stuele", app.StatusSold); got != "Stühle" {
			t.Errorf("among the sold, Stuele suggests %q, want Stühle", got)
		}
		must(t, w.DeleteProduct(w.ctx, chairs.ID))
		if got := suggest(t, "Stuele", app.StatusSold); got != "" {
			t.Errorf("with the chairs deleted, Stuele suggests %q", got)
		}
	})
}
