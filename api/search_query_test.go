package api

import (
	"net/url"
	"slices"
	"testing"

	"rehome/app"
)

func TestSearchInput(t *testing.T) {
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
		s, err := app.CheckSearch(searchInput(values))
		if err != nil {
			t.Errorf("%s: %v", tc.query, err)
			continue
		}
		if !tc.check(s) {
			t.Errorf("%s: %+v", tc.query, s)
		}
	}
}
