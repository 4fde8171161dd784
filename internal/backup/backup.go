// Package backup writes a data directory into one archive while the server
// runs, and restores it: a consistent snapshot of the database, every stored
// picture, and a manifest of counts and checksums that restore checks
// before it touches anything.
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
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"rehome/internal/wiring"
	"rehome/sqlite"
)

// ErrPostgres refuses to back up a marketplace kept in PostgreSQL: its
// database and pictures are on servers of their own, whose own tools copy
// them consistently, which an archive of files here could not.
var ErrPostgres = errors.New("a marketplace kept in PostgreSQL is not backed up by rehome: " +
	"back up its database with pg_dump (or the server's continuous archiving), " +
	"and its pictures with the object store's own versioning or replication")

// formatVersion changes when the archive's layout does.
const formatVersion = 1

const manifestName = "manifest.json"

// Manifest describes an archive. It is its last entry, written once every
// file's checksum is known.
type Manifest struct {
	Format  int       `json:"format"`
	Created time.Time `json:"created"`
	sqlite.FileInfo
	Images int    `json:"images"`
	Files  []File `json:"files"`
}

// File is one archived file: its path in the data directory, with slashes.
type File struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Create writes a backup of the data directory dir into the file out. The
// archive appears under that name only once it is complete.
func Create(ctx context.Context, dir, out string) (*Manifest, error) {
	work, err := os.MkdirTemp(filepath.Dir(out), ".rehome-backup-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)

	// The database first: every picture it names was stored before its
	// row was written, so it is on disk when the pictures are read below.
	snapshot := filepath.Join(work, wiring.DatabaseFile)
	if err := sqlite.Snapshot(ctx, filepath.Join(dir, wiring.DatabaseFile), snapshot); err != nil {
		return nil, err
	}
	info, err := sqlite.Inspect(ctx, snapshot)
	if err != nil {
		return nil, err
	}
	m := &Manifest{Format: formatVersion, Created: time.Now().UTC().Truncate(time.Second), FileInfo: *info}

	tmp, err := os.CreateTemp(filepath.Dir(out), ".rehome-backup-*.tar.gz")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name()) // after the rename, there is nothing to remove
	defer tmp.Close()
	gz := gzip.NewWriter(tmp)
	tw := tar.NewWriter(gz)

	if err := addFile(tw, m, wiring.DatabaseFile, snapshot); err != nil {
		return nil, err
	}
	images := filepath.Join(dir, wiring.ImagesDir)
	entries, err := os.ReadDir(images)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// Temporary files start with a dot; a half-written upload is not a picture.
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if err := addFile(tw, m, wiring.ImagesDir+"/"+e.Name(), filepath.Join(images, e.Name())); err != nil {
			return nil, err
		}
		m.Images++
	}
	manifest, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := tw.WriteHeader(&tar.Header{Name: manifestName, Mode: 0o600, Size: int64(len(manifest)), ModTime: m.Created}); err != nil {
		return nil, err
	}
	if _, err := tw.Write(manifest); err != nil {
		return nil, err
	}
	if err := errors.Join(tw.Close(), gz.Close()); err != nil {
		return nil, err
	}
	if err := tmp.Sync(); err != nil {
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return nil, err
	}
	return m, nil
}

// addFile archives the file at src under name and records it in m.
func addFile(tw *tar.Writer, m *Manifest, name, src string) error {
	f, err := os.Open(src) // #nosec G304 -- a file of the data directory being backed up
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: info.Size(), ModTime: info.ModTime()}); err != nil {
		return err
	}
	sum := sha256.New()
	n, err := io.Copy(io.MultiWriter(tw, sum), f)
	if err != nil {
		return fmt.Errorf("archive %s: %w", name, err)
	}
	if n != info.Size() {
		return fmt.Errorf("archive %s: it changed size while being read", name)
	}
	m.Files = append(m.Files, File{Path: name, Size: n, SHA256: hex.EncodeToString(sum.Sum(nil))})
	return nil
}

// Keep deletes all but the newest keep scheduled backups in dir.
func Keep(dir string, keep int) error {
	names, err := filepath.Glob(filepath.Join(dir, scheduledPrefix+"*"+scheduledSuffix))
	if err != nil {
		return err
	}
	sort.Strings(names) // the names are times: oldest first
	var errs []error
	for _, name := range names[:max(0, len(names)-keep)] {
		errs = append(errs, os.Remove(name))
	}
	return errors.Join(errs...)
}

const (
	scheduledPrefix = "rehome-"
	scheduledSuffix = ".tar.gz"
)

// scheduledName is the file a scheduled backup taken at t goes to.
func scheduledName(t time.Time) string {
	return scheduledPrefix + t.UTC().Format("20060102T150405Z") + scheduledSuffix
}

// Every takes a backup of the data directory into DATA/backups every
// interval until ctx ends, keeping the newest keep of them. A failure is
// logged and tried again at the next interval.
func Every(ctx context.Context, dir string, every time.Duration, keep int, log Logger) {
	ticker := time.NewTicker(every)
	defer ticker.Stop()
	OnTicks(ctx, dir, ticker.C, keep, log)
}

// OnTicks is Every on a clock of the caller's: a backup as at each time
// ticks brings, until ctx ends or ticks is closed (once the last is taken).
func OnTicks(ctx context.Context, dir string, ticks <-chan time.Time, keep int, log Logger) {
	for {
		select {
		case <-ctx.Done():
			return
		case now, open := <-ticks:
			if !open {
				return
			}
			if err := Scheduled(ctx, dir, now, keep); err != nil && ctx.Err() == nil {
				log.Error("scheduled backup failed", "err", err)
			}
		}
	}
}

// Logger is what Every reports failures to; *slog.Logger is one.
type Logger interface {
	Error(msg string, args ...any)
}

// Scheduled takes one scheduled backup, as at time now, and prunes the old.
func Scheduled(ctx context.Context, dir string, now time.Time, keep int) error {
	backups := filepath.Join(dir, wiring.BackupsDir)
	if err := os.MkdirAll(backups, 0o700); err != nil {
		return err
	}
	if _, err := Create(ctx, dir, filepath.Join(backups, scheduledName(now))); err != nil {
		return err
	}
	return Keep(backups, keep)
}

// cleanArchivePath is name if it is a file a data directory's archive may
// hold: the database, the manifest, or a picture directly in images/.
func cleanArchivePath(name string) (string, bool) {
	if name != path.Clean(name) || path.IsAbs(name) || strings.Contains(name, `\`) {
		return "", false
	}
	switch {
	case name == wiring.DatabaseFile || name == manifestName:
		return name, true
	case strings.HasPrefix(name, wiring.ImagesDir+"/"):
		base := strings.TrimPrefix(name, wiring.ImagesDir+"/")
		if base != "" && !strings.ContainsAny(base, "/") && base != ".." && !strings.HasPrefix(base, ".") {
			return name, true
		}
	}
	return "", false
}
