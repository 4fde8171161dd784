package sqlite_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"rehome/app"
	"rehome/sqlite"
)

// TestListQueriesUseIndexes keeps every list query on an index: no sorting
// in a temporary tree, and no full scan of a table, except the walk of a
// table in its key order that a page query stops once the page is full,
// the reading of rows a subquery (a page of IDs, named page) or a recursive
// query (marks) yields, and
// of a list of IDs the query is given (json_each).
func TestListQueriesUseIndexes(t *testing.T) {
	db := mustOpenDB(t)
	for name, q := range sqlite.ListQueries {
		t.Run(name, func(t *testing.T) {
			plan, err := db.QueryPlan(context.Background(), q.Query, q.Args...)
			if err != nil {
				t.Fatal(err)
			}
			paged := strings.Contains(q.Query, "ORDER BY") && strings.Contains(q.Query, "LIMIT")
			for i, line := range strings.Split(strings.TrimSpace(plan), "\n") {
				scan := strings.HasPrefix(line, "SCAN ") && !strings.Contains(line, " USING ") &&
					!strings.HasPrefix(line, "SCAN (subquery-") && line != "SCAN CONSTANT ROW" && line != "SCAN marks" && line != "SCAN page" &&
					!strings.HasPrefix(line, "SCAN json_each VIRTUAL TABLE")
				orderedWalk := scan && i == 0 && paged
				if (scan && !orderedWalk) || strings.Contains(line, "TEMP B-TREE") {
					t.Errorf("plan step %q; whole plan:\n%s", line, plan)
				}
			}
		})
	}
}

// TestSearchQueriesUseIndexes: no search reads the whole products table.
// One with words reads the full-text index's matches and looks each
// listing up by its ID, sorting them unless by relevance, which the index
// orders itself. One without words finds its listings through an index;
// the feed, a category and a status alone walk one in the order asked
// for, with no sort; with narrower filters SQLite may sort what a range
// of an index holds. A location is looked up among the distinct locations
// and its listings found through products_by_location.
func TestSearchQueriesUseIndexes(t *testing.T) {
	db := mustOpenDB(t)
	ctx := context.Background()
	filters := []searchPart{{}, {"category=Tables", func(in *app.SearchInput) { in.Category = "Tables" }},
		{"seller=3", func(in *app.SearchInput) { in.SellerID = 3 }},
		{"condition=Good&condition=Fair", func(in *app.SearchInput) {
			in.Conditions = []app.Condition{app.ConditionGood, app.ConditionFair}
		}},
		{"min_price=10&max_price=200", func(in *app.SearchInput) { in.MinPrice, in.MaxPrice = cents(1000), cents(20000) }},
		{"location=river", func(in *app.SearchInput) { in.Location = "river" }},
		{"location=quay", func(in *app.SearchInput) { in.Location = "quay" }},
		statuses(app.StatusSold), statuses(app.StatusAvailable), statuses(app.StatusReserved, app.StatusSold),
		{"max_width_cm=200&max_height_cm=90", func(in *app.SearchInput) { in.MaxWidth, in.MaxHeight = cm(200), cm(90) }},
		{"category=Tables&seller=3&min_price=10&condition=Good", func(in *app.SearchInput) {
			in.Category, in.SellerID, in.MinPrice, in.Conditions = "Tables", 3, cents(1000), []app.Condition{app.ConditionGood}
		}},
	}
	walks := []string{"", "category=Tables", "status=Available", "status=Sold"}
	for _, words := range []searchPart{{}, text("sofa"), text("velvet sofa")} {
		for _, filter := range filters {
			for _, sort := range []searchPart{{}, sortBy(app.SortNewest), sortBy(app.SortPriceAsc), sortBy(app.SortPriceDesc)} {
				search, query := checkedSearch(t, words, filter, sort)
				t.Run(query, func(t *testing.T) {
					if search.Category != "" {
						search.CategoryID = 1
					}
					sql, args := sqlite.SearchQuery(search)
					plan, err := db.QueryPlan(ctx, sql, args...)
					must(t, err)
					for _, line := range strings.Split(strings.TrimSpace(plan), "\n") {
						scan := (line == "SCAN p" || strings.HasPrefix(line, "SCAN p ")) && !strings.Contains(line, " USING ")
						sorted := strings.Contains(line, "TEMP B-TREE")
						sortAllowed := words.query != "" || !slices.Contains(walks, filter.query)
						if scan || (sorted && !sortAllowed) {
							t.Errorf("plan step %q; whole plan:\n%s", line, plan)
						}
					}
					// Without words, a location finds its listings through
					// the index of locations, not a walk of every listing.
					if search.Location != "" && len(search.Words) == 0 &&
						!strings.Contains(plan, "INDEX products_by_location (location=?") {
						t.Errorf("location without products_by_location; whole plan:\n%s", plan)
					}
					// The listings a write changed are checked by their IDs.
					sql, args = sqlite.RecheckQuery(search, []int64{1, 2, 3})
					plan, err = db.QueryPlan(ctx, sql, args...)
					must(t, err)
					if !strings.Contains(plan, "SEARCH p USING INTEGER PRIMARY KEY (rowid=?)") {
						t.Errorf("listings changed not looked up by ID; whole plan:\n%s", plan)
					}
				})
			}
		}
	}
	for name, q := range sqlite.SuggestionQueries {
		t.Run(name, func(t *testing.T) {
			plan, err := db.QueryPlan(ctx, q.Query, q.Args...)
			must(t, err)
			if strings.Contains(plan, "TEMP B-TREE") || strings.HasSuffix(strings.TrimSpace(plan), " INDEX 0:") ||
				strings.Contains(plan, "SCAN search_spellings") {
				t.Errorf("plan:\n%s", plan)
			}
		})
	}
}
