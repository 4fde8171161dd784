package sqlite_test

import (
	"testing"

	"rehome/sqlite"
	"rehome/storetest"
)

// contractStore is the store as the composition root holds it: the
// database, and the session store it hands the server.
type contractStore struct {
	*sqlite.DB
	*sqlite.SessionStore
}

func TestStoreContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Stores {
		db := mustOpenDB(t)
		return contractStore{db, db.Sessions()}
	})
}
