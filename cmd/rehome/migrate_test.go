package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"golang.org/x/crypto/bcrypt"

	"rehome/app"
	"rehome/internal/pgtest"
	"rehome/internal/testpicture"
	"rehome/internal/wiring"
	"rehome/uploads"
	"rehome/uploads/s3test"
)

// TestPasswordsStayHidden: whichever command is given a database or an
// object store it cannot use, it says so without their passwords.
func TestPasswordsStayHidden(t *testing.T) {
	const secret = "Sekr1t-pw"
	unreachable := "postgres://rehome:" + secret + "@127.0.0.1:1/market?sslmode=disable"
	bucket := "s3://key:" + secret + "@127.0.0.1:1/pictures?tls=false"
	cases := []struct {
		name  string
		stdin string
		args  []string
		want  string // in the output
	}{
		{"serve on an unreachable database", "", []string{"serve", "--addr", "127.0.0.1:0", "--database-url", unreachable, "--database-wait", "1ms"}, "rehome:xxxxx@127.0.0.1:1"},
		{"serve with an unusable object store", "", []string{"serve", "--addr", "127.0.0.1:0", "--s3-url", bucket}, "key:xxxxx@127.0.0.1:1"},
		{"admin create", "a long password\n", []string{"admin", "create", "--name", "A", "--email", "a@b.test", "--database-url", unreachable}, "rehome:xxxxx@"},
		{"bench-data", "a long password\n", []string{"bench-data", "--database-url", unreachable}, "rehome:xxxxx@"},
		{"migrate", "", []string{"migrate", "--to", unreachable}, "rehome:xxxxx@"},
		{"a URL that does not parse", "", []string{"serve", "--database-url", "postgres://rehome:" + secret + "@[::1"}, "postgres://(a URL that does not parse)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append(tc.args, "--data", dir)
			if tc.args[0] == "migrate" {
				cli(t, "a long password\n", "admin", "create", "--name", "A", "--email", "a@b.test", "--data", dir)
				args = append(tc.args, "--from", dir)
			}
			code, stdout, stderr := cli(t, tc.stdin, args...)
			if code == 0 {
				t.Errorf("exit 0, want a failure")
			}
			if out := stdout + stderr; strings.Contains(out, secret) || !strings.Contains(out, tc.want) {
				t.Errorf("output %q: want %q in it and no password", out, tc.want)
			}
		})
	}
}

// TestMigrateCommand: a marketplace copied from SQLite into PostgreSQL
// compares equal, is not copied twice, and a change made to the copy is
// named by --check; --check on an empty database copies, then compares.
func TestMigrateCommand(t *testing.T) {
	url, other := pgtest.NewDatabase(t), pgtest.NewDatabase(t)
	dir := filepath.Join(t.TempDir(), "data")
	for _, email := range []string{"ada@example.com", "bo@example.com"} {
		if code, _, stderr := cli(t, "admin password 1\n", "admin", "create", "--name", "Admin", "--email", email, "--data", dir); code != 0 {
			t.Fatalf("admin create: %s", stderr)
		}
	}
	steps := []struct {
		name           string
		args           []string
		change         string // SQL run on the copy first
		code           int
		stdout, stderr string // substrings; stdout's parts between … in this order
	}{
		{"copy", []string{"--from", dir, "--to", url}, "", 0, "Copied 2 users, 0 listings, 0 bookings (", ""},
		{"compare", []string{"--from", dir, "--to", url, "--check"}, "", 0, "holds a copy already: comparing it.\nThe same rows in both: 2 users", ""},
		{"copy and compare", []string{"--from", dir, "--to", other, "--check"}, "", 0, "Copied 2 users, 0 listings, 0 bookings (…\nThe same rows in both: 2 users", ""},
		{"copy again", []string{"--from", dir, "--to", url}, "", 1, "", "the PostgreSQL database is not empty: "},
		{"compare a changed copy", []string{"--from", dir, "--to", url, "--check"}, `UPDATE users SET name = 'Eve' WHERE email = 'bo@example.com'`, 1, "",
			`SQLite and PostgreSQL differ: table users, row id=2: column name is "Admin" in SQLite and "Eve" in PostgreSQL`},
		{"no source", []string{"--to", url}, "", 2, "", "usage: rehome migrate"},
		{"no data directory", []string{"--from", filepath.Join(dir, "missing"), "--to", url}, "", 1, "", "no SQLite database to migrate from"},
	}
	for _, s := range steps {
		if s.change != "" {
			conn, err := pgx.Connect(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			_, err = conn.Exec(context.Background(), s.change)
			conn.Close(context.Background())
			if err != nil {
				t.Fatal(err)
			}
		}
		code, stdout, stderr := cli(t, "", append([]string{"migrate"}, s.args...)...)
		if code != s.code || !containsInOrder(stdout, strings.Split(s.stdout, "…")) || !strings.Contains(stderr, s.stderr) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d, %q, %q", s.name, code, stdout, stderr, s.code, s.stdout, s.stderr)
		}
	}
}

// containsInOrder says whether s holds each of parts, one after another.
func containsInOrder(s string, parts []string) bool {
	for _, part := range parts {
		i := strings.Index(s, part)
		if i < 0 {
			return false
		}
		s = s[i+len(part):]
	}
	return true
}

// TestBackupsOfPostgresAreRefused: rehome's archives are of a data
// directory; with a database URL, from the flag or the environment, the
// commands say what to use instead and touch nothing.
func TestBackupsOfPostgresAreRefused(t *testing.T) {
	const url = "postgres://rehome:pw@127.0.0.1:1/market"
	cases := []struct {
		name   string
		env    string
		args   []string
		stderr string
	}{
		{"backup", "", []string{"backup", "--database-url", url, "--out", "x.tar.gz"}, "back up its database with pg_dump"},
		{"backup, the database from the environment", url, []string{"backup", "--out", "x.tar.gz"}, "the object store's own versioning"},
		{"restore", "", []string{"restore", "--database-url", url, "x.tar.gz"}, "restored with pg_restore"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("REHOME_DATABASE_URL", tc.env)
			dir := t.TempDir()
			code, stdout, stderr := cli(t, "", append(tc.args, "--data", dir)...)
			if code != 1 || stdout != "" || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 1 and %q", code, stdout, stderr, tc.stderr)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("the data directory holds %d entries, want none", len(entries))
			}
		})
	}
}

// TestMigratePictures: with --s3-url, the pictures of the data directory
// are copied into the bucket, where the copied rows find them by their
// URLs; run again, the database is refused before any picture is copied.
func TestMigratePictures(t *testing.T) {
	ctx := context.Background()
	database, bucket := pgtest.NewDatabase(t), s3test.Server(t)
	dir, u := marketplaceWithPicture(t, "ann@example.com")

	code, stdout, stderr := cli(t, "", "migrate", "--from", dir, "--to", database, "--s3-url", bucket)
	if code != 0 || !strings.Contains(stdout, "Copied 2 pictures into s3://") || !strings.Contains(stdout, "Copied 1 users") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	pictures, err := uploads.OpenS3(ctx, bucket)
	if err != nil {
		t.Fatal(err)
	}
	serve := http.StripPrefix(uploads.URLPrefix, pictures.Handler())
	res := httptest.NewRecorder()
	serve.ServeHTTP(res, httptest.NewRequest(http.MethodGet, u.Image, nil))
	if res.Code != http.StatusOK || res.Body.Len() == 0 {
		t.Errorf("GET %s from the bucket: %d, %d bytes", u.Image, res.Code, res.Body.Len())
	}

	code, stdout, stderr = cli(t, "", "migrate", "--from", dir, "--to", database, "--s3-url", bucket)
	if code != 1 || strings.Contains(stdout, "Copied") || !strings.Contains(stderr, "not empty") {
		t.Errorf("again: exit %d, stdout %q, stderr %q; want 1, nothing copied, the database refused", code, stdout, stderr)
	}
}

// marketplaceWithPicture is a data directory whose one seller, of the
// email given, has a profile picture (a picture and its thumbnail).
func marketplaceWithPicture(t *testing.T, email string) (dir string, u *app.User) {
	t.Helper()
	ctx := context.Background()
	dir = t.TempDir()
	m, err := wiring.Open(ctx, wiring.Location{Dir: dir}, wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	seller := app.NewUser{Name: "Ann", Email: email, Password: "a long password", Role: app.RoleSeller}
	u, err = m.Services.SigningIn.Register(ctx, seller, bytes.NewReader(testpicture.FlatPNG(64, 48, testpicture.RGB)), "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	return dir, u
}

// countingPuts counts the objects written to a bucket.
func countingPuts(n *atomic.Int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPut && strings.Count(strings.Trim(r.URL.Path, "/"), "/") > 0 {
				n.Add(1)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// TestMigrateRefusesBeforeCopying: a database holding rows, or a bucket
// holding another marketplace's pictures, is refused before a picture or
// a row is written; a bucket holding only the data directory's own
// pictures (a copy cut short) is not, and --into-used-bucket takes the
// other's.
func TestMigrateRefusesBeforeCopying(t *testing.T) {
	ctx := context.Background()
	dir, _ := marketplaceWithPicture(t, "ann@example.com")
	otherDir, _ := marketplaceWithPicture(t, "bo@example.com")
	filled := pgtest.NewDatabase(t)
	if code, _, stderr := cli(t, "admin password 1\n", "admin", "create", "--name", "Eve", "--email", "eve@example.com", "--database-url", filled); code != 0 {
		t.Fatalf("admin create: %s", stderr)
	}
	withPictures := func(t *testing.T, bucket, from string) {
		store, err := uploads.OpenS3(ctx, bucket)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := store.Import(ctx, filepath.Join(from, wiring.ImagesDir)); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name     string
		database string
		bucketOf string // whose pictures the bucket holds first: "", dir or otherDir
		flags    []string
		code     int
		stdout   string
		stderr   string
		puts     int64
	}{
		{"a database holding rows", filled, "", nil, 1, "", "users hold rows; migrate into an empty database (nothing copied)", 0},
		{"a bucket holding another's pictures", "", otherDir, nil, 1, "", "holds pictures that are not in", 0},
		{"another's bucket, said to be meant", "", otherDir, []string{"--into-used-bucket"}, 0, "Copied 2 pictures", "", 2},
		{"a copy cut short", "", dir, nil, 0, "Copied 0 pictures", "", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			database := tc.database
			if database == "" {
				database = pgtest.NewDatabase(t)
			}
			var puts atomic.Int64
			bucket := s3test.ServerWith(t, countingPuts(&puts))
			if tc.bucketOf != "" {
				withPictures(t, bucket, tc.bucketOf)
				puts.Store(0)
			}
			args := append([]string{"migrate", "--from", dir, "--to", database, "--s3-url", bucket}, tc.flags...)
			code, stdout, stderr := cli(t, "", args...)
			if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) || puts.Load() != tc.puts {
				t.Errorf("exit %d, stdout %q, stderr %q, %d objects written; want %d, %q, %q, %d", code, stdout, stderr, puts.Load(), tc.code, tc.stdout, tc.stderr, tc.puts)
			}
			if tc.code != 0 && database != filled {
				if code, _, stderr := cli(t, "", "migrate", "--from", dir, "--to", database); code != 0 {
					t.Errorf("the refused database is not left empty: %s", stderr)
				}
			}
		})
	}
}
