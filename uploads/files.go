package uploads

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"rehome/app"
)

// URLPrefix is where Handler is expected to be mounted.
const URLPrefix = "/images/"

// store writes both files under a fresh random name. Either both appear,
// complete, or neither does.
func (s *Store) store(full, thumb *encoded) (*app.Image, error) {
	name := randomName()
	fullName := name + full.ext
	thumbName := name + "-thumb" + thumb.ext
	if err := s.writeFile(fullName, full.data); err != nil {
		return nil, storageRefused(err)
	}
	if err := s.writeFile(thumbName, thumb.data); err != nil {
		os.Remove(filepath.Join(s.dir, fullName))
		return nil, storageRefused(err)
	}
	return &app.Image{
		URL:      URLPrefix + fullName,
		ThumbURL: URLPrefix + thumbName,
		Width:    full.width,
		Height:   full.height,
	}, nil
}

// storageRefused turns a disk that takes no more (full, over a quota or a
// size limit, read-only) into app's unavailable error.
func storageRefused(err error) error {
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT), errors.Is(err, syscall.EFBIG):
		return app.StorageRefused(false, err)
	case errors.Is(err, syscall.EROFS):
		return app.StorageRefused(true, err)
	}
	return err
}

// randomName is 128 random bits: unguessable, so nobody can enumerate
// uploads, and never reused, so the files can be cached forever.
func randomName() string {
	var b [16]byte
	rand.Read(b[:]) // never fails; it crashes the program rather than return short
	return hex.EncodeToString(b[:])
}

// writeFile writes data to a temporary file and renames it into place, so
// the handler never serves a half-written image. Temporary names start with
// a dot and so never match the names the handler serves.
func (s *Store) writeFile(name string, data []byte) (err error) {
	f, err := os.CreateTemp(s.dir, ".upload-*")
	if err != nil {
		return fmt.Errorf("uploads: create temp file: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(data); err != nil {
		return fmt.Errorf("uploads: write %s: %w", name, err)
	}
	// The name is recorded in the database right after Save returns, so the
	// content must survive a crash as well as the name does.
	if err = f.Sync(); err != nil {
		return fmt.Errorf("uploads: sync %s: %w", name, err)
	}
	// CreateTemp makes the file private; images are public.
	if err = f.Chmod(0o644); err != nil {
		return fmt.Errorf("uploads: chmod %s: %w", name, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("uploads: close %s: %w", name, err)
	}
	if err = os.Rename(f.Name(), filepath.Join(s.dir, name)); err != nil {
		return fmt.Errorf("uploads: rename %s: %w", name, err)
	}
	return nil
}
