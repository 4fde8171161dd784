package uploads

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"rehome/app"
)

// Store keeps issued images as files in one directory (New) or as objects
// in an S3 bucket (OpenS3).
type Store struct {
	files   storage
	decodes *budget
	// processed, when set, learns how long each accepted picture took to
	// decode and re-encode, waiting for its share of the budget included.
	processed func(time.Duration)
	// decoding, when set, is told of each decode as it starts; what it
	// returns is called when the decode ends.
	decoding func(Decode) (end func())
}

// ObserveProcessing has f told how long each picture took to process. Call
// it before the store is used.
func (s *Store) ObserveProcessing(f func(time.Duration)) { s.processed = f }

// ObserveDecodes has start called as each decode starts, with its share of
// the budget held (a test can keep it in flight by not returning), and the
// function start returns called when the decode ends. Call it before the
// store is used.
func (s *Store) ObserveDecodes(start func(Decode) (end func())) { s.decoding = start }

var _ app.ImageIntake = (*Store)(nil)

// New returns a Store keeping its files in dir, creating dir if needed.
func New(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("uploads: create image directory: %w", err)
	}
	return &Store{files: diskStorage{dir: dir}, decodes: newBudget()}, nil
}

// Messages shown to the user.
const (
	msgTooLarge    = "The image is larger than 10 MB"
	msgEmpty       = "The image is empty"
	msgUnsupported = "Use a JPEG, PNG, GIF or WebP image"
	msgTooManyPx   = "The image is too large: at most 40 megapixels"
	msgUnreadable  = "The upload could not be read"
)

// Save checks, re-encodes and stores the picture read from r for the
// account uploader (0 for none), whose large pictures take turns.
//
// Refusals are *app.Error of kind KindTooLarge, KindInvalid, KindUnsupported
// or KindMalformed (the body could not be read). It returns ctx.Err() when
// ctx ends first; any other error is ours (app.ErrorKind calls it internal).
func (s *Store) Save(ctx context.Context, uploader int64, r io.Reader) (*app.Image, error) {
	data, err := readLimited(r)
	if err != nil {
		return nil, err
	}
	format, ok := sniff(data)
	if !ok {
		return nil, app.Errorf(app.KindUnsupported, msgUnsupported)
	}
	cfg, err := checkDimensions(data, format)
	if err != nil {
		return nil, err
	}

	started := time.Now()
	full, thumb, err := s.process(ctx, newDecode(uploader, cfg), data)
	if err != nil {
		return nil, err
	}
	if s.processed != nil {
		s.processed(time.Since(started))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s.store(ctx, full, thumb)
}

// process decodes and re-encodes within the picture's share of the decode
// budget, which is given back before the files are written so a slow disk
// does not hold up decoding.
func (s *Store) process(ctx context.Context, d Decode, data []byte) (full, thumb *encoded, err error) {
	// Only now, knowing the bitmap fits the limits, do the expensive part.
	release, err := s.decodes.acquire(ctx, d)
	if err != nil {
		return nil, nil, err
	}
	defer release()
	if s.decoding != nil {
		defer s.decoding(d)()
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	return process(ctx, data)
}

// readLimited reads the whole upload, refusing it as soon as it is known to
// be too large, so a huge body costs at most MaxImageBytes of memory.
func readLimited(r io.Reader) ([]byte, error) {
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(r, app.MaxImageBytes+1))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, app.Errorf(app.KindTooLarge, msgTooLarge)
		}
		// Typically the client went away mid-upload: their problem, not ours.
		return nil, app.Errorf(app.KindMalformed, msgUnreadable)
	}
	if n > app.MaxImageBytes {
		return nil, app.Errorf(app.KindTooLarge, msgTooLarge)
	}
	if n == 0 {
		return nil, app.Errorf(app.KindInvalid, msgEmpty)
	}
	return buf.Bytes(), nil
}
