package sqlite_test

import (
	"context"
	"strings"
	"testing"

	"rehome/sqlite"
)

// TestListQueriesUseIndexes keeps every list query on an index: no full
// scan of a table and no sorting in a temporary tree.
func TestListQueriesUseIndexes(t *testing.T) {
	db := mustOpenDB(t)
	for name, q := range sqlite.ListQueries {
		t.Run(name, func(t *testing.T) {
			plan, err := db.QueryPlan(context.Background(), q.Query, q.Args...)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(strings.TrimSpace(plan), "\n") {
				scan := strings.HasPrefix(line, "SCAN ") && !strings.Contains(line, "USING") // SCAN t USING INDEX is an ordered index walk
				if scan || strings.Contains(line, "TEMP B-TREE") {
					t.Errorf("plan step %q; whole plan:\n%s", line, plan)
				}
			}
		})
	}
}
