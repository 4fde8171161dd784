package uploads

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// CheckWritable writes, syncs and removes a small file in the image
// directory: an empty file can still be created on a full disk, a byte
// written to it cannot. The error names the cause without the directory's
// path, which is the operator's business only.
func (s *Store) CheckWritable() error {
	f, err := os.CreateTemp(s.dir, ".health-*")
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
