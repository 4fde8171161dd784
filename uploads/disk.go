package uploads

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// diskStorage keeps the files in one directory, flat.
type diskStorage struct{ dir string }

// put writes to a temporary file and renames it into place, so the handler
// never serves a half-written image. Temporary names start with a dot and
// so never match the names the handler serves.
func (d diskStorage) put(_ context.Context, name string, r io.Reader, _ int64) (err error) {
	f, err := os.CreateTemp(d.dir, ".upload-*")
	if err != nil {
		return fmt.Errorf("uploads: create temp file: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = io.Copy(f, r); err != nil {
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
	if err = os.Rename(f.Name(), filepath.Join(d.dir, name)); err != nil {
		return fmt.Errorf("uploads: rename %s: %w", name, err)
	}
	return nil
}

func (d diskStorage) each(_ context.Context, fn func(name string) bool) error {
	dir, err := os.Open(d.dir)
	if err != nil {
		return err
	}
	defer dir.Close()
	for {
		names, err := dir.Readdirnames(1000)
		for _, name := range names {
			if !fn(name) {
				return nil
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func (d diskStorage) remove(_ context.Context, name string) error {
	err := os.Remove(filepath.Join(d.dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

func (d diskStorage) open(_ context.Context, name string) (*file, error) {
	f, err := os.Open(filepath.Join(d.dir, name)) // #nosec G304 G703 -- callers pass names matched by servedName: hex and an extension, no separators
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("uploads: %s is not a regular file: %w", name, fs.ErrNotExist)
	}
	return &file{ReadSeekCloser: f, modTime: info.ModTime()}, nil
}

func (d diskStorage) size(_ context.Context, name string) (int64, error) {
	info, err := os.Stat(filepath.Join(d.dir, name))
	if err != nil {
		return 0, err
	}
	if !info.Mode().IsRegular() {
		return 0, fmt.Errorf("uploads: %s is not a regular file: %w", name, fs.ErrNotExist)
	}
	return info.Size(), nil
}

// checkWritable writes, syncs and removes a small file in the directory: an
// empty file can still be created on a full disk, a byte written to it
// cannot. It costs a create, a one-byte write, an fsync and an unlink. The
// error names the cause without the directory's path, which is the
// operator's business only.
func (d diskStorage) checkWritable(context.Context) error {
	f, err := os.CreateTemp(d.dir, ".health-*")
	if err != nil {
		return fmt.Errorf("the image directory is not writable: %w", withoutPath(err))
	}
	_, err = f.Write([]byte{'\n'})
	if err == nil {
		err = f.Sync()
	}
	err = errors.Join(err, f.Close(), os.Remove(f.Name()))
	if err != nil {
		return fmt.Errorf("the image directory is not writable: %w", withoutPath(err))
	}
	return nil
}

func withoutPath(err error) error {
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) {
		return pathErr.Err
	}
	return err
}
