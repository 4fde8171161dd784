package uploads

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"syscall"
	"time"

	"rehome/app"
)

// URLPrefix is where Handler is expected to be mounted.
const URLPrefix = "/images/"

// removeTimeout bounds removing a picture whose thumbnail could not be
// stored: a store that does not answer by then leaves an orphan nobody
// links to, not a broken picture.
const removeTimeout = 10 * time.Second

// store writes both files under a fresh random name. Either both appear,
// complete, or neither does.
func (s *Store) store(ctx context.Context, full, thumb *encoded) (*app.Image, error) {
	name := randomName()
	fullName := name + full.ext
	thumbName := name + "-thumb" + thumb.ext
	if err := s.files.put(ctx, fullName, bytes.NewReader(full.data), int64(len(full.data))); err != nil {
		return nil, storageRefused(err)
	}
	if err := s.files.put(ctx, thumbName, bytes.NewReader(thumb.data), int64(len(thumb.data))); err != nil {
		// The request may be what ended; the first file goes all the same.
		cleanup, cancel := context.WithTimeout(context.WithoutCancel(ctx), removeTimeout)
		defer cancel()
		s.files.remove(cleanup, fullName)
		return nil, storageRefused(err)
	}
	return &app.Image{
		URL:      URLPrefix + fullName,
		ThumbURL: URLPrefix + thumbName,
		Width:    full.width,
		Height:   full.height,
	}, nil
}

// storageRefused turns a disk or bucket that takes no more (full, over a
// quota or a size limit, read-only) into app's unavailable error.
func storageRefused(err error) error {
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT), errors.Is(err, syscall.EFBIG), bucketFull(err):
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
