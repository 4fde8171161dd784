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
	"fmt"
	"net/url"
	"os"
	"sync"
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
	return newDatabase(t, "")
}

// Template is a database prepared once per test binary, to copy tests'
// databases from: PostgreSQL copies a database's files faster than a test
// would run what prepared them. Drop it when the tests end (TestMain).
type Template struct {
	// Prepare readies the template's database at url, and leaves no
	// connection open to it: PostgreSQL copies only a database nobody is
	// connected to.
	Prepare func(ctx context.Context, url string) error

	once sync.Once
	name string
	err  error
}

// NewDatabase creates a copy of the template for t, dropped when t ends,
// and returns its URL. It skips t when there is no test server.
func (tp *Template) NewDatabase(t testing.TB) string {
	t.Helper()
	if Server() == "" {
		t.Skip(Env + " is not set: no PostgreSQL server to test on (make test-postgres starts one)")
	}
	tp.once.Do(func() {
		ctx := context.Background()
		name := "template_" + randomName()
		if tp.err = exec(ctx, `CREATE DATABASE `+name); tp.err != nil {
			return
		}
		tp.name = name
		tp.err = tp.Prepare(ctx, databaseURL(name))
	})
	if tp.err != nil {
		t.Fatalf("prepare the template database: %v", tp.err)
	}
	return newDatabase(t, tp.name)
}

// Drop drops the template's database, if it was made.
func (tp *Template) Drop() error {
	if tp.name == "" {
		return nil
	}
	return exec(context.Background(), `DROP DATABASE `+tp.name+` WITH (FORCE)`)
}

// newDatabase creates a database for t, a copy of template or empty when
// template is "", dropped when t ends, and returns its URL.
func newDatabase(t testing.TB, template string) string {
	t.Helper()
	if Server() == "" {
		t.Skip(Env + " is not set: no PostgreSQL server to test on (make test-postgres starts one)")
	}
	if _, err := url.Parse(Server()); err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	name := "test_" + randomName()
	create := `CREATE DATABASE ` + name
	if template != "" {
		create += ` TEMPLATE ` + template
	}
	ctx := context.Background()
	if err := exec(ctx, create); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		if err := exec(ctx, `DROP DATABASE `+name+` WITH (FORCE)`); err != nil {
			t.Errorf("drop %s: %v", name, err)
		}
	})
	return databaseURL(name)
}

// exec runs a statement on the test server's own database.
func exec(ctx context.Context, statement string) error {
	admin, err := pgx.Connect(ctx, Server())
	if err != nil {
		return fmt.Errorf("connect to the test server: %w", err)
	}
	defer admin.Close(ctx)
	_, err = admin.Exec(ctx, statement)
	return err
}

// databaseURL is the URL of the database name on the test server.
func databaseURL(name string) string {
	u, _ := url.Parse(Server())
	u.Path = "/" + name
	return u.String()
}

func randomName() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}
