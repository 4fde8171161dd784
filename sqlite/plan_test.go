package sqlite_test

import (
	"context"
	"strings"
	"testing"

	"rehome/sqlite"
)

// TestListQueriesUseIndexes keeps every list query on an index: no sorting
// in a temporary tree, and no full scan of a table, except the walk of a
// table in its key order that a page query stops once the page is full,
// the reading of rows a subquery or a recursive query (marks) yields, and
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
					!strings.HasPrefix(line, "SCAN (subquery-") && line != "SCAN CONSTANT ROW" && line != "SCAN marks" &&
					!strings.HasPrefix(line, "SCAN json_each VIRTUAL TABLE")
				orderedWalk := scan && i == 0 && paged
				if (scan && !orderedWalk) || strings.Contains(line, "TEMP B-TREE") {
					t.Errorf("plan step %q; whole plan:\n%s", line, plan)
				}
			}
		})
	}
}
