package uploads

import (
	"context"
	"io"
	"time"
)

// storage is where a Store keeps its files: a directory (diskStorage) or a
// bucket (s3Storage). The pictures are made the same way for both; only
// writing, reading and checking the files differs.
//
// Names are the ones Save issues (servedName) or a dot name of the storage's
// own (temporary and health files), which the handler never serves.
type storage interface {
	// put stores size bytes read from r under name. When it returns nil the
	// file is complete and durable; otherwise no part of it is visible.
	put(ctx context.Context, name string, r io.Reader, size int64) error
	// remove deletes name; a name that is not there is no error.
	remove(ctx context.Context, name string) error
	// open gives the content of name for serving; an error wrapping
	// fs.ErrNotExist when there is none.
	open(ctx context.Context, name string) (*file, error)
	// size is the length of name; an error wrapping fs.ErrNotExist when
	// there is none.
	size(ctx context.Context, name string) (int64, error)
	// each calls fn with the name of every file, in no set order, until fn
	// returns false.
	each(ctx context.Context, fn func(name string) bool) error
	// checkWritable proves the storage takes a write now, as cheaply as that
	// can be proved. Its error must not name paths, hosts or keys.
	checkWritable(ctx context.Context) error
}

// file is a stored file opened for serving with http.ServeContent.
type file struct {
	io.ReadSeekCloser
	modTime time.Time
}
