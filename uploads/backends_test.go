package uploads_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"testing"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"rehome/uploads"
	"rehome/uploads/s3test"
)

// testStore is a Store together with a look behind its back, at the
// directory or bucket it keeps its files in.
type testStore struct {
	*uploads.Store
	dir string // on disk: the directory; in a bucket: ""
	// read returns a stored file's bytes; an error wrapping fs.ErrNotExist
	// when there is none.
	read func(name string) ([]byte, error)
	// list names every stored file, temporary and dot files included.
	list func() []string
	// plant stores data under name without the store; plantDir makes name
	// something that holds other files (a directory, a key prefix).
	plant    func(name string, data []byte)
	plantDir func(name string)
	// drop deletes a stored file without the store.
	drop func(name string)
}

// backend is one way of keeping the files; tests of what is stored and
// served run over each.
type backend struct {
	name string
	open func(t testing.TB) *testStore
}

var backends = []backend{{"disk", newDiskStore}, {"s3", newS3Store}}

// newStore is a store on disk, for the tests of picture processing, which
// happens before and apart from storage.
func newStore(t testing.TB) *testStore { return newDiskStore(t) }

func newDiskStore(t testing.TB) *testStore {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "images") // New must create it
	s, err := uploads.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	return diskView(t, s, dir)
}

func diskView(t testing.TB, s *uploads.Store, dir string) *testStore {
	return &testStore{
		Store: s,
		dir:   dir,
		read:  func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, name)) },
		list: func() []string {
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			return names
		},
		plant: func(name string, data []byte) {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		},
		plantDir: func(name string) {
			if err := os.Mkdir(filepath.Join(dir, name), 0o755); err != nil {
				t.Fatal(err)
			}
		},
		drop: func(name string) {
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		},
	}
}

func newS3Store(t testing.TB) *testStore {
	t.Helper()
	return openS3Store(t, s3test.Server(t))
}

// openS3Store opens the bucket at rawURL, and a client of its own to look
// into the bucket.
func openS3Store(t testing.TB, rawURL string) *testStore {
	t.Helper()
	s, err := uploads.OpenS3(context.Background(), rawURL)
	if err != nil {
		t.Fatal(err)
	}
	c, bucket := s3Client(t, rawURL)
	ctx := context.Background()
	put := func(name string, data []byte) {
		if _, err := c.PutObject(ctx, bucket, name, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	return &testStore{
		Store: s,
		read: func(name string) ([]byte, error) {
			body, _, _, err := minio.Core{Client: c}.GetObject(ctx, bucket, name, minio.GetObjectOptions{})
			if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
				return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
			}
			if err != nil {
				return nil, err
			}
			defer body.Close()
			return io.ReadAll(body)
		},
		list: func() []string {
			var names []string
			for o := range c.ListObjects(ctx, bucket, minio.ListObjectsOptions{Recursive: true, WithVersions: true}) {
				if o.Err != nil {
					t.Fatal(o.Err)
				}
				names = append(names, o.Key)
			}
			return names
		},
		plant:    put,
		plantDir: func(name string) { put(name+"/inside.jpg", []byte("secret")) },
		drop: func(name string) {
			if err := c.RemoveObject(ctx, bucket, name, minio.RemoveObjectOptions{}); err != nil {
				t.Fatal(err)
			}
		},
	}
}

// s3Client is a client of the bucket at rawURL of its own.
func s3Client(t testing.TB, rawURL string) (*minio.Client, string) {
	t.Helper()
	cfg, err := uploads.ParseS3URL(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	c, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Region: cfg.Region,
	})
	if err != nil {
		t.Fatal(err)
	}
	return c, cfg.Bucket
}

// forEachBackend runs test over a fresh store of each backend.
func forEachBackend(t *testing.T, test func(t *testing.T, s *testStore)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { test(t, b.open(t)) })
	}
}

// stored reads back the file behind an issued URL.
func stored(t testing.TB, s *testStore, url string) ([]byte, image.Image, string) {
	t.Helper()
	data, err := s.read(path.Base(url))
	if err != nil {
		t.Fatal(err)
	}
	img, format, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode %s: %v", url, err)
	}
	return data, img, format
}

// assertEmpty checks that nothing at all is stored.
func assertEmpty(t *testing.T, s *testStore) {
	t.Helper()
	for _, name := range s.list() {
		t.Errorf("unexpected file %s", name)
	}
}
