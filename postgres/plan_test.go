package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/internal/pgtest"
	"rehome/storecore"
)

// listQueries are the catalogue's list queries with sample arguments.
// storecore.CategoriesQuery is not among them: it reads the few dozen categories
// whole and sorts them, which no index does better.
var listQueries = map[string]struct {
	query string
	args  []any
}{
	"category count":          {rebind(categoryCountQuery), []any{1}},
	"category page":           {rebind(storecore.CategoryPageQuery), []any{1, 24, 0}},
	"category page deep":      {rebind(storecore.CategoryPageQuery), []any{1, 24, 1200}},
	"category page from":      {rebind(storecore.CategoryPageFrom), []any{1, 1000, 1000, 7, 24}},
	"category page skip":      {rebind(storecore.CategoryPageSkip), []any{1, 1, 1000, 1000, 7, 3, 24}},
	"category marks":          {rebind(categoryMarksQuery), []any{1, 64}},
	"seller count":            {rebind(storecore.SellerCountQuery), []any{1}},
	"seller page":             {rebind(storecore.SellerPageQuery), []any{1, 24, 0}},
	"seller's counts":         {sellerCountsQuery, []any{1}},
	"booked from":             {bookedFromQuery, []any{1, 2}},
	"my bookings":             {rebind(storecore.MyBookingsQuery(dialect)), []any{[]int64{1, 2, 3}, 1}},
	"booked by":               {rebind(storecore.BookingsOfBuyerQuery), []any{1, 257}},
	"adverts count":           {advertsCount, nil},
	"adverts page":            {advertsPage, []any{24, 0}},
	"listings for sale count": {forSaleCountQuery, nil},
	// The sitemap reads 50,000 listings a page. A marketplace with fewer
	// for sale than that has them all on one page, read whole (and a Seq
	// Scan and a Sort may well be the best way); one big enough to have
	// pages walks the index: here, a page of a quarter of the listings for
	// sale, as at 200,000.
	"listings for sale page": {forSalePageQuery, []any{8_000, 8_000}},
	// While a few sellers are suspended, the same without theirs.
	"listings for sale count but a few sellers": {forSaleExceptCountQuery, []any{[]int64{1, 2}}},
	"listings for sale page but a few sellers":  {forSaleExceptPageQuery, []any{[]int64{1, 2}, 8_000, 8_000}},
}

// bigTables are the tables that grow with the marketplace. Categories and
// adverts do not: a few dozen categories, and the adverts an admin keeps on
// the home page; they may be read whole, but never sorted for a page.
var bigTables = map[string]bool{"products": true, "bookings": true, "users": true, "images": true,
	"conversations": true, "messages": true, "reports": true, "audit_log": true}

// TestListQueriesUseIndexes keeps every list query on an index, on a
// marketplace big enough that PostgreSQL's planner, given the statistics of
// ANALYZE, would rather read a table whole than through an index if the
// index did not serve the query: no big table is read by a Seq Scan, and no
// Sort orders rows that a Seq Scan yields (a page sorted out of a whole
// table). A Sort of a page's rows, picked in an index's order and joined to
// a small table read whole, is no such sort.
// fixtureDatabase is a fresh database for a test that loads tens of
// thousands of rows in one statement, which may run past the bound on a
// request's statements (bounds.go) on a busy machine.
func fixtureDatabase(t *testing.T) string {
	url, sep := pgtest.NewDatabase(t), "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	return url + sep + "statement_timeout=0"
}

func TestListQueriesUseIndexes(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, fixtureDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	loadMarketplace(t, db, 40_000)
	// An index-only scan costs what the visibility map spares it. VACUUM
	// marks every page all visible unless a transaction elsewhere on the
	// server holds back the horizon meanwhile (tests of other packages): the
	// plans must not depend on it, so it is only told.
	var pages, visible int
	if err := db.pool.QueryRow(ctx, `SELECT relpages, relallvisible FROM pg_class WHERE relname = 'products'`).Scan(&pages, &visible); err != nil {
		t.Fatal(err)
	}
	t.Logf("products: %d pages, %d all visible", pages, visible)
	plan := func(t *testing.T, query string, args []any) *planNode {
		var out []byte
		if err := db.pool.QueryRow(ctx, "EXPLAIN (FORMAT JSON) "+query, args...).Scan(&out); err != nil {
			t.Fatal(err)
		}
		var plans []struct{ Plan planNode }
		if err := json.Unmarshal(out, &plans); err != nil || len(plans) != 1 {
			t.Fatalf("plan %s: %v", out, err)
		}
		return &plans[0].Plan
	}
	for name, q := range listQueries {
		t.Run(name, func(t *testing.T) {
			text := textPlan(t, db, q.query, q.args)
			for _, problem := range planProblems(plan(t, q.query, q.args), false) {
				t.Errorf("%s; whole plan:\n%s", problem, text)
			}
			t.Log("plan:\n" + text)
		})
	}
	// Pages no index serves, to see the check find them on this data.
	for _, query := range []string{
		`SELECT id FROM products WHERE status = 'Available' ORDER BY name LIMIT 24`,
		`SELECT a.id FROM adverts a ORDER BY a.created DESC LIMIT 24`,
	} {
		if len(planProblems(plan(t, query, nil), false)) == 0 {
			t.Errorf("no problem found with %s:\n%s", query, textPlan(t, db, query, nil))
		}
	}
}

// planNode is a node of EXPLAIN (FORMAT JSON)'s plan.
type planNode struct {
	NodeType string `json:"Node Type"`
	// Relationship is Outer for the rows a join is driven by (and the one
	// input of a node with one), Inner for those it looks up or hashes,
	// Member for a part of an Append, SubPlan or InitPlan for a subquery.
	Relationship string     `json:"Parent Relationship"`
	Relation     string     `json:"Relation Name"`
	Index        string     `json:"Index Name"`
	Plans        []planNode `json:"Plans"`
}

// planProblems lists the whole-table reads under n: a Seq Scan of a big
// table anywhere, and one of any table that yields the rows a Sort above it
// orders. sorted says the rows n yields are sorted above it.
func planProblems(n *planNode, sorted bool) []string {
	var problems []string
	if n.NodeType == "Seq Scan" {
		if bigTables[n.Relation] {
			problems = append(problems, "Seq Scan on "+n.Relation)
		} else if sorted {
			problems = append(problems, "Sort over a Seq Scan on "+n.Relation)
		}
	}
	for i := range n.Plans {
		child := &n.Plans[i]
		yields := child.Relationship == "Outer" || child.Relationship == "Member"
		problems = append(problems, planProblems(child, (sorted && yields) || n.NodeType == "Sort")...)
	}
	return problems
}

// textPlan is EXPLAIN's plan of query as text, with its costs, for a
// failure's message.
func textPlan(t *testing.T, db *DB, query string, args []any) string {
	rows, err := db.pool.Query(context.Background(), "EXPLAIN "+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}

// TestPlanProblemsFindsWholeTableReads: the check itself sees a page
// sorted out of a whole table.
func TestPlanProblemsFindsWholeTableReads(t *testing.T) {
	for _, tc := range []struct {
		name string
		plan planNode
		want int
	}{
		{"index scan", planNode{NodeType: "Limit", Plans: []planNode{{NodeType: "Index Scan", Relationship: "Outer", Relation: "products"}}}, 0},
		{"whole products", planNode{NodeType: "Aggregate", Plans: []planNode{{NodeType: "Seq Scan", Relationship: "Outer", Relation: "products"}}}, 1},
		{"categories by key", planNode{NodeType: "Seq Scan", Relation: "categories"}, 0},
		{"categories sorted", planNode{NodeType: "Sort", Plans: []planNode{{NodeType: "Seq Scan", Relationship: "Outer", Relation: "categories"}}}, 1},
		{"sorted deep down", planNode{NodeType: "Limit", Plans: []planNode{{NodeType: "Sort", Relationship: "Outer", Plans: []planNode{
			{NodeType: "Hash Join", Relationship: "Outer", Plans: []planNode{
				{NodeType: "Seq Scan", Relationship: "Outer", Relation: "categories"},
				{NodeType: "Hash", Relationship: "Inner", Plans: []planNode{{NodeType: "Index Scan", Relationship: "Outer", Relation: "products"}}},
			}}}}}}, 1},
		{"a page sorted, joined to categories", planNode{NodeType: "Sort", Plans: []planNode{
			{NodeType: "Hash Join", Relationship: "Outer", Plans: []planNode{
				{NodeType: "Limit", Relationship: "Outer", Plans: []planNode{{NodeType: "Index Only Scan", Relationship: "Outer", Relation: "products"}}},
				{NodeType: "Hash", Relationship: "Inner", Plans: []planNode{{NodeType: "Seq Scan", Relationship: "Outer", Relation: "categories"}}},
			}}}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := planProblems(&tc.plan, false); len(got) != tc.want {
				t.Errorf("problems %q, want %d", got, tc.want)
			}
		})
	}
}

// loadMarketplace fills db with n listings in 20 categories by 500
// sellers, one in five sold, with a booking for every seventh and an advert
// for every hundredth, then has PostgreSQL gather its statistics. Autovacuum
// is off for the tables: its ANALYZE, started by the load, would hold a
// snapshot that keeps VACUUM from marking the last pages written all visible.
func loadMarketplace(t *testing.T, db *DB, n int) {
	t.Helper()
	ctx := context.Background()
	for _, table := range []string{"users", "images", "categories", "products", "bookings", "adverts"} {
		if _, err := db.pool.Exec(ctx, `ALTER TABLE `+table+` SET (autovacuum_enabled = false)`); err != nil {
			t.Fatal(err)
		}
	}
	users := make([]app.User, 500)
	for i := range users {
		users[i] = app.User{Name: fmt.Sprint("Seller ", i), Email: fmt.Sprintf("s%d@example.com", i), Role: app.RoleSeller}
	}
	if err := db.CreateUsers(ctx, users, []byte("hash")); err != nil {
		t.Fatal(err)
	}
	img := &app.Image{URL: "/images/plan.jpg", ThumbURL: "/images/plan-thumb.jpg", Width: 1, Height: 1}
	if err := db.RecordImage(ctx, img, 0); err != nil {
		t.Fatal(err)
	}
	categories := make([]*app.Category, 20)
	for i := range categories {
		categories[i] = &app.Category{Name: fmt.Sprint("Category ", i), Image: img.URL, ThumbURL: img.ThumbURL}
		if err := db.CreateCategory(ctx, categories[i], nil); err != nil {
			t.Fatal(err)
		}
	}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	products := make([]app.Product, n)
	for i := range products {
		status := app.StatusAvailable
		if i%5 == 0 {
			status = app.StatusSold
		}
		products[i] = app.Product{CategoryID: categories[i%len(categories)].ID, SellerID: users[i%len(users)].ID,
			Name: fmt.Sprint("Listing ", i), Description: "d", Image: img.URL, ThumbURL: img.ThumbURL,
			Condition: app.ConditionGood, Location: "Town", ResalePrice: app.Cents(100 + i%5000), Status: status,
			Created: base.Add(time.Duration(i) * time.Minute)}
	}
	if err := db.CreateProducts(ctx, products); err != nil {
		t.Fatal(err)
	}
	var bookings []app.Booking
	for i := 0; i < n; i += 7 {
		p := &products[i]
		status := app.BookingBooked
		if p.Status == app.StatusSold {
			status = app.BookingPaid
		}
		buyer := users[(i+1)%len(users)]
		bookings = append(bookings, app.Booking{ProductID: &p.ID, BuyerID: buyer.ID, SellerID: p.SellerID, Product: p.Name,
			Category: "c", Image: img.URL, ThumbURL: img.ThumbURL, Price: p.ResalePrice, Location: "Town",
			BuyerName: buyer.Name, BuyerEmail: buyer.Email, BuyerPhone: "555 0100", Status: status})
	}
	if err := db.CreateBookings(ctx, bookings); err != nil {
		t.Fatal(err)
	}
	for _, step := range []string{
		`INSERT INTO adverts (product_id, created) SELECT id, created FROM products WHERE id % 100 = 2 AND status = 'Available'`,
		`VACUUM ANALYZE`,
	} {
		if _, err := db.pool.Exec(ctx, step); err != nil {
			t.Fatalf("%s: %v", strings.Fields(step)[0], err)
		}
	}
}
