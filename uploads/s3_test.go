package uploads_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"net/http"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/minio/minio-go/v7"

	"rehome/app"
	"rehome/uploads"
	"rehome/uploads/s3test"
)

func TestParseS3URL(t *testing.T) {
	const secret = "wJalr/XUtnFEMI+K7MDENG"
	tests := []struct {
		name, url string
		want      uploads.S3Config
		wantErr   string // in the error; "" for none
	}{
		{
			name: "everything",
			url:  "s3://AKIA:wJalr%2FXUtnFEMI+K7MDENG@minio.internal:9000/rehome-images?region=eu-west-1&tls=false",
			want: uploads.S3Config{Endpoint: "minio.internal:9000", AccessKey: "AKIA", SecretKey: secret,
				Bucket: "rehome-images", Region: "eu-west-1", TLS: false},
		},
		{
			name: "TLS unless told otherwise, no region, no port",
			url:  "s3://AKIA:wJalr%2FXUtnFEMI+K7MDENG@s3.example.com/pics/",
			want: uploads.S3Config{Endpoint: "s3.example.com", AccessKey: "AKIA", SecretKey: secret, Bucket: "pics", TLS: true},
		},
		{name: "tls=true", url: "s3://a:" + "wJalr%2FXUtnFEMI+K7MDENG" + "@h/b-1?tls=true",
			want: uploads.S3Config{Endpoint: "h", AccessKey: "a", SecretKey: secret, Bucket: "b-1", TLS: true}},
		{name: "no bucket", url: "s3://AKIA:wJalr%2FXUtnFEMI+K7MDENG@minio:9000", wantErr: "names no bucket"},
		{name: "only a slash", url: "s3://AKIA:wJalr%2FXUtnFEMI+K7MDENG@minio:9000/", wantErr: "names no bucket"},
		{name: "no keys", url: "s3://minio:9000/pics", wantErr: "must give an access key and a secret key"},
		{name: "no secret", url: "s3://AKIA@minio:9000/pics", wantErr: "must give an access key and a secret key"},
		{name: "empty secret", url: "s3://AKIA:@minio:9000/pics", wantErr: "must give an access key and a secret key"},
		{name: "no access key", url: "s3://:wJalr%2FXUtnFEMI+K7MDENG@minio:9000/pics", wantErr: "must give an access key and a secret key"},
		{name: "no host", url: "s3:///pics", wantErr: "names no host"},
		{name: "other scheme", url: "https://AKIA:wJalr%2FXUtnFEMI+K7MDENG@minio:9000/pics", wantErr: "must start with s3://"},
		{name: "not a bucket name", url: "s3://AKIA:wJalr%2FXUtnFEMI+K7MDENG@minio:9000/x", wantErr: "not a bucket name"},
		{name: "a path under the bucket", url: "s3://AKIA:wJalr%2FXUtnFEMI+K7MDENG@minio:9000/pics/sub", wantErr: "not a bucket name"},
		{name: "bad tls", url: "s3://AKIA:wJalr%2FXUtnFEMI+K7MDENG@minio:9000/pics?tls=no-thanks", wantErr: "want true or false"},
		{name: "unknown parameter", url: "s3://AKIA:wJalr%2FXUtnFEMI+K7MDENG@minio:9000/pics?regoin=x", wantErr: `unknown parameter "regoin"`},
		{name: "parameter twice", url: "s3://AKIA:wJalr%2FXUtnFEMI+K7MDENG@minio:9000/pics?tls=false&tls=true", wantErr: "gives tls more than once"},
		// An unencoded slash ends the host part early: the "secret" then
		// looks like a port, which url refuses, quoting the whole URL.
		{name: "unencoded slash in the secret", url: "s3://AKIA:" + secret + "@minio:9000/pics", wantErr: "is not a URL"},
		{name: "unencoded hash in the secret", url: "s3://AKIA:wJalr%2FXUtnFEMI+K7MDENG#x@minio:9000/pics", wantErr: "is not a URL"},
		{name: "a fragment", url: "s3://AKIA:wJalr%2FXUtnFEMI+K7MDENG@minio:9000/pics#x", wantErr: "has a # part"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := uploads.ParseS3URL(tt.url)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got != tt.want {
					t.Errorf("got %#v, want %#v", got, tt.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("got %#v, want an error saying %q", got, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error %q does not say %q", err, tt.wantErr)
			}
			for _, s := range []string{secret, "wJalr%2FXUtnFEMI", "XUtnFEMI"} {
				if strings.Contains(err.Error(), s) {
					t.Errorf("error %q tells the secret", err)
				}
			}
		})
	}
}

func TestS3ConfigPrintsNoSecret(t *testing.T) {
	cfg, err := uploads.ParseS3URL("s3://AKIA:top%2Fsecret@minio:9000/pics?region=eu-west-1&tls=false")
	if err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
		got := fmt.Sprintf(verb, cfg)
		if strings.Contains(got, "top") || strings.Contains(got, "secret") {
			t.Errorf("%s prints the secret: %s", verb, got)
		}
		if !strings.Contains(got, "AKIA") || !strings.Contains(got, "minio:9000/pics") {
			t.Errorf("%s hides too much: %s", verb, got)
		}
	}
	// What it prints reads back as the same place.
	back, err := uploads.ParseS3URL(cfg.String())
	if err != nil {
		t.Fatal(err)
	}
	if back.Endpoint != cfg.Endpoint || back.Bucket != cfg.Bucket || back.Region != cfg.Region || back.TLS != cfg.TLS {
		t.Errorf("%s reads back as %v", cfg, back)
	}
}

func TestOpenS3RefusesAMissingBucket(t *testing.T) {
	url := strings.Replace(s3test.Server(t), "/"+s3test.Bucket+"?", "/no-such-bucket?", 1)
	_, err := uploads.OpenS3(context.Background(), url)
	if err == nil || !strings.Contains(err.Error(), "the S3 bucket no-such-bucket does not exist") {
		t.Errorf("got %v, want the bucket named as missing", err)
	}
	if _, err := uploads.OpenS3(context.Background(), "s3://nobody@h/b"); err == nil || !strings.Contains(err.Error(), "secret key") {
		t.Errorf("a bad URL: got %v", err)
	}
}

// refusing is an S3 server that answers every PUT with code and status
// while refuse is set, as stores do when full or when the keys may only
// read.
func refusing(code string, status int, refuse *atomic.Bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPut && refuse.Load() {
				w.Header().Set("Content-Type", "application/xml")
				w.WriteHeader(status)
				fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>%s</Code><Message>refused</Message></Error>`, code)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

func TestCheckWritable(t *testing.T) {
	forEachBackend(t, func(t *testing.T, s *testStore) {
		for range 3 {
			if err := s.CheckWritable(); err != nil {
				t.Fatal(err)
			}
		}
		assertEmpty(t, s) // nothing left behind
	})
}

// The health check leaves no trail in a bucket that keeps every version,
// as docs/deploy.md advises: neither versions nor delete markers.
func TestCheckWritableLeavesNoVersions(t *testing.T) {
	url := s3test.Server(t)
	c, bucket := s3Client(t, url)
	if err := c.EnableVersioning(context.Background(), bucket); err != nil {
		t.Fatal(err)
	}
	s := openS3Store(t, url)
	for range 3 {
		if err := s.CheckWritable(); err != nil {
			t.Fatal(err)
		}
	}
	assertEmpty(t, s) // lists versions and delete markers too
}

func TestS3RefusalsAreUnavailable(t *testing.T) {
	tests := []struct {
		code      string
		status    int
		kind      app.Kind
		messageIs string
		health    string
	}{
		{"XMinioStorageFull", http.StatusInsufficientStorage, app.KindUnavailable, "disk is full", "Storage backend has reached its minimum free drive threshold"},
		{"QuotaExceeded", http.StatusForbidden, app.KindUnavailable, "disk is full", "refused"},
		{"SomethingElse", http.StatusInsufficientStorage, app.KindUnavailable, "disk is full", "refused"},
		{"AccessDenied", http.StatusForbidden, app.KindInternal, "", "refused"},
	}
	upload := encodeJPEG(t, cornerPicture(60, 40), 90, nil)
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			var refuse atomic.Bool
			url := s3test.ServerWith(t, refusing(tt.code, tt.status, &refuse))
			s := openS3Store(t, url)
			refuse.Store(true)

			_, err := s.Save(context.Background(), 0, bytes.NewReader(upload))
			if app.ErrorKind(err) != tt.kind || !strings.Contains(app.ErrorMessage(err), tt.messageIs) {
				t.Errorf("Save: %s %q, want %s saying %q", app.ErrorKind(err), app.ErrorMessage(err), tt.kind, tt.messageIs)
			}
			assertEmpty(t, s)

			err = s.CheckWritable()
			if err == nil || !strings.Contains(err.Error(), "the image bucket is not writable") {
				t.Errorf("CheckWritable: %v", err)
			}
			// The error goes to /healthz: no address of the store in it.
			if host := strings.Split(strings.Split(url, "@")[1], "/")[0]; strings.Contains(err.Error(), host) {
				t.Errorf("CheckWritable names the store's address: %v", err)
			}

			refuse.Store(false) // room again
			if err := s.CheckWritable(); err != nil {
				t.Errorf("CheckWritable once the store takes writes again: %v", err)
			}
			save(t, s, upload)
		})
	}
}

// When the thumbnail cannot be stored, the picture stored before it goes
// too: either both are there or neither is.
func TestSaveStoresBothOrNeither(t *testing.T) {
	var puts atomic.Int32
	url := s3test.ServerWith(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPut && puts.Add(1) == 2 {
				w.WriteHeader(http.StatusForbidden)
				fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>no</Message></Error>`)
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	s := openS3Store(t, url)
	if _, err := s.Save(context.Background(), 0, bytes.NewReader(encodeJPEG(t, cornerPicture(60, 40), 90, nil))); err == nil {
		t.Fatal("Save succeeded with the thumbnail refused")
	}
	if puts.Load() != 2 {
		t.Fatalf("%d PUTs, want 2", puts.Load())
	}
	assertEmpty(t, s)
}

// requestLog counts the requests an S3 server gets, by method.
type requestLog struct {
	mu     sync.Mutex
	counts map[string]int
}

func (l *requestLog) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		l.counts[r.Method]++
		l.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

func (l *requestLog) take() map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.counts
	l.counts = map[string]int{}
	return c
}

// Serving a picture whole, which is nearly every request, costs the store
// one GET; nothing is asked twice.
func TestS3ServesAPictureWithOneRequest(t *testing.T) {
	log := &requestLog{counts: map[string]int{}}
	s := openS3Store(t, s3test.ServerWith(t, log.wrap))
	img := save(t, s, encodeJPEG(t, cornerPicture(300, 200), 90, nil))
	log.take()

	h := http.StripPrefix("/images/", s.Handler())
	if rec := serve(h, http.MethodGet, img.URL, nil); rec.Code != http.StatusOK || rec.Body.Len() == 0 {
		t.Fatalf("GET: %d", rec.Code)
	}
	if got := log.take(); len(got) != 1 || got[http.MethodGet] != 1 {
		t.Errorf("a whole picture took %v, want one GET", got)
	}
	if rec := serve(h, http.MethodGet, img.URL, http.Header{"Range": {"bytes=5-9"}}); rec.Code != http.StatusPartialContent || rec.Body.Len() != 5 {
		t.Fatalf("Range: %d with %d bytes", rec.Code, rec.Body.Len())
	}
	if got := log.take(); got[http.MethodGet] > 2 || len(got) != 1 {
		t.Errorf("a range took %v, want at most two GETs", got)
	}
}

// A picture of the local layout moves into a bucket, and the URLs already
// issued are then served from there.
func TestImport(t *testing.T) {
	from := newDiskStore(t)
	jpg := save(t, from, encodeJPEG(t, cornerPicture(300, 200), 90, nil))
	png := save(t, from, encodePNG(t, image.NewNRGBA(image.Rect(0, 0, 10, 10))))
	pictures := []string{jpg.URL, jpg.ThumbURL, png.URL, png.ThumbURL}
	// Not pictures: left behind.
	for _, f := range []string{".upload-123", ".health-9", "notes.txt", strings.Repeat("a", 32) + ".gif"} {
		from.plant(f, []byte("not a picture"))
	}
	from.plantDir(strings.Repeat("b", 32) + ".jpg")
	dir := from.dir

	forEachBackend(t, func(t *testing.T, to *testStore) {
		copied, err := to.Import(context.Background(), dir)
		if err != nil || copied != len(pictures) {
			t.Fatalf("Import: %d, %v; want %d", copied, err, len(pictures))
		}
		got := to.list()
		slices.Sort(got)
		var want []string
		for _, u := range pictures {
			want = append(want, path.Base(u))
		}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("imported %q, want %q", got, want)
		}
		h := http.StripPrefix("/images/", to.Handler())
		for _, u := range pictures {
			orig, err := from.read(path.Base(u))
			if err != nil {
				t.Fatal(err)
			}
			rec := serve(h, http.MethodGet, u, nil)
			if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), orig) {
				t.Errorf("GET %s after the import: %d, body the same: %v", u, rec.Code, bytes.Equal(rec.Body.Bytes(), orig))
			}
		}

		// Run again, it copies nothing; what is missing or cut short is
		// copied again.
		if copied, err := to.Import(context.Background(), dir); err != nil || copied != 0 {
			t.Errorf("second Import: %d, %v; want 0", copied, err)
		}
		to.drop(path.Base(jpg.URL))
		to.plant(path.Base(png.URL), []byte("cut"))
		if copied, err := to.Import(context.Background(), dir); err != nil || copied != 2 {
			t.Errorf("Import after a loss: %d, %v; want 2", copied, err)
		}
		for _, u := range []string{jpg.URL, png.URL} {
			orig, _ := from.read(path.Base(u))
			if got, err := to.read(path.Base(u)); err != nil || !bytes.Equal(got, orig) {
				t.Errorf("%s after the second import: %v", u, err)
			}
		}
	})
}

func TestImportOfNothing(t *testing.T) {
	to := newS3Store(t)
	if copied, err := to.Import(context.Background(), t.TempDir()); err != nil || copied != 0 {
		t.Errorf("empty directory: %d, %v", copied, err)
	}
	if copied, err := to.Import(context.Background(), filepath.Join(t.TempDir(), "missing")); err == nil || copied != 0 {
		t.Errorf("missing directory: %d, %v; want an error", copied, err)
	}
	assertEmpty(t, to)
}

// An import stops at the first picture the store refuses and says which.
func TestImportStopsAtARefusal(t *testing.T) {
	from := newDiskStore(t)
	for range 5 {
		save(t, from, encodeJPEG(t, cornerPicture(30, 20), 90, nil))
	}
	var refuse atomic.Bool
	refuse.Store(true)
	to := openS3Store(t, s3test.ServerWith(t, refusing("XMinioStorageFull", http.StatusInsufficientStorage, &refuse)))
	copied, err := to.Import(context.Background(), from.dir)
	if err == nil || copied != 0 || !strings.Contains(err.Error(), "uploads: import ") {
		t.Errorf("got %d, %v; want an error naming the picture", copied, err)
	}
	var e minio.ErrorResponse
	if !errors.As(err, &e) || e.Code != "XMinioStorageFull" {
		t.Errorf("the store's refusal is lost: %v", err)
	}
}

// abortingWriter passes a response on until after bytes have gone out,
// then ends the connection, as a store that fails mid-answer does.
type abortingWriter struct {
	http.ResponseWriter
	after int
}

func (w *abortingWriter) Write(p []byte) (int, error) {
	if len(p) >= w.after {
		n, _ := w.ResponseWriter.Write(p[:w.after])
		http.NewResponseController(w.ResponseWriter).Flush()
		w.after -= n
		panic(http.ErrAbortHandler)
	}
	w.after -= len(p)
	return w.ResponseWriter.Write(p)
}

// An object is streamed through, not read whole before the answer starts:
// when the store fails halfway through a GET, what came before the failure
// has already gone out to the client. (Read whole first, nothing would
// have.)
func TestS3StreamsAnObjectThrough(t *testing.T) {
	const size, cut = 1 << 20, 256 << 10
	var abort atomic.Bool
	s := openS3Store(t, s3test.ServerWith(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodGet && abort.Load() {
				w = &abortingWriter{ResponseWriter: w, after: cut}
			}
			next.ServeHTTP(w, r)
		})
	}))
	name := strings.Repeat("c", 32) + ".jpg"
	data := bytes.Repeat([]byte("0123456789abcdef"), size/16)
	s.plant(name, data)
	h := http.StripPrefix("/images/", s.Handler())
	if rec := serve(h, http.MethodGet, "/images/"+name, nil); rec.Code != http.StatusOK || rec.Body.Len() != size {
		t.Fatalf("GET: %d with %d bytes, want %d", rec.Code, rec.Body.Len(), size)
	}

	abort.Store(true)
	rec := serve(h, http.MethodGet, "/images/"+name, nil)
	got := rec.Body.Bytes()
	if rec.Code != http.StatusOK || len(got) == 0 || len(got) > cut || !bytes.HasPrefix(data, got) {
		t.Errorf("the store failed after %d bytes; the client got %d, %d bytes of the object: %v",
			cut, rec.Code, len(got), bytes.HasPrefix(data, got))
	}
}
