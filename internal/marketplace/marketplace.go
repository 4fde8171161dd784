// Package marketplace puts the parts together on a data directory: the
// store, the stored pictures, the service over them and the HTTP server.
// The rehome command and the tests that run the whole server use it, so
// what is tested is wired as what runs.
package marketplace

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"

	"rehome/app"
	"rehome/app/api"
	"rehome/pwa"
	"rehome/sqlite"
	"rehome/uploads"
)

// Marketplace is the parts open on one data directory.
type Marketplace struct {
	DB      *sqlite.DB
	Images  *uploads.Store
	Service *app.Service
}

// Open opens the database and picture store in dir, creating both when they
// are missing, with passwords hashed by hasher.
func Open(ctx context.Context, dir string, hasher app.PasswordHasher) (*Marketplace, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	db, err := sqlite.Open(ctx, filepath.Join(dir, "rehome.db"))
	if err != nil {
		return nil, err
	}
	images, err := uploads.New(filepath.Join(dir, "images"))
	if err != nil {
		return nil, errors.Join(err, db.Close())
	}
	return &Marketplace{DB: db, Images: images, Service: app.NewService(db, images, hasher)}, nil
}

func (m *Marketplace) Close() error { return m.DB.Close() }

// Server is the HTTP server of the marketplace, with the web app built into
// this binary.
func (m *Marketplace) Server(secureCookies bool, log *slog.Logger) *api.Server {
	return api.New(api.Config{
		Service:       m.Service,
		SessionStore:  m.DB.Sessions(),
		Idempotency:   m.DB,
		Images:        m.Images.Handler(),
		Web:           pwa.Files(),
		SecureCookies: secureCookies,
		Logger:        log,
	})
}
