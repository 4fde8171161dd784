package main

import (
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/crypto/bcrypt"

	"rehome/app"
	"rehome/sqlite"
	"rehome/uploads"
)

// passwordCost is bcrypt's work factor: about a tenth of a second per login
// on a small server.
const passwordCost = 11

// envOr is a flag's default: the environment variable when set, else def.
func envOr(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

func envBool(name string) bool {
	v, _ := strconv.ParseBool(os.Getenv(name))
	return v
}

func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func dataFlag(fs *flag.FlagSet) *string {
	return fs.String("data", envOr("REHOME_DATA", "./data"), "directory for the database and stored images (env REHOME_DATA)")
}

// openData opens the database and image store in a data directory, creating
// both when they are missing.
func openData(ctx context.Context, dir string) (*sqlite.DB, *uploads.Store, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, nil, err
	}
	db, err := sqlite.Open(ctx, filepath.Join(dir, "rehome.db"))
	if err != nil {
		return nil, nil, err
	}
	images, err := uploads.New(filepath.Join(dir, "images"))
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	return db, images, nil
}

func newService(db *sqlite.DB, images *uploads.Store) *app.Service {
	return app.NewService(db, images, hasher())
}

func hasher() app.BcryptHasher {
	return app.BcryptHasher{Cost: max(passwordCost, bcrypt.MinCost)}
}
