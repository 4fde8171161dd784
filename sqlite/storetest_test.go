package sqlite_test

import (
	"context"
	"os"
	"path/filepath"
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
	migrated := migratedFile(t)
	storetest.Run(t, func(t *testing.T) storetest.Stores {
		path := filepath.Join(t.TempDir(), "rehome.db")
		if err := os.WriteFile(path, migrated, 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := sqlite.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return contractStore{db, db.Sessions()}
	})
}

// migratedFile is a database file with every migration applied, which a
// test copies rather than migrating a new file of its own: the contract
// opens a store per test, and migrating was most of what each took.
func migratedFile(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "migrated.db")
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	// Closing the last connection checkpoints the write-ahead log into
	// the file and removes it, so the file alone is the whole database.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); !os.IsNotExist(err) {
		t.Fatalf("the migrated database kept its write-ahead log (%v)", err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
