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
func (s s3Storage) seen(err error) error {
	switch {
	case err == nil:
		s.reach.Reached()
	case errors.Is(err, app.ErrUnreachable):
	case unreachable(err):
		s.reach.Failed(withoutHost(err))
		return app.Unreachable(app.PicturesUnreachableMessage, err)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
	default:
		s.reach.Reached() // it answered, if only to refuse
	}
	return err
}

// unreachable reports whether err says the store could not be reached, or
// broke off, rather than that it answered.
func unreachable(err error) bool {
	var netErr *net.OpError
	return errors.As(err, &netErr) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
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
