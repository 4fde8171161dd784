package backup

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"rehome/internal/wiring"
	"rehome/sqlite"
)

// ErrNotEmpty refuses to restore over a data directory that holds something.
var ErrNotEmpty = errors.New("the data directory is not empty")

// maxManifestBytes bounds the manifest read into memory: a few hundred
// bytes per picture.
const maxManifestBytes = 64 << 20

// Restore unpacks the archive into the data directory dir, which must be
// missing or empty unless force is set. The whole archive is unpacked
// beside dir and checked first (manifest, sizes, checksums, the database's
// integrity and counts), so a damaged archive changes nothing. A forced
// restore keeps dir's scheduled backups and certificates.
func Restore(ctx context.Context, archive, dir string, force bool) (*Manifest, error) {
	if !force {
		if empty, err := isEmptyDir(dir); err != nil {
			return nil, err
		} else if !empty {
			return nil, fmt.Errorf("%w: %s (add --force to replace what it holds)", ErrNotEmpty, dir)
		}
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o750); err != nil {
		return nil, err
	}
	staging, err := os.MkdirTemp(parent, ".rehome-restore-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(staging) // after the swap, there is nothing left there

	m, err := unpack(ctx, archive, staging)
	if err != nil {
		return nil, fmt.Errorf("%s cannot be restored: %w", archive, err)
	}
	if err := swap(staging, dir); err != nil {
		return nil, err
	}
	return m, nil
}

// unpack writes the archive's files under dir and checks them against its
// manifest.
func unpack(ctx context.Context, archive, dir string) (*Manifest, error) {
	f, err := os.Open(archive) // #nosec G304 -- the archive the operator named
	if err != nil {
		return nil, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("not a gzip archive: %w", err)
	}
	tr := tar.NewReader(gz)
	if err := os.Mkdir(filepath.Join(dir, wiring.ImagesDir), 0o750); err != nil {
		return nil, err
	}
	found := map[string]File{}
	var manifest []byte
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("the archive is damaged or truncated: %w", err)
		}
		name, ok := cleanArchivePath(h.Name)
		if !ok || h.Typeflag != tar.TypeReg {
			return nil, fmt.Errorf("the archive holds %q, which is not part of a Rehome data directory", h.Name)
		}
		if _, seen := found[name]; seen || (name == manifestName && manifest != nil) {
			return nil, fmt.Errorf("the archive holds %q twice", name)
		}
		if name == manifestName {
			if manifest, err = io.ReadAll(io.LimitReader(tr, maxManifestBytes)); err != nil {
				return nil, fmt.Errorf("the archive is damaged or truncated: %w", err)
			}
			continue
		}
		file, err := writeFile(filepath.Join(dir, filepath.FromSlash(name)), tr)
		if err != nil {
			return nil, err
		}
		file.Path = name
		found[name] = file
	}
	// The gzip trailer's checksum is checked only once the end is read.
	// Past tar's end come a few blocks of zeros; a megabyte is not padding.
	const padding = 1 << 20
	if n, err := io.Copy(io.Discard, io.LimitReader(gz, padding)); err != nil {
		return nil, fmt.Errorf("the archive is damaged or truncated: %w", err)
	} else if n == padding {
		return nil, errors.New("the archive goes on after its end")
	}
	if manifest == nil {
		return nil, errors.New("the archive has no manifest: it is not a Rehome backup, or it is truncated")
	}
	var m Manifest
	if err := json.Unmarshal(manifest, &m); err != nil {
		return nil, fmt.Errorf("the manifest cannot be read: %w", err)
	}
	if m.Format != formatVersion {
		return nil, fmt.Errorf("the archive is in format %d; this version of Rehome reads format %d", m.Format, formatVersion)
	}
	if err := checkFiles(m.Files, found); err != nil {
		return nil, err
	}
	info, err := sqlite.Inspect(ctx, filepath.Join(dir, wiring.DatabaseFile))
	if err != nil {
		return nil, err
	}
	if info.SchemaVersion != m.SchemaVersion || !maps.Equal(info.Counts, m.Counts) {
		return nil, fmt.Errorf("the database holds schema %d with %v, but the manifest says schema %d with %v",
			info.SchemaVersion, info.Counts, m.SchemaVersion, m.Counts)
	}
	return &m, nil
}

// checkFiles compares what was unpacked with what the manifest lists.
func checkFiles(listed []File, found map[string]File) error {
	want := map[string]File{}
	for _, f := range listed {
		want[f.Path] = f
	}
	if _, ok := want[wiring.DatabaseFile]; !ok {
		return errors.New("the manifest lists no database")
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		got, ok := found[name]
		switch {
		case !ok:
			return fmt.Errorf("%s is listed in the manifest but missing from the archive", name)
		case got != want[name]:
			return fmt.Errorf("%s does not match the manifest: its size or checksum differs", name)
		}
	}
	for name := range found {
		if _, ok := want[name]; !ok {
			return fmt.Errorf("%s is in the archive but not in the manifest", name)
		}
	}
	return nil
}

// writeFile copies r into the new file name, returning its size and checksum.
func writeFile(name string, r io.Reader) (File, error) {
	out, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) // #nosec G304 -- a checked name under the staging directory
	if err != nil {
		return File{}, err
	}
	sum := sha256.New()
	n, err := io.Copy(io.MultiWriter(out, sum), r)
	if err != nil {
		out.Close()
		return File{}, fmt.Errorf("the archive is damaged or truncated: %w", err)
	}
	if err := errors.Join(out.Sync(), out.Close()); err != nil {
		return File{}, err
	}
	return File{Size: n, SHA256: hex.EncodeToString(sum.Sum(nil))}, nil
}

// swap puts the unpacked staging directory in dir's place, then carries
// over the scheduled backups and certificates dir had. Until the last step
// dir's old contents are only moved aside, so a failure can put them back.
func swap(staging, dir string) error {
	old := dir + ".replaced-" + time.Now().UTC().Format("20060102T150405.000000000")
	if err := os.Rename(dir, old); err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return os.Rename(staging, dir)
	}
	if err := os.Rename(staging, dir); err != nil {
		return errors.Join(err, os.Rename(old, dir))
	}
	for _, keep := range []string{wiring.BackupsDir, wiring.ACMEDir} {
		err := os.Rename(filepath.Join(old, keep), filepath.Join(dir, keep))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("restored, but %s is left in %s: %w", keep, old, err)
		}
	}
	return os.RemoveAll(old)
}

// isEmptyDir reports whether dir is missing or holds nothing.
func isEmptyDir(dir string) (bool, error) {
	f, err := os.Open(dir) // #nosec G304 -- the data directory the operator named
	if errors.Is(err, os.ErrNotExist) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	_, err = f.Readdirnames(1)
	if errors.Is(err, io.EOF) {
		return true, nil
	}
	return false, err
}
