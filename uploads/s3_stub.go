package uploads

import (
	"context"
	"errors"
)

// OpenS3 is a placeholder for the object store backend, which is written
// elsewhere; it is removed when that lands.
func OpenS3(ctx context.Context, rawURL string) (*Store, error) {
	return nil, errors.New("pictures in an object store: not yet")
}

// Import is a placeholder, as OpenS3.
func (s *Store) Import(ctx context.Context, dir string) (copied int, err error) {
	return 0, errors.New("importing pictures: not yet")
}
