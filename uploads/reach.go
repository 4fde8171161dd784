package uploads

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"syscall"

	"rehome/app"
)

// seen classifies the error of a call to the object store: one that could
// not reach it becomes app's unavailable error (a 503 with Retry-After,
// never a 500), and the store's going down and coming back are each logged
// once (package reach).
func (s s3Storage) seen(ctx context.Context, err error) error {
	switch {
	case err == nil:
		s.reach.Reached()
	case errors.Is(err, app.ErrUnreachable):
	case ctx.Err() != nil:
		// The request ended: that says nothing of the store.
	case unreachable(err):
		s.reach.Failed(withoutHost(err))
		return app.Unreachable(app.PicturesUnreachableMessage, err)
	default:
		s.reach.Reached() // it answered, if only to refuse
	}
	return err
}

// unreachablePictures is the error of a call the circuit kept from a store
// that is down (reach.Tracker.Attempt).
var unreachablePictures = app.Unreachable(app.PicturesUnreachableMessage, errors.New("the picture store is down"))

// unreachable reports whether err says the store could not be reached, or
// broke off, or did not answer in time, rather than that it answered.
func unreachable(err error) bool {
	var netErr *net.OpError
	var timeout interface{ Timeout() bool }
	return errors.As(err, &netErr) || errors.As(err, &timeout) && timeout.Timeout() || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

// UseLogger has the object store's going down and coming back logged to
// log; a store of pictures on disk has nothing to log.
func (s *Store) UseLogger(log *slog.Logger) {
	if s3, ok := s.files.(s3Storage); ok {
		s3.reach.UseLogger(log)
	}
}

// Shared tells whether the pictures are kept in an object store the
// instances share, rather than in this instance's own directory.
func (s *Store) Shared() bool {
	_, ok := s.files.(s3Storage)
	return ok
}
