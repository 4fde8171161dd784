package sqlite_test

import (
	"context"
	"database/sql"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"rehome/app"
	"rehome/sqlite"
)

// TestStorageRefusalsAreUnavailable makes SQLite refuse writes the way a
// full or read-only disk does, on connections of the test's own, and checks
// what the store makes of each error.
func TestStorageRefusalsAreUnavailable(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rehome.db")
	db, err := sqlite.Open(ctx, path)
	must(t, err)
	must(t, db.Close())
	conn := func(t *testing.T, mode string) *sql.DB {
		c, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode="+mode)
		must(t, err)
		c.SetMaxOpenConns(1)
		t.Cleanup(func() { c.Close() })
		return c
	}
	tests := []struct {
		name      string
		write     func(t *testing.T) error
		kind      app.Kind
		messageIs string
	}{
		{"a read-only file", func(t *testing.T) error {
			_, err := conn(t, "ro").ExecContext(ctx, `INSERT INTO categories (name, name_key, image) VALUES ('a', 'a', 'x')`)
			return err
		}, app.KindUnavailable, "read-only"},
		{"a full database", func(t *testing.T) error {
			c := conn(t, "rw")
			var pages int
			must(t, c.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages))
			_, err := c.ExecContext(ctx, `PRAGMA max_page_count = `+strconv.Itoa(pages))
			must(t, err)
			_, err = c.ExecContext(ctx, `CREATE TABLE filler (b BLOB); INSERT INTO filler VALUES (zeroblob(1000000))`)
			return err
		}, app.KindUnavailable, "disk is full"},
		{"a broken rule is not the disk's fault", func(t *testing.T) error {
			_, err := conn(t, "rw").ExecContext(ctx, `INSERT INTO products (category_id) VALUES (NULL)`)
			return err
		}, app.KindInternal, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.write(t)
			if err == nil {
				t.Fatal("the write succeeded")
			}
			got := sqlite.StorageRefused(err)
			if app.ErrorKind(got) != tt.kind || !strings.Contains(app.ErrorMessage(got), tt.messageIs) {
				t.Errorf("%v became %v (%s), want %s saying %q", err, app.ErrorKind(got), app.ErrorMessage(got), tt.kind, tt.messageIs)
			}
		})
	}
}
