package uploads

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// importWorkers is how many pictures Import copies at once: a copy to a
// bucket waits on the network far more than on the disk or the processor.
const importWorkers = 8

// Import copies every picture in dir, a directory of the layout New keeps,
// into s under the same name, so that the URLs already recorded keep
// working. A picture already in s with the same size is skipped (names are
// never reused, so the same name is the same picture): an import cut short
// is finished by running it again. Files that are not pictures (temporary
// and health files, anything else) are left out. copied counts the
// pictures written; on an error the ones before it stay copied.
//
// Each picture is streamed from its file, never read into memory whole.
func (s *Store) Import(ctx context.Context, dir string) (copied int, err error) {
	d, err := os.Open(dir) // #nosec G304 -- the operator's own directory
	if err != nil {
		return 0, fmt.Errorf("uploads: import: %w", err)
	}
	defer d.Close()

	var n atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(importWorkers)
	for {
		// In batches, so a directory of a million pictures is never listed
		// in memory at once.
		entries, err := d.ReadDir(1000)
		for _, e := range entries {
			if !servedName.MatchString(e.Name()) || !e.Type().IsRegular() {
				continue
			}
			name := e.Name()
			g.Go(func() error {
				done, err := s.importFile(gctx, filepath.Join(dir, name), name)
				if done {
					n.Add(1)
				}
				return err
			})
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			err = fmt.Errorf("uploads: import: read %s: %w", dir, err)
			return int(n.Load()), errors.Join(err, g.Wait())
		}
		if gctx.Err() != nil {
			break // a copy failed; g.Wait says which
		}
	}
	err = g.Wait()
	if err == nil {
		err = ctx.Err()
	}
	return int(n.Load()), err
}

// importFile copies the file at path into s as name, unless s has it
// already; copied tells whether it did.
func (s *Store) importFile(ctx context.Context, path, name string) (copied bool, err error) {
	f, err := os.Open(path) // #nosec G304 -- a picture's name in the operator's directory
	if err != nil {
		return false, fmt.Errorf("uploads: import %s: %w", name, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return false, fmt.Errorf("uploads: import %s: %w", name, err)
	}
	have, err := s.files.size(ctx, name)
	switch {
	case err == nil && have == info.Size():
		return false, nil
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return false, fmt.Errorf("uploads: import %s: %w", name, err)
	}
	// Missing, or of another size: a copy no one should serve.
	if err := s.files.put(ctx, name, f, info.Size()); err != nil {
		return false, fmt.Errorf("uploads: import %s: %w", name, err)
	}
	return true, nil
}

// ForeignPicture is the name of a picture s holds that dir, a directory of
// the layout New keeps, does not, or "" when s holds none such. Import
// into a store that holds pictures of its own mixes two marketplaces'
// pictures (such as a live one's bucket); one whose pictures all come from
// dir is an import cut short, which running Import again finishes. The
// listing stops at the first such picture.
func (s *Store) ForeignPicture(ctx context.Context, dir string) (string, error) {
	var foreign string
	var statErr error
	err := s.files.each(ctx, func(name string) bool {
		if !servedName.MatchString(name) {
			return true
		}
		_, err := os.Stat(filepath.Join(dir, name))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			foreign = name
			return false
		case err != nil:
			statErr = err
			return false
		}
		return true
	})
	if err == nil {
		err = statErr
	}
	if err != nil {
		return "", fmt.Errorf("uploads: list the pictures: %w", err)
	}
	return foreign, nil
}
