package postgres_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"rehome/internal/pgtest"
	"rehome/postgres"
)

// migrated is a database with every migration applied, which mustOpenDB
// copies rather than migrating a new database per test.
var migrated = &pgtest.Template{Prepare: func(ctx context.Context, url string) error {
	db, err := postgres.Open(ctx, url)
	if err != nil {
		return err
	}
	return db.Close()
}}

func TestMain(m *testing.M) {
	code := m.Run()
	if err := migrated.Drop(); err != nil {
		fmt.Fprintln(os.Stderr, "drop the migrated template:", err)
		code = max(code, 1)
	}
	os.Exit(code)
}
