// Package pgtest gives tests a fresh, empty PostgreSQL database each, on
// the server named by REHOME_TEST_POSTGRES (a postgres:// URL of a role
// that may create databases). Without it, a test that asks is skipped:
// `make test` runs without PostgreSQL, and `make test-postgres` starts a
// throwaway server and sets it (tools/postgres/with-cluster).
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Env names the server the tests use.
const Env = "REHOME_TEST_POSTGRES"

// Server is the URL of the test server, or "" when there is none.
func Server() string { return os.Getenv(Env) }

// NewDatabase creates an empty database for t, dropped when t ends, and
// returns its URL. It skips t when there is no test server.
func NewDatabase(t testing.TB) string {
	t.Helper()
	server := Server()
	if server == "" {
		t.Skip(Env + " is not set: no PostgreSQL server to test on (make test-postgres starts one)")
	}
	u, err := url.Parse(server)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	b := make([]byte, 8)
	rand.Read(b)
	name := "test_" + hex.EncodeToString(b)
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, server)
	if err != nil {
		t.Fatalf("connect to the test server: %v", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, `CREATE DATABASE `+name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		admin, err := pgx.Connect(ctx, server)
		if err != nil {
			t.Errorf("connect to drop %s: %v", name, err)
			return
		}
		defer admin.Close(ctx)
		if _, err := admin.Exec(ctx, `DROP DATABASE `+name+` WITH (FORCE)`); err != nil {
			t.Errorf("drop %s: %v", name, err)
		}
	})
	u.Path = "/" + name
	return u.String()
}
