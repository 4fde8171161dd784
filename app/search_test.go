package app_test

import (
	"net/url"
	"slices"
	"sync"
	"testing"

	"rehome/app"
)

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Café": "cafe", "ZÜRICH": "zurich", "Ångström": "angstrom", "plain": "plain", "": "",
		"e\u0301cole": "ecole", "Straße": "straße", "Łódź": "łodz", "ĞÜŞÖÇİ": "gusoci",
	} {
		if got := app.Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// Requests fold their words at the same time; a folder keeps state while
// it works, and one shared between them once garbled or panicked.
func TestFoldConcurrently(t *testing.T) {
	inputs := []string{"Café crème", "Zürich Nord", "Ærøskøbing", "São Paulo", "Malmö", "Kraków"}
	want := make([]string, len(inputs))
	for i, in := range inputs {
		want[i] = app.Fold(in)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 2000 {
				k := (g + i) % len(inputs)
				if got := app.Fold(inputs[k]); got != want[k] {
					t.Errorf("Fold(%q) = %q, want %q", inputs[k], got, want[k])
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestParseSearch(t *testing.T) {
	ptr := func(c app.Cents) *app.Cents { return &c }
	for _, tc := range []struct {
		query string
		check func(s app.Search) bool
	}{
		{"", func(s app.Search) bool {
			return s.Sort == app.SortNewest && slices.Equal(s.Statuses, []app.ProductStatus{app.StatusAvailable, app.StatusReserved})
		}},
		{`q="Café"+NEAR(sofa*)+-x`, func(s app.Search) bool {
			return slices.Equal(s.Words, []string{"cafe", "near", "sofa", "x"}) && s.Sort == app.SortRelevance
		}},
		{"q=***&sort=relevance", func(s app.Search) bool { return len(s.Words) == 0 && s.Sort == app.SortNewest }},
		{"q=sofa&sort=PRICE_ASC", func(s app.Search) bool { return s.Sort == app.SortPriceAsc }},
		{"min_price=10&max_price=10.5", func(s app.Search) bool {
			return *s.MinPrice == *ptr(1000) && *s.MaxPrice == *ptr(1050)
		}},
		{"condition=good&condition=Good&status=sold", func(s app.Search) bool {
			return slices.Equal(s.Conditions, []app.Condition{app.ConditionGood}) &&
				slices.Equal(s.Statuses, []app.ProductStatus{app.StatusSold})
		}},
		{"location=+Zürich+", func(s app.Search) bool { return s.Location == "zurich" }},
		{"max_width_cm=120.5&seller=7&category=+Sofas+", func(s app.Search) bool {
			return *s.MaxWidth == 120.5 && s.SellerID == 7 && s.Category == "Sofas" && s.MaxDepth == nil
		}},
	} {
		values, err := url.ParseQuery(tc.query)
		if err != nil {
			t.Fatal(err)
		}
		s, err := app.ParseSearch(values)
		if err != nil {
			t.Errorf("%s: %v", tc.query, err)
			continue
		}
		if !tc.check(s) {
			t.Errorf("%s: %+v", tc.query, s)
		}
	}
}
