package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"rehome/app"
)

// Search: GET /api/products.

// searchShop is a shop with listings whose words, prices, places and
// measures the search tests pick apart.
type searchShop struct {
	*shop
	buyer  *client
	other  app.User // a second seller
	ids    map[string]int64
	byName map[int64]string
}

func newSearchShop(t *testing.T) *searchShop {
	t.Helper()
	s := &searchShop{shop: newShop(t), ids: map[string]int64{}, byName: map[int64]string{}}
	s.buyer, _ = s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	otherClient, other := s.register("Olga Other", "olga@example.com", app.RoleSeller)
	s.other = other
	otherPicture := otherClient.upload(pngImage(t, 20, 20))
	for _, l := range []struct {
		seller      *client
		category    string
		name, about string
		condition   string
		location    string
		price       string
		dimensions  map[string]any
	}{
		{s.seller, "Chairs", "Velvet sofa", "Three seats, deep cushions.", "Excellent", "Riverside", "180", map[string]any{"width_cm": 190, "depth_cm": 85, "height_cm": 80}},
		{s.seller, "Chairs", "Wooden chair", "A plain chair for a desk.", "Good", "Old Town", "25", map[string]any{"width_cm": 45}},
		{s.seller, "Tables", "Oak table", "Seats six; a little sofa-sized.", "Fair", "Zürich Nord", "120.50", nil},
		{s.seller, "Tables", "Café table", "Round, marble top.", "Good", "riverside east", "60", map[string]any{"width_cm": 70, "depth_cm": 70, "height_cm": 74}},
		{nil, "Chairs", "Office chair", "Wheels and a high back; comfortable as a sofa.", "Excellent", "Hilltop", "300", nil},
	} {
		c, picture := l.seller, s.picture.URL
		if c == nil {
			c, picture = otherClient, otherPicture.URL
		}
		body := productBody(l.category, picture)
		body["product"], body["description"], body["condition"], body["location"], body["resale_price"] =
			l.name, l.about, l.condition, l.location, l.price
		if l.dimensions != nil {
			body["dimensions"] = l.dimensions
		}
		r := c.call("POST", "/api/products", body)
		expectStatus(t, r, http.StatusCreated)
		p := decode[app.Product](t, r)
		s.ids[l.name], s.byName[p.ID] = p.ID, l.name
	}
	return s
}

// search answers query as the buyer, with the names it found in order.
func (s *searchShop) search(t *testing.T, query string) (names []string, result map[string]any) {
	t.Helper()
	r := s.buyer.call("GET", "/api/products?"+query, nil)
	expectStatus(t, r, http.StatusOK)
	found := decode[struct {
		Items      []app.Product `json:"items"`
		Total      int           `json:"total"`
		Suggestion *string       `json:"suggestion"`
	}](t, r)
	names = []string{}
	for _, p := range found.Items {
		names = append(names, p.Name)
	}
	if found.Items == nil {
		t.Errorf("%s: items is null, want a list", query)
	}
	return names, decode[map[string]any](t, r)
}

func TestSearchWordsAndFilters(t *testing.T) {
	t.Parallel()
	s := newSearchShop(t)
	sold := mpBook(t, s.buyer, s.ids["Wooden chair"])
	expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/booked/%d/paid", sold.ID), nil), http.StatusOK)
	mpBook(t, s.buyer, s.ids["Oak table"]) // Reserved

	for _, tc := range []struct {
		query string
		want  []string
	}{
		// Words: every one must match; prefixes, stems, accents and case.
		{"q=sof", []string{"Velvet sofa", "Office chair", "Oak table"}},
		{"q=SOFAS", []string{"Velvet sofa", "Office chair", "Oak table"}},
		{"q=chairs", []string{"Office chair", "Velvet sofa"}},
		{"q=cafe", []string{"Café table"}},
		{"q=café+marble", []string{"Café table"}},
		{"q=table+marble+nowhere", []string{}},
		{"q=riverside", []string{"Café table", "Velvet sofa"}},
		{"q=tables", []string{"Café table", "Oak table"}},
		// Filters.
		{"category=chairs", []string{"Office chair", "Velvet sofa"}},
		{"condition=Excellent", []string{"Office chair", "Velvet sofa"}},
		{"condition=Good&condition=fair", []string{"Café table", "Oak table"}},
		{"min_price=60&max_price=180", []string{"Café table", "Oak table", "Velvet sofa"}},
		{"min_price=120.5&max_price=120.50", []string{"Oak table"}},
		{"location=RIVERSIDE", []string{"Café table", "Velvet sofa"}},
		{"location=zurich", []string{"Oak table"}},
		{"location=%C3%BCrich", []string{"Oak table"}},
		{"status=Sold", []string{"Wooden chair"}},
		{"status=Reserved", []string{"Oak table"}},
		{"status=Available", []string{"Office chair", "Café table", "Velvet sofa"}},
		{"status=Available&status=Sold", []string{"Office chair", "Café table", "Wooden chair", "Velvet sofa"}},
		{"max_width_cm=100", []string{"Café table"}},
		{"max_width_cm=200&max_height_cm=79", []string{"Café table"}},
		{"max_depth_cm=90", []string{"Café table", "Velvet sofa"}},
		{"seller=" + fmt.Sprint(s.other.ID), []string{"Office chair"}},
		{"seller=" + fmt.Sprint(s.sellerUser.ID) + "&status=Sold&status=Available&status=Reserved", []string{"Café table", "Oak table", "Wooden chair", "Velvet sofa"}},
		{"seller=99999", []string{}},
		// Sorts; the default is newest without words.
		{"", []string{"Office chair", "Café table", "Oak table", "Velvet sofa"}},
		{"sort=price_asc", []string{"Café table", "Oak table", "Velvet sofa", "Office chair"}},
		{"sort=price_desc", []string{"Office chair", "Velvet sofa", "Oak table", "Café table"}},
		{"sort=relevance", []string{"Office chair", "Café table", "Oak table", "Velvet sofa"}},
		{"q=sofa&sort=newest", []string{"Office chair", "Oak table", "Velvet sofa"}},
		{"q=sofa&sort=price_asc&category=Chairs", []string{"Velvet sofa", "Office chair"}},
		// Paging.
		{"limit=2&offset=1&sort=price_asc", []string{"Oak table", "Velvet sofa"}},
		{"limit=2&offset=10", []string{}},
		// Parameters it does not know are someone else's.
		{"colour=red&sort=price_asc&limit=1", []string{"Café table"}},
	} {
		t.Run(tc.query, func(t *testing.T) {
			got, _ := s.search(t, tc.query)
			if relevance := strings.Contains(tc.query, "q=") && !strings.Contains(tc.query, "sort="); relevance {
				// How bm25 weighs matches in descriptions is its own affair.
				got, tc.want = slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(tc.want))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("found %q, want %q", got, tc.want)
			}
		})
	}

	t.Run("total counts every match", func(t *testing.T) {
		_, result := s.search(t, "limit=1&sort=price_asc")
		if result["total"] != float64(4) {
			t.Errorf("total %v, want 4", result["total"])
		}
	})
	t.Run("the name weighs more than the description", func(t *testing.T) {
		got, _ := s.search(t, "q=sofa")
		if len(got) != 3 || got[0] != "Velvet sofa" {
			t.Errorf("found %q, want Velvet sofa first", got)
		}
	})
	t.Run("a buyer sees their bookings", func(t *testing.T) {
		r := s.buyer.call("GET", "/api/products?status=Reserved", nil)
		list := decode[app.List[app.Product]](t, r)
		if len(list.Items) != 1 || list.Items[0].MyBookingID == nil || list.Items[0].Category != "Tables" ||
			list.Items[0].Seller != "Sam Seller" {
			t.Errorf("items %+v", list.Items)
		}
	})
}

func TestSearchSuggestsASpelling(t *testing.T) {
	t.Parallel()
	s := newSearchShop(t)
	for _, tc := range []struct{ query, want string }{
		{"q=tabel", "table"},
		{"q=velvte+sofa", "Velvet sofa"}, // as the listing spells it
		{"q=ofice", "Office"},
		{"q=oak+tabel&category=Chairs", ""}, // 'oak table' finds nothing among the chairs either
		{"q=xylophone", ""},
		{"q=sofa", ""}, // found: nothing to suggest
	} {
		t.Run(tc.query, func(t *testing.T) {
			_, result := s.search(t, tc.query)
			got, has := result["suggestion"]
			if tc.want == "" && has {
				t.Errorf("suggestion %v, want none", got)
			}
			if tc.want != "" && got != tc.want {
				t.Errorf("suggestion %v, want %q", got, tc.want)
			}
		})
	}
}

// TestSearchSuggestsInTheSitesLanguage: in a German marketplace a search
// that finds nothing suggests the listings' German words as they spell
// them ('Stuehle' is 'Stühle' written out), never a category's English
// word that no listing's name or description has; and so once the
// marketplace speaks French.
func TestSearchSuggestsInTheSitesLanguage(t *testing.T) {
	t.Parallel()
	s := newSearchShop(t)
	expectStatus(t, s.admin.form("/api/categories", map[string]string{"name": "Style"}, pngImage(t, 30, 20)), http.StatusCreated)
	expectStatus(t, s.admin.call("PUT", "/api/site", map[string]any{"language": "de"}), http.StatusOK)
	list := func(name, about string) {
		body := productBody("Style", s.picture.URL)
		body["product"], body["description"] = name, about
		expectStatus(t, s.seller.call("POST", "/api/products", body), http.StatusCreated)
	}
	suggestion := func(t *testing.T, words string) any {
		t.Helper()
		_, result := s.search(t, "q="+words)
		return result["suggestion"]
	}
	list("Kommode", "Mit drei Schubladen.")
	if got := suggestion(t, "St%C3%BChle"); got != nil {
		t.Errorf("with no chairs listed, Stühle suggests %v", got)
	}
	list("Stühle aus Eiche", "Zwei Stühle, massiv.")
	for _, tc := range []struct{ language, words, want string }{
		{"de", "Stuehle", "Stühle"},
		{"de", "Stuele", "Stühle"},
		{"de", "Komode", "Kommode"},
		{"fr", "Komode", "Kommode"},
	} {
		expectStatus(t, s.admin.call("PUT", "/api/site", map[string]any{"language": tc.language}), http.StatusOK)
		if got := suggestion(t, tc.words); got != tc.want {
			t.Errorf("in %s, %s suggests %v, want %q", tc.language, tc.words, got, tc.want)
		}
	}
}

// TestSearchSuggestsNoHiddenSellersWord: a search's lists leave out the
// listings of a seller the viewer blocked, and of a suspended one, so a
// word only such a seller's listings spell is not suggested either.
func TestSearchSuggestsNoHiddenSellersWord(t *testing.T) {
	t.Parallel()
	s := newSearchShop(t)
	suggestion := func(t *testing.T, c *client) any {
		t.Helper()
		r := c.call("GET", "/api/products?q=ofice", nil)
		expectStatus(t, r, http.StatusOK)
		return decode[map[string]any](t, r)["suggestion"]
	}
	if got := suggestion(t, s.buyer); got != "Office" {
		t.Fatalf("before, ofice suggests %v", got)
	}
	expectStatus(t, s.buyer.call("POST", fmt.Sprintf("/api/users/%d/block", s.other.ID), nil), http.StatusNoContent)
	if got := suggestion(t, s.buyer); got != nil {
		t.Errorf("with its only seller blocked, ofice suggests %v", got)
	}
	expectStatus(t, s.admin.call("POST", fmt.Sprintf("/api/users/%d/suspend", s.other.ID), map[string]any{"days": 3, "reason": "Spam"}),
		http.StatusOK)
	if got := suggestion(t, s.seller); got != nil {
		t.Errorf("with its only seller suspended, ofice suggests %v", got)
	}
}

// TestSearchRefusesBadParameters: each is a 422 naming its field, and
// nothing a client can type is a 500.
func TestSearchRefusesBadParameters(t *testing.T) {
	t.Parallel()
	s := newSearchShop(t)
	for _, tc := range []struct{ query, field string }{
		{"q=" + strings.Repeat("a", 201), "q"},
		{"q=" + strings.Repeat("a+", 21), "q"},
		{"category=Nope", "category"},
		{"condition=Mint", "condition"},
		{"min_price=-1", "min_price"},
		{"min_price=abc", "min_price"},
		{"max_price=1.234", "max_price"},
		{"max_price=1e99", "max_price"},
		{"min_price=50&max_price=10", "max_price"},
		{"location=" + strings.Repeat("x", 101), "location"},
		{"status=Gone", "status"},
		{"max_width_cm=0", "max_width_cm"},
		{"max_depth_cm=-5", "max_depth_cm"},
		{"max_height_cm=NaN", "max_height_cm"},
		{"max_height_cm=Inf", "max_height_cm"},
		{"max_height_cm=0x1p3", "max_height_cm"},
		{"max_width_cm=1e2", "max_width_cm"},
		{"seller=abc", "seller"},
		{"seller=0", "seller"},
		{"sort=cheapest", "sort"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			r := s.buyer.call("GET", "/api/products?"+tc.query, nil)
			expectStatus(t, r, http.StatusUnprocessableEntity)
			if fields := decode[errorReply](t, r).Fields; fields[tc.field] == "" {
				t.Errorf("fields %v, want one for %s", fields, tc.field)
			}
		})
	}
	for _, tc := range []struct{ name, query string }{
		{"limit in words", "limit=many"},
		{"negative offset", "offset=-1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expectStatus(t, s.buyer.call("GET", "/api/products?"+tc.query, nil), http.StatusBadRequest)
		})
	}
	// Words the index's query language would read as syntax are words or
	// nothing here.
	for _, q := range []string{
		`"`, `""`, `"sofa`, `*`, `sofa*`, `**`, `-`, `-sofa`, `sofa -velvet`, `NEAR`, `NEAR(sofa velvet)`,
		`sofa NEAR velvet`, `sofa OR chair`, `sofa AND`, `NOT sofa`, `(`, `)`, `name:sofa`, `{name}:sofa`, `^sofa`,
		`sofa + velvet`, `'`, `\`, `%`, `_`, `;DROP TABLE products;--`, "\x01", "\u0301", "a\u0301", "e\u0301cole",
		strings.Repeat(`"*-(`, 50), strings.Repeat("é", 200), strings.Repeat("a ", 20), "ﷺ", "🛋️ sofa",
	} {
		t.Run("q "+q, func(t *testing.T) {
			r := s.buyer.call("GET", "/api/products?q="+url.QueryEscape(q), nil)
			if r.status != http.StatusOK && r.status != http.StatusUnprocessableEntity {
				t.Errorf("status %d, want 200 or 422; body %s", r.status, r.body)
			}
		})
	}
	t.Run("syntax is not syntax", func(t *testing.T) {
		for q, want := range map[string][]string{
			`sofa -velvet`:      {"Velvet sofa"}, // '-' parts words: both must match
			`"velvet sofa"`:     {"Velvet sofa"},
			`velvet OR marble`:  {}, // 'or' is a word no listing holds
			`NEAR(velvet sofa)`: {},
			`sofa*`:             {"Velvet sofa", "Office chair", "Oak table"},
			`{name}:velvet`:     {},
			`;DROP TABLE x;--`:  {},
			`🛋️ sofa`:           {"Velvet sofa", "Office chair", "Oak table"},
		} {
			got, _ := s.search(t, "q="+url.QueryEscape(q))
			if got, want := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want)); !slices.Equal(got, want) {
				t.Errorf("q %s found %q, want %q", q, got, want)
			}
		}
	})
}

// TestSearchStaysTrueAcrossWrites: a search never shows a listing as it
// was before a write, nor misses one written since.
func TestSearchStaysTrueAcrossWrites(t *testing.T) {
	t.Parallel()
	s := newSearchShop(t)
	expect := func(t *testing.T, query string, want ...string) {
		t.Helper()
		got, _ := s.search(t, query)
		if want == nil {
			want = []string{}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s found %q, want %q", query, got, want)
		}
	}
	count := func(t *testing.T, category string) float64 {
		t.Helper()
		for _, c := range decode[app.List[map[string]any]](t, s.buyer.call("GET", "/api/categories", nil)).Items {
			if c["name"] == category {
				return c["count"].(float64)
			}
		}
		t.Fatalf("no category %s", category)
		return 0
	}
	// Ask first, so that a kept answer would show.
	expect(t, "q=velvet", "Velvet sofa")
	expect(t, "q=lamp")
	if n := count(t, "Chairs"); n != 3 {
		t.Fatalf("Chairs count %v, want 3", n)
	}

	t.Run("an edit", func(t *testing.T) {
		r := s.seller.call("PATCH", fmt.Sprintf("/api/products/%d", s.ids["Velvet sofa"]),
			map[string]any{"product": "Linen sofa", "category": "Tables", "location": "Lakeside"})
		expectStatus(t, r, http.StatusOK)
		expect(t, "q=velvet")
		expect(t, "q=linen+lakeside", "Linen sofa")
		expect(t, "q=linen&category=Tables", "Linen sofa")
		if n := count(t, "Chairs"); n != 2 {
			t.Errorf("Chairs count %v after moving a listing out, want 2", n)
		}
		if n := count(t, "Tables"); n != 3 {
			t.Errorf("Tables count %v after moving a listing in, want 3", n)
		}
	})
	t.Run("a new listing", func(t *testing.T) {
		body := productBody("Chairs", s.picture.URL)
		body["product"] = "Brass lamp"
		expectStatus(t, s.seller.call("POST", "/api/products", body), http.StatusCreated)
		expect(t, "q=lamp", "Brass lamp")
		if n := count(t, "Chairs"); n != 3 {
			t.Errorf("Chairs count %v after a new listing, want 3", n)
		}
	})
	t.Run("a sale", func(t *testing.T) {
		b := mpBook(t, s.buyer, s.ids["Office chair"])
		expect(t, "q=office&status=Reserved", "Office chair")
		expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/booked/%d/paid", b.ID), nil), http.StatusForbidden) // not Sam's
		expectStatus(t, s.buyer.call("DELETE", fmt.Sprintf("/api/booked/%d", b.ID), nil), http.StatusOK)
		expect(t, "q=office&status=Available", "Office chair")
		sold := mpBook(t, s.buyer, s.ids["Café table"])
		expectStatus(t, s.seller.call("POST", fmt.Sprintf("/api/booked/%d/paid", sold.ID), nil), http.StatusOK)
		expect(t, "q=cafe")
		expect(t, "q=cafe&status=Sold", "Café table")
		if n := count(t, "Tables"); n != 2 {
			t.Errorf("Tables count %v after a sale, want 2", n)
		}
	})
	t.Run("a deletion", func(t *testing.T) {
		expectStatus(t, s.seller.call("DELETE", fmt.Sprintf("/api/products/%d", s.ids["Oak table"]), nil), http.StatusNoContent)
		expect(t, "q=oak&category=Tables")
		if n := count(t, "Tables"); n != 1 {
			t.Errorf("Tables count %v after a deletion, want 1", n)
		}
	})
	t.Run("a seller's account deleted", func(t *testing.T) {
		expectStatus(t, s.admin.call("DELETE", fmt.Sprintf("/api/users/%d", s.other.ID), nil), http.StatusNoContent)
		expect(t, "q=office")
		expect(t, "seller="+fmt.Sprint(s.other.ID))
		if n := count(t, "Chairs"); n != 2 {
			t.Errorf("Chairs count %v after its seller left, want 2", n)
		}
	})
}
