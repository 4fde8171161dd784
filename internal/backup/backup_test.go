package backup_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"rehome/app"
	"rehome/internal/backup"
	"rehome/internal/demo"
	"rehome/internal/wiring"
)

const password = "a long password"

func open(t *testing.T, dir string) *wiring.Marketplace {
	t.Helper()
	m, err := wiring.Open(context.Background(), wiring.Location{Dir: dir}, wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// demoData is a data directory with the demo marketplace and one admin
// whose password is known.
func demoData(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "data")
	m := open(t, dir)
	ctx := context.Background()
	if err := demo.Fill(ctx, m.Services, m.Store, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Services.SigningIn.CreateAdmin(ctx, app.NewUser{Name: "Ada", Email: "ada@example.com", Password: password}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// tree is every file under dir with its contents, by slash path.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return files
}

func TestBackupRestoresTheMarketplace(t *testing.T) {
	ctx := context.Background()
	dir := demoData(t)
	archive := filepath.Join(t.TempDir(), "backup.tar.gz")
	made, err := backup.Create(ctx, dir, archive)
	if err != nil {
		t.Fatal(err)
	}
	if made.Counts["listings"] == 0 || made.Images == 0 || made.SchemaVersion == 0 {
		t.Fatalf("manifest %+v: no listings, pictures or schema", made)
	}

	restored := filepath.Join(t.TempDir(), "restored")
	got, err := backup.Restore(ctx, archive, restored, false)
	if err != nil {
		t.Fatal(err)
	}
	if got.Images != made.Images {
		t.Errorf("restored %d pictures, backed up %d", got.Images, made.Images)
	}

	before, after := tree(t, filepath.Join(dir, "images")), tree(t, filepath.Join(restored, "images"))
	if len(after) != len(before) {
		t.Errorf("%d pictures restored, %d stored", len(after), len(before))
	}
	for name, data := range before {
		if after[name] != data {
			t.Errorf("picture %s differs after restoring", name)
		}
	}

	m, copy := open(t, dir), open(t, restored)
	if _, err := copy.Services.SigningIn.Login(ctx, "ada@example.com", password, "test", ""); err != nil {
		t.Errorf("the admin's password does not work after restoring: %v", err)
	}
	for _, c := range []*wiring.Marketplace{m, copy} {
		n, err := c.DB.Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n.Products != made.Counts["listings"] || n.Users != made.Counts["users"] || n.Bookings != made.Counts["bookings"] {
			t.Errorf("counts %+v, manifest %v", n, made.Counts)
		}
	}
	cats, err := m.Services.Catalogue.Categories(ctx)
	if err != nil {
		t.Fatal(err)
	}
	copiedCats, err := copy.Services.Catalogue.Categories(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(cats) != fmt.Sprint(copiedCats) {
		t.Errorf("categories differ:\n%v\n%v", cats, copiedCats)
	}
}

// TestBackupDuringWrites takes a backup while accounts are being created:
// the restored database is intact and holds every account whose creation
// was acknowledged before the backup began.
func TestBackupDuringWrites(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "data")
	m := open(t, dir)

	var (
		mu      sync.Mutex
		written = sync.NewCond(&mu) // a write was acknowledged, or a writer failed
		acked   []string
		failed  int
		stop    atomic.Bool
		wg      sync.WaitGroup
	)
	for w := range 4 {
		wg.Go(func() {
			for i := 0; !stop.Load(); i++ {
				email := fmt.Sprintf("writer%d-%d@example.com", w, i)
				if _, err := m.Services.SigningIn.CreateAdmin(ctx, app.NewUser{Name: "Writer", Email: email, Password: password}); err != nil {
					t.Errorf("write: %v", err)
					mu.Lock()
					failed++
					written.Broadcast()
					mu.Unlock()
					return
				}
				mu.Lock()
				acked = append(acked, email)
				written.Broadcast()
				mu.Unlock()
			}
		})
	}
	defer func() { stop.Store(true); wg.Wait() }()
	// The backup begins once some writes are acknowledged, with more coming.
	mu.Lock()
	for len(acked) < 20 && failed < 4 {
		written.Wait()
	}
	mu.Unlock()

	mu.Lock()
	before := append([]string(nil), acked...)
	mu.Unlock()
	archive := filepath.Join(t.TempDir(), "backup.tar.gz")
	if _, err := backup.Create(ctx, dir, archive); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	during := len(acked) - len(before)
	mu.Unlock()
	stop.Store(true)
	wg.Wait()
	if len(before) == 0 {
		t.Fatal("no write was acknowledged before the backup")
	}
	t.Logf("%d writes before the backup, %d while it ran", len(before), during)

	restored := filepath.Join(t.TempDir(), "restored")
	if _, err := backup.Restore(ctx, archive, restored, false); err != nil { // checks integrity_check
		t.Fatal(err)
	}
	copy := open(t, restored)
	for _, email := range before {
		if _, err := copy.DB.UserByEmail(ctx, email); err != nil {
			t.Fatalf("%s, acknowledged before the backup, is not in it: %v", email, err)
		}
	}
}

// entry is one file of an archive.
type entry struct {
	name string
	data []byte
	typ  byte
}

func readArchive(t *testing.T, name string) []entry {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var entries []entry
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return entries
		}
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, entry{h.Name, data, h.Typeflag})
	}
}

func writeArchive(t *testing.T, name string, entries []entry) {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Mode: 0o600, Size: int64(len(e.data)), Typeflag: e.typ}
		if e.typ == tar.TypeSymlink {
			h.Size, h.Linkname = 0, "/etc/passwd"
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if e.typ != tar.TypeSymlink {
			tw.Write(e.data)
		}
	}
	tw.Close()
	gz.Close()
	if err := os.WriteFile(name, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
}

// changeManifest rewrites the manifest entry through change.
func changeManifest(t *testing.T, entries []entry, change func(m *backup.Manifest)) []entry {
	t.Helper()
	out := append([]entry(nil), entries...)
	for i, e := range out {
		if e.name == "manifest.json" {
			var m backup.Manifest
			if err := json.Unmarshal(e.data, &m); err != nil {
				t.Fatal(err)
			}
			change(&m)
			data, _ := json.Marshal(m)
			out[i].data = data
		}
	}
	return out
}

func TestRestoreRefusesADamagedArchive(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "data")
	m := open(t, dir)
	if _, err := m.Services.SigningIn.CreateAdmin(ctx, app.NewUser{Name: "Ada", Email: "ada@example.com", Password: password}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"0123456789abcdef0123456789abcdef.jpg", "0123456789abcdef0123456789abcdef-thumb.jpg"} {
		if err := os.WriteFile(filepath.Join(dir, "images", name), bytes.Repeat([]byte(name), 500), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	work := t.TempDir()
	good := filepath.Join(work, "good.tar.gz")
	if _, err := backup.Create(ctx, dir, good); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	entries := readArchive(t, good)

	damaged := []struct {
		name  string
		write func(path string)
		why   string
	}{
		{"a flipped byte", func(p string) {
			bad := bytes.Clone(raw)
			bad[len(bad)/2] ^= 0xff
			os.WriteFile(p, bad, 0o600)
		}, "cannot be restored"}, // whichever check catches it first
		{"truncated", func(p string) { os.WriteFile(p, raw[:len(raw)*2/3], 0o600) }, "truncated"},
		{"not gzip", func(p string) { os.WriteFile(p, []byte("hello"), 0o600) }, "not a gzip archive"},
		{"no manifest", func(p string) { writeArchive(t, p, entries[:len(entries)-1]) }, "no manifest"},
		{"a picture changed", func(p string) {
			changed := append([]entry(nil), entries...)
			for i, e := range changed {
				if strings.HasPrefix(e.name, "images/") {
					changed[i].data = append(bytes.Clone(e.data[:len(e.data)-1]), 'x')
					break
				}
			}
			writeArchive(t, p, changed)
		}, "does not match the manifest"},
		{"a wrong checksum in the manifest", func(p string) {
			writeArchive(t, p, changeManifest(t, entries, func(m *backup.Manifest) {
				m.Files[len(m.Files)-1].SHA256 = strings.Repeat("0", 64)
			}))
		}, "does not match the manifest"},
		{"a file missing", func(p string) {
			var fewer []entry
			for _, e := range entries {
				if !strings.HasSuffix(e.name, "-thumb.jpg") {
					fewer = append(fewer, e)
				}
			}
			writeArchive(t, p, fewer)
		}, "missing from the archive"},
		{"an extra file", func(p string) {
			writeArchive(t, p, append([]entry{{"images/ffffffffffffffffffffffffffffffff.jpg", []byte("extra"), tar.TypeReg}}, entries...))
		}, "not in the manifest"},
		{"a path out of the directory", func(p string) {
			writeArchive(t, p, append([]entry{{"../outside", []byte("x"), tar.TypeReg}}, entries...))
		}, `"../outside"`},
		{"a path into images' parent", func(p string) {
			writeArchive(t, p, append([]entry{{"images/../rehome.db", []byte("x"), tar.TypeReg}}, entries...))
		}, `"images/../rehome.db"`},
		{"an absolute path", func(p string) {
			writeArchive(t, p, append([]entry{{"/etc/cron.d/x", []byte("x"), tar.TypeReg}}, entries...))
		}, `"/etc/cron.d/x"`},
		{"a symbolic link", func(p string) {
			writeArchive(t, p, append([]entry{{"images/link.jpg", nil, tar.TypeSymlink}}, entries...))
		}, `"images/link.jpg"`},
		{"counts that do not match", func(p string) {
			writeArchive(t, p, changeManifest(t, entries, func(m *backup.Manifest) { m.Counts["users"] = 99 }))
		}, "but the manifest says"},
		{"a newer format", func(p string) {
			writeArchive(t, p, changeManifest(t, entries, func(m *backup.Manifest) { m.Format = 2 }))
		}, "format 2"},
	}
	for _, tc := range damaged {
		t.Run(tc.name, func(t *testing.T) {
			archive := filepath.Join(t.TempDir(), "bad.tar.gz")
			tc.write(archive)

			parent := t.TempDir()
			fresh := filepath.Join(parent, "fresh")
			if _, err := backup.Restore(ctx, archive, fresh, false); err == nil || !strings.Contains(err.Error(), tc.why) {
				t.Errorf("restore into a new directory: %v, want an error saying %q", err, tc.why)
			}
			if entries, _ := os.ReadDir(parent); len(entries) != 0 {
				t.Errorf("a refused restore left %v behind", entries)
			}

			before := tree(t, dir)
			if _, err := backup.Restore(ctx, archive, dir, true); err == nil || !strings.Contains(err.Error(), tc.why) {
				t.Errorf("forced restore over the data: %v, want an error saying %q", err, tc.why)
			}
			after := tree(t, dir)
			if len(after) != len(before) {
				t.Fatalf("a refused restore changed the data directory: %d files, then %d", len(before), len(after))
			}
			for name := range before {
				if after[name] != before[name] && !strings.HasPrefix(name, "rehome.db") {
					t.Errorf("a refused restore changed %s", name)
				}
			}
		})
	}
}

func TestRestoreOverData(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "data")
	m := open(t, dir)
	if _, err := m.Services.SigningIn.CreateAdmin(ctx, app.NewUser{Name: "Ada", Email: "ada@example.com", Password: password}); err != nil {
		t.Fatal(err)
	}
	if err := backup.Scheduled(ctx, dir, time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC), 7); err != nil {
		t.Fatal(err)
	}
	archive := filepath.Join(dir, "backups", "rehome-20261124T030000Z.tar.gz")
	// Written after the backup: a restore takes it away.
	if _, err := m.Services.SigningIn.CreateAdmin(ctx, app.NewUser{Name: "Bo", Email: "bo@example.com", Password: password}); err != nil {
		t.Fatal(err)
	}
	m.Close()

	if _, err := backup.Restore(ctx, archive, dir, false); !errors.Is(err, backup.ErrNotEmpty) {
		t.Fatalf("restore over data without force: %v, want ErrNotEmpty", err)
	}
	if _, err := backup.Restore(ctx, archive, dir, true); err != nil {
		t.Fatal(err)
	}
	copy := open(t, dir)
	if _, err := copy.DB.UserByEmail(ctx, "ada@example.com"); err != nil {
		t.Errorf("the backed-up account is gone: %v", err)
	}
	if _, err := copy.DB.UserByEmail(ctx, "bo@example.com"); app.ErrorKind(err) != app.KindNotFound {
		t.Errorf("the account made after the backup is still there: %v", err)
	}
	if _, err := os.Stat(archive); err != nil {
		t.Errorf("the data directory's backups were not kept: %v", err)
	}
}

func TestScheduledBackupsKeepTheNewest(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "data")
	open(t, dir)
	start := time.Date(2026, 11, 1, 3, 0, 0, 0, time.UTC)
	for day := range 5 {
		if err := backup.Scheduled(ctx, dir, start.AddDate(0, 0, day), 3); err != nil {
			t.Fatal(err)
		}
	}
	names, _ := filepath.Glob(filepath.Join(dir, "backups", "*"))
	var got []string
	for _, n := range names {
		got = append(got, filepath.Base(n))
	}
	want := []string{"rehome-20261103T030000Z.tar.gz", "rehome-20261104T030000Z.tar.gz", "rehome-20261105T030000Z.tar.gz"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("backups %v, want %v", got, want)
	}

	t.Run("on a timer", func(t *testing.T) {
		ticks := make(chan time.Time)
		done := make(chan struct{})
		go func() { backup.OnTicks(ctx, dir, ticks, 2, slog.Default()); close(done) }()
		start := time.Date(2026, 12, 1, 23, 59, 59, 0, time.UTC)
		for i := range 3 {
			ticks <- start.Add(time.Duration(i) * time.Second)
		}
		close(ticks)
		<-done
		all, _ := filepath.Glob(filepath.Join(dir, "backups", "*"))
		var got []string
		for _, n := range all {
			got = append(got, filepath.Base(n))
		}
		want := []string{"rehome-20261202T000000Z.tar.gz", "rehome-20261202T000001Z.tar.gz"}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("backups %v, want the newest 2, named for their ticks", got)
		}
	})
}
