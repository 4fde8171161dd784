package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
)

// Snapshot writes a consistent copy of the database file at from into the
// new file to, with VACUUM INTO: it reads one transaction's snapshot, so it
// holds every write committed before it began and none half-done, while the
// server goes on writing beside it (WAL readers do not block the writer).
// Copying a live WAL database's file would not be consistent.
func Snapshot(ctx context.Context, from, to string) error {
	conn, err := openFile(from)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `VACUUM INTO ?`, to); err != nil {
		return fmt.Errorf("snapshot of %s: %w", from, err)
	}
	return nil
}

// FileInfo is what a database file holds, as a backup's manifest records it.
type FileInfo struct {
	SchemaVersion int              `json:"schema_version"`
	Counts        map[string]int64 `json:"counts"`
}

// Inspect reads a database file's schema version and record counts, after
// checking its integrity: a file that fails PRAGMA integrity_check is an
// error.
func Inspect(ctx context.Context, path string) (*FileInfo, error) {
	conn, err := openFile(path)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	var result string
	if err := conn.QueryRowContext(ctx, `PRAGMA integrity_check(1)`).Scan(&result); err != nil {
		return nil, fmt.Errorf("integrity check: %w", err)
	}
	if result != "ok" {
		return nil, fmt.Errorf("the database fails its integrity check: %s", result)
	}
	info := &FileInfo{Counts: map[string]int64{}}
	if err := conn.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&info.SchemaVersion); err != nil {
		return nil, err
	}
	var users, products, bookings, categories int64
	err = conn.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM products),
		(SELECT count(*) FROM bookings), (SELECT count(*) FROM categories)`).Scan(&users, &products, &bookings, &categories)
	if err != nil {
		return nil, fmt.Errorf("count records: %w", err)
	}
	info.Counts["users"], info.Counts["listings"], info.Counts["bookings"], info.Counts["categories"] = users, products, bookings, categories
	return info, nil
}

// openFile opens one connection to a database file that may be in use by a
// running server, waiting rather than failing while it writes. A missing
// file is an error, not a new empty database.
func openFile(path string) (*sql.DB, error) {
	conn, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=rw&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, err
	}
	conn.SetMaxOpenConns(1)
	return conn, nil
}
