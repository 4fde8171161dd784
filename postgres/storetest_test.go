package postgres_test

import (
	"context"
	"testing"

	"rehome/postgres"
	"rehome/storetest"
)

// contractStore is the store as the composition root holds it: the
// database, and the session store it hands the server.
type contractStore struct {
	*postgres.DB
	*postgres.SessionStore
}

func TestStoreContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Stores {
		db := mustOpenDB(t)
		return contractStore{db, db.Sessions()}
	})
}

// mustOpenDB opens a store on a fresh, migrated database of its own,
// closed when t ends.
func mustOpenDB(t testing.TB) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(context.Background(), migrated.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
