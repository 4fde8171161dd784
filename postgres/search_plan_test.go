package postgres_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/postgres"
)

// fillForPlans gives db a marketplace of a few thousand listings, their
// statistics read, so that the planner chooses as it would for a real one.
// Autovacuum is off for the tables: its ANALYZE, started by the load, would
// hold a snapshot that keeps VACUUM from marking the last pages written all
// visible, and the planner would not read the indexes alone.
func fillForPlans(t *testing.T, db *postgres.DB) {
	t.Helper()
	ctx := context.Background()
	for _, sql := range []string{
		`ALTER TABLE users SET (autovacuum_enabled = false)`,
		`ALTER TABLE images SET (autovacuum_enabled = false)`,
		`ALTER TABLE categories SET (autovacuum_enabled = false)`,
		`ALTER TABLE products SET (autovacuum_enabled = false)`,
		`ALTER TABLE search_spellings SET (autovacuum_enabled = false)`,
		`INSERT INTO users (name, email, password_hash, role, created)
		 SELECT 'Seller ' || i, 'seller' || i || '@example.com', '\x00', 'Seller', 0 FROM generate_series(1, 20) i`,
		`INSERT INTO images (url, thumb_url, width, height, created) VALUES ('/images/a.jpg', '/images/a-thumb.jpg', 10, 10, 0)`,
		`INSERT INTO categories (name, name_key, image, thumb_url, created)
		 SELECT n, lower(n), '/images/a.jpg', '/images/a-thumb.jpg', 0
		 FROM unnest(ARRAY['Tables', 'Chairs', 'Sofas', 'Lighting', 'Storage']) WITH ORDINALITY AS c(n, i) ORDER BY i`,
		`INSERT INTO products (category_id, seller_id, name, description, image, thumb_url, condition, location,
		                       resale_price, seller_phone, status, created, width_cm, height_cm)
		 SELECT 1 + i % 5, 1 + i % 20,
		        (ARRAY['Velvet', 'Oak', 'Pine', 'Leather', 'Brass', 'Walnut', 'Linen', 'Marble'])[1 + i % 8] || ' ' ||
		        (ARRAY['sofa', 'table', 'chair', 'lamp', 'cabinet', 'bench', 'stool'])[1 + (i / 8) % 7],
		        'Well kept; ' || substr(md5(i::text), 1, 6) || ' ' || substr(md5((i + 1)::text), 1, 5) || ' and more.',
		        '/images/a.jpg', '/images/a-thumb.jpg', (ARRAY['Excellent', 'Good', 'Fair'])[1 + i % 3],
		        (ARRAY['Riverside', 'Old Town', 'Hilltop', 'Leeds', 'York'])[1 + i % 5], 100 * (i % 500), '',
		        CASE WHEN i % 7 = 0 THEN 'Sold' ELSE 'Available' END, i * 1000,
		        20 + i % 200, CASE WHEN i % 4 = 0 THEN NULL ELSE 30 + i % 100 END
		 FROM generate_series(1, 5000) i`,
		`UPDATE products SET open_bookings = 1 WHERE status = 'Available' AND id % 11 = 0`,
		`VACUUM ANALYZE`,
	} {
		if _, err := db.Pool().Exec(ctx, sql); err != nil {
			t.Fatalf("%v\n%s", err, sql)
		}
	}
}

// TestSearchQueriesUseIndexes: no search reads the whole products table.
// One with words finds its matches through the full-text index
// (products_search), and sorts them. One without words finds its listings
// through a B-tree index; the feed, a category and a status alone walk one
// in the order asked for, with no sort; with narrower filters the planner
// may sort what a range of an index holds, and a location few listings
// have is found through its trigram index. The only other sort allowed is
// of the page's few listings, back into the order their numbers give.
// The filters are those of sqlite's TestSearchQueriesUseIndexes. A
// suggestion reads ranges of the vocabulary, and asks the full-text index
// whether a word finds anything.
func TestSearchQueriesUseIndexes(t *testing.T) {
	db := mustOpenDB(t)
	fillForPlans(t, db)
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
						search.CategoryID = 1 // Tables
					}
					sql, args := postgres.SearchQuery(search, app.Page{Limit: app.DefaultPageLimit, Offset: 48})
					plan := explain(t, db, sql, args)
					sortAllowed := words.query != "" || !slices.Contains(walks, filter.query)
					plan.walk(func(n planNode) {
						if n.NodeType == "Seq Scan" && n.RelationName == "products" {
							t.Errorf("scans every listing:\n%s", plan)
						}
						pageSort := len(n.SortKey) == 1 && strings.HasPrefix(n.SortKey[0], "(row_number() OVER")
						if n.NodeType == "Sort" && !pageSort && !sortAllowed {
							t.Errorf("sorts by %q where an index gives the order:\n%s", n.SortKey, plan)
						}
					})
					// A town a fifth of the listings are in is found as
					// well by walking the order asked for until the page
					// is full; a rarer one through the trigram index,
					// which then finds fewer rows than the words do.
					rareTown := filter.query == "location=quay"
					if words.query != "" && !plan.uses("products_search") && !(rareTown && plan.uses("products_by_location")) {
						t.Errorf("does not use the full-text index:\n%s", plan)
					}
					if words.query == "" && rareTown && !plan.uses("products_by_location") {
						t.Errorf("does not use the trigram index of locations:\n%s", plan)
					}
				})
			}
		}
	}
	for name, q := range postgres.SuggestionQueries {
		t.Run(name, func(t *testing.T) {
			plan := explain(t, db, q.Query, q.Args)
			if !plan.uses("search_spellings_pkey") {
				t.Errorf("does not read a range of the vocabulary:\n%s", plan)
			}
			plan.walk(func(n planNode) {
				if n.NodeType == "Seq Scan" || n.NodeType == "Sort" {
					t.Errorf("plan step %s:\n%s", n.NodeType, plan)
				}
			})
		})
	}
	// Whether a word finds any listing is asked of the full-text index:
	// a walk of the listings until the first match would read every one
	// for a misspelt word.
	for name, q := range postgres.KnownWordQueries {
		t.Run(name, func(t *testing.T) {
			plan := explain(t, db, q.Query, q.Args)
			if !plan.uses("products_search") {
				t.Errorf("does not use the full-text index:\n%s", plan)
			}
			plan.walk(func(n planNode) {
				if n.NodeType == "Seq Scan" {
					t.Errorf("scans every listing:\n%s", plan)
				}
			})
		})
	}
}

// planNode is a step of a plan as EXPLAIN (FORMAT JSON) tells it.
type planNode struct {
	NodeType     string     `json:"Node Type"`
	RelationName string     `json:"Relation Name"`
	IndexName    string     `json:"Index Name"`
	SortKey      []string   `json:"Sort Key"`
	Plans        []planNode `json:"Plans"`
	text         string     // the whole plan, for messages
}

func (n planNode) String() string { return n.text }

// walk calls visit on n and every step under it.
func (n planNode) walk(visit func(planNode)) {
	visit(n)
	for _, child := range n.Plans {
		child.walk(visit)
	}
}

// uses says whether a step of n reads index.
func (n planNode) uses(index string) bool {
	found := false
	n.walk(func(n planNode) { found = found || n.IndexName == index })
	return found
}

func explain(t *testing.T, db *postgres.DB, sql string, args []any) planNode {
	t.Helper()
	var out []byte
	if err := db.Pool().QueryRow(context.Background(), `EXPLAIN (FORMAT JSON) `+sql, args...).Scan(&out); err != nil {
		t.Fatalf("%v\n%s", err, sql)
	}
	var plans []struct {
		Plan planNode `json:"Plan"`
	}
	if err := json.Unmarshal(out, &plans); err != nil || len(plans) != 1 {
		t.Fatalf("plan %s: %v", out, err)
	}
	plan := plans[0].Plan
	var text []string
	rows, err := db.Pool().Query(context.Background(), `EXPLAIN `+sql, args...)
	if err != nil {
		t.Fatal(err)
	}
	var line string
	if _, err := pgx.ForEachRow(rows, []any{&line}, func() error { text = append(text, line); return nil }); err != nil {
		t.Fatal(err)
	}
	plan.text = strings.Join(text, "\n")
	return plan
}

// searchPart is one part of a search, named as a query string asks for it.
type searchPart struct {
	query string
	set   func(*app.SearchInput)
}

// checkedSearch is the search the parts make together, checked as the
// service checks it, and its name as a query string.
func checkedSearch(tb testing.TB, parts ...searchPart) (app.Search, string) {
	tb.Helper()
	var in app.SearchInput
	var names []string
	for _, p := range parts {
		if p.set != nil {
			p.set(&in)
		}
		if p.query != "" {
			names = append(names, p.query)
		}
	}
	search, err := app.CheckSearch(in)
	if err != nil {
		tb.Fatal(err)
	}
	return search, strings.Join(names, "&")
}

func text(q string) searchPart {
	return searchPart{"q=" + strings.ReplaceAll(q, " ", "+"), func(in *app.SearchInput) { in.Text = q }}
}

func sortBy(sort app.SearchSort) searchPart {
	return searchPart{"sort=" + string(sort), func(in *app.SearchInput) { in.Sort = sort }}
}

func statuses(list ...app.ProductStatus) searchPart {
	var names []string
	for _, s := range list {
		names = append(names, "status="+string(s))
	}
	return searchPart{strings.Join(names, "&"), func(in *app.SearchInput) { in.Statuses = list }}
}

func cents(c app.Cents) *app.Cents { return &c }

func cm(f float64) *float64 { return &f }
