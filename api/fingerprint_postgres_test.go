package api_test

import (
	"context"
	"encoding/xml"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// postgresFingerprint is fingerprint on PostgreSQL and an object store:
// every row of every table but those that change legitimately on any
// request (sessions, rate-limit windows, the live events carried between
// instances, the catalogue's version, which sqlite keeps in memory), in one
// snapshot, and the names of the objects in the bucket.
func (e *env) postgresFingerprint(t testing.TB) string {
	t.Helper()
	loc := locationOf(t, e.dir)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, loc.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = 'public' AND table_name NOT IN ('sessions', 'rate_limits', 'live_events', 'catalogue_version') ORDER BY table_name`)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for _, table := range tables {
		// A row as text, in the order of those texts: the same rows give
		// the same lines, whatever their physical order.
		rows, err := tx.Query(ctx, fmt.Sprintf(`SELECT t::text FROM %s t ORDER BY 1`, pgx.Identifier{table}.Sanitize()))
		if err != nil {
			t.Fatal(err)
		}
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range lines {
			fmt.Fprintf(&out, "%s %s\n", table, line)
		}
	}
	for _, key := range bucketKeys(t, loc.S3URL) {
		fmt.Fprintf(&out, "object %s\n", key)
	}
	return out.String()
}

// bucketKeys lists the objects of the test bucket at rawURL (s3test's
// server takes unsigned requests).
func bucketKeys(t testing.TB, rawURL string) []string {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Get("http://" + u.Host + u.Path + "?list-type=2&max-keys=1000")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var list struct {
		Contents    []struct{ Key string }
		IsTruncated bool
	}
	if err := xml.NewDecoder(res.Body).Decode(&list); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("list the bucket: %d %v", res.StatusCode, err)
	}
	if list.IsTruncated {
		t.Fatal("more than 1000 objects in a test's bucket")
	}
	var keys []string
	for _, c := range list.Contents {
		keys = append(keys, c.Key)
	}
	return keys
}
