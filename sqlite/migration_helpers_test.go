package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
)

// migratedBefore opens the database file at path with every migration
// before the one numbered next applied, as a store of that time left it,
// for a migration's test to fill with rows of then.
func migratedBefore(t *testing.T, path, next string) *sql.DB {
	t.Helper()
	old, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)")
	must(t, err)
	names, err := filepath.Glob("migrations/*.sql")
	must(t, err)
	for _, name := range names {
		if filepath.Base(name) >= next {
			continue
		}
		body, err := os.ReadFile(name)
		must(t, err)
		if _, err := old.ExecContext(context.Background(), string(body)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return old
}
