package uploads

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/minio/minio-go/v7/pkg/s3utils"

	"rehome/internal/reach"
)

// S3Config is where an S3-compatible object store keeps the pictures, as
// an s3:// URL tells it. Print it freely: its String hides the secret key.
type S3Config struct {
	// Endpoint is host or host:port, without a scheme.
	Endpoint  string
	AccessKey string
	SecretKey string
	Bucket    string
	// Region is the bucket's region; empty asks the store once at start.
	Region string
	// TLS is false only when the URL says tls=false (a store on a private
	// network, or in tests).
	TLS bool
}

// s3URLForm is how the URL is written, for error messages.
const s3URLForm = "s3://ACCESS:SECRET@host:port/bucket?region=REGION&tls=false"

// ParseS3URL reads s3://ACCESS:SECRET@host:port/bucket?region=...&tls=false.
// The keys are percent-decoded (a secret key with "/" in it is written
// %2F); region and tls are optional, tls defaulting to true. No error
// quotes the URL or the secret key.
func ParseS3URL(raw string) (S3Config, error) {
	u, err := url.Parse(raw)
	if err != nil {
		// url's error quotes the whole URL, secret included.
		return S3Config{}, fmt.Errorf("uploads: the S3 URL is not a URL; write it as %s, with any / ? # @ in the keys percent-encoded", s3URLForm)
	}
	if u.Scheme != "s3" {
		return S3Config{}, fmt.Errorf("uploads: the S3 URL must start with s3:// (%s)", s3URLForm)
	}
	c := S3Config{Endpoint: u.Host, TLS: true}
	if c.Endpoint == "" {
		return S3Config{}, fmt.Errorf("uploads: the S3 URL names no host (%s)", s3URLForm)
	}
	if u.User != nil {
		c.AccessKey = u.User.Username()
		c.SecretKey, _ = u.User.Password()
	}
	if c.AccessKey == "" || c.SecretKey == "" {
		return S3Config{}, fmt.Errorf("uploads: the S3 URL must give an access key and a secret key (%s)", s3URLForm)
	}
	bucket := u.Path
	if len(bucket) > 0 && bucket[0] == '/' {
		bucket = bucket[1:]
	}
	if len(bucket) > 0 && bucket[len(bucket)-1] == '/' {
		bucket = bucket[:len(bucket)-1]
	}
	if bucket == "" {
		return S3Config{}, fmt.Errorf("uploads: the S3 URL names no bucket (%s)", s3URLForm)
	}
	if err := s3utils.CheckValidBucketName(bucket); err != nil {
		return S3Config{}, fmt.Errorf("uploads: %q is not a bucket name: %w", bucket, err)
	}
	c.Bucket = bucket
	if u.Fragment != "" {
		return S3Config{}, fmt.Errorf("uploads: the S3 URL has a # part; percent-encode a # in the keys as %%23")
	}
	for key, values := range u.Query() {
		if len(values) != 1 {
			return S3Config{}, fmt.Errorf("uploads: the S3 URL gives %s more than once", key)
		}
		switch v := values[0]; key {
		case "region":
			c.Region = v
		case "tls":
			tls, err := strconv.ParseBool(v)
			if err != nil {
				return S3Config{}, fmt.Errorf("uploads: the S3 URL's tls is %q; want true or false", v)
			}
			c.TLS = tls
		default:
			return S3Config{}, fmt.Errorf("uploads: the S3 URL has an unknown parameter %q (known: region, tls)", key)
		}
	}
	return c, nil
}

// String is the configuration as a URL with the secret key hidden.
func (c S3Config) String() string {
	u := url.URL{Scheme: "s3", User: url.UserPassword(c.AccessKey, "REDACTED"), Host: c.Endpoint, Path: "/" + c.Bucket}
	q := url.Values{}
	if c.Region != "" {
		q.Set("region", c.Region)
	}
	if !c.TLS {
		q.Set("tls", "false")
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// GoString keeps the secret out of %#v too.
func (c S3Config) GoString() string { return "uploads.S3Config(" + c.String() + ")" }

// OpenS3 returns a Store keeping its pictures in the bucket rawURL names
// (see ParseS3URL), once it has checked, within ctx, that the bucket is
// there. Its errors name the bucket and the host, never the secret key.
func OpenS3(ctx context.Context, rawURL string) (*Store, error) {
	cfg, err := ParseS3URL(rawURL)
	if err != nil {
		return nil, err
	}
	transport, err := minio.DefaultTransport(cfg.TLS)
	if err != nil {
		return nil, err
	}
	// A store that hangs is given up on within seconds, not minio's
	// 30 s to connect and a minute to answer, each tried again.
	transport.DialContext = (&net.Dialer{Timeout: dialTimeout, KeepAlive: 30 * time.Second}).DialContext
	transport.ResponseHeaderTimeout = answerTimeout
	client, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:     credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure:    cfg.TLS,
		Region:    cfg.Region,
		Transport: transport,
		// Amazon's endpoints get virtual-host-style URLs, any other
		// (MinIO, Garage, SeaweedFS, Ceph...) path-style ones, which need
		// no wildcard DNS.
		BucketLookup: minio.BucketLookupAuto,
		// A store that refuses connections is given up on within about
		// half a second, one that hangs within 2 × answerTimeout (minio's
		// default, 10 tries, takes nearly 10 seconds for a refusal), so
		// that a request waits no longer for its 503.
		MaxRetries: 2,
	})
	if err != nil {
		return nil, fmt.Errorf("uploads: S3 at %s: %w", cfg.Endpoint, err)
	}
	exists, err := client.BucketExists(ctx, cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("uploads: cannot reach the S3 bucket %s at %s: %w", cfg.Bucket, cfg.Endpoint, err)
	}
	if !exists {
		return nil, fmt.Errorf("uploads: the S3 bucket %s does not exist at %s; create it first", cfg.Bucket, cfg.Endpoint)
	}
	return &Store{files: s3Storage{client: client, bucket: cfg.Bucket, reach: reach.New("picture store")}, decodes: newBudget()}, nil
}

// The limits of a store that does not answer: S3 answers a request's
// headers within a fraction of a second (a PUT's once its body is sent).
const (
	dialTimeout   = 3 * time.Second
	answerTimeout = 3 * time.Second
)

// s3Storage keeps the files as objects of the same names in one bucket.
type s3Storage struct {
	client *minio.Client
	bucket string
	reach  *reach.Tracker // see reach.go
}

// put is one PUT, which S3 makes visible whole or not at all, and only once
// it is stored durably. The objects carry the handler's Content-Type and
// Cache-Control, so that they are right too for a CDN or anyone else that
// reads the bucket directly.
func (s s3Storage) put(ctx context.Context, name string, r io.Reader, size int64) error {
	if !s.reach.Attempt() {
		return unreachablePictures
	}
	_, err := s.client.PutObject(ctx, s.bucket, name, r, size, minio.PutObjectOptions{
		ContentType:  contentTypeOf(name),
		CacheControl: "public, max-age=31536000, immutable",
	})
	if err != nil {
		return fmt.Errorf("uploads: put %s: %w", name, s.seen(ctx, err))
	}
	s.reach.Reached()
	return nil
}

func (s s3Storage) each(ctx context.Context, fn func(name string) bool) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // ends the listing when fn stops early
	for obj := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{}) {
		if obj.Err != nil {
			return obj.Err
		}
		if !fn(obj.Key) {
			return nil
		}
	}
	return nil
}

func (s s3Storage) remove(ctx context.Context, name string) error {
	if !s.reach.Attempt() {
		return unreachablePictures
	}
	if err := s.client.RemoveObject(ctx, s.bucket, name, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("uploads: remove %s: %w", name, s.seen(ctx, err))
	}
	s.reach.Reached()
	return nil
}

// open starts a GET of the whole object: serving it whole, which is nearly
// every request, is one request to the store, streamed through. A Range
// request costs a second, ranged GET (see s3Reader).
func (s s3Storage) open(ctx context.Context, name string) (*file, error) {
	if !s.reach.Attempt() {
		return nil, unreachablePictures
	}
	body, info, _, err := minio.Core{Client: s.client}.GetObject(ctx, s.bucket, name, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("uploads: get %s: %w", name, notExist(s.seen(ctx, err)))
	}
	s.reach.Reached()
	r := &s3Reader{ctx: ctx, s: s, name: name, size: info.Size, body: body}
	return &file{ReadSeekCloser: r, modTime: info.LastModified}, nil
}

func (s s3Storage) size(ctx context.Context, name string) (int64, error) {
	if !s.reach.Attempt() {
		return 0, unreachablePictures
	}
	info, err := s.client.StatObject(ctx, s.bucket, name, minio.StatObjectOptions{})
	if err != nil {
		return 0, fmt.Errorf("uploads: stat %s: %w", name, notExist(s.seen(ctx, err)))
	}
	s.reach.Reached()
	return info.Size, nil
}

// healthObject is written and removed by checkWritable. A dot name is never
// served and never taken for a picture by Import.
const healthObject = ".health"

// checkWritable puts a one-byte object and deletes the version it made (see
// CheckWritableContext for what that costs). Removing the version, rather
// than the name, leaves no delete marker behind in a versioned bucket.
func (s s3Storage) checkWritable(ctx context.Context) error {
	info, err := s.client.PutObject(ctx, s.bucket, healthObject, bytes.NewReader([]byte{'\n'}), 1, minio.PutObjectOptions{})
	if err != nil {
		s.seen(ctx, err)
		return fmt.Errorf("the image bucket is not writable: %w", withoutHost(err))
	}
	err = s.client.RemoveObject(ctx, s.bucket, healthObject, minio.RemoveObjectOptions{VersionID: info.VersionID})
	if err != nil {
		s.seen(ctx, err)
		return fmt.Errorf("the image bucket is not writable: cannot delete: %w", withoutHost(err))
	}
	s.reach.Reached()
	return nil
}

// withoutHost keeps an error for /healthz to what went wrong: the errors of
// net/http and net name the store's URL, host name or address, which are
// the operator's business only.
func withoutHost(err error) error {
	var e minio.ErrorResponse
	if errors.As(err, &e) {
		return errors.New(e.Error()) // the store's own words, as the code says
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return fmt.Errorf("cannot look up the store's host: %s", dnsErr.Err)
	}
	var opErr *net.OpError
	if errors.As(err, &opErr) {
		return fmt.Errorf("%s: %w", opErr.Op, opErr.Err)
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		return urlErr.Err
	}
	return err
}

// notExist makes the store's "no such key" an fs.ErrNotExist.
func notExist(err error) error {
	var e minio.ErrorResponse
	if errors.As(err, &e) && (e.Code == minio.NoSuchKey || e.StatusCode == http.StatusNotFound && e.Code != minio.NoSuchBucket) {
		return fmt.Errorf("%w (%v)", fs.ErrNotExist, err)
	}
	return err
}

// bucketFull tells whether a store refused a write for want of room: MinIO
// says so with its own codes, others with 507 Insufficient Storage.
func bucketFull(err error) bool {
	var e minio.ErrorResponse
	if !errors.As(err, &e) {
		return false
	}
	switch e.Code {
	case "XMinioStorageFull", "XMinioAdminBucketQuotaExceeded", "QuotaExceeded":
		return true
	}
	return e.StatusCode == http.StatusInsufficientStorage
}

func contentTypeOf(name string) string {
	if m := servedName.FindStringSubmatch(name); m != nil {
		return contentTypes[m[1]]
	}
	return "application/octet-stream"
}

// s3Reader is an object being served, for http.ServeContent, which seeks
// to the end to learn the size and back again before reading. Seeking only
// moves pos; a Read from where the body is not is what starts a new,
// ranged GET. So a whole object is one GET, and a HEAD or a 304 reads
// nothing (the unread body is dropped on Close).
//
// The body is copied through ServeContent's 32 KB buffer, never held whole:
// a 1600 px picture is up to a few MB and the server's memory is counted.
type s3Reader struct {
	ctx     context.Context
	s       s3Storage
	name    string
	size    int64
	pos     int64         // where the next Read reads
	body    io.ReadCloser // nil once dropped
	bodyPos int64         // where body reads next
}

func (r *s3Reader) Read(p []byte) (int, error) {
	if r.pos >= r.size {
		return 0, io.EOF
	}
	if r.body != nil && r.bodyPos != r.pos {
		r.body.Close()
		r.body = nil
	}
	if r.body == nil {
		opts := minio.GetObjectOptions{}
		if err := opts.SetRange(r.pos, 0); err != nil {
			return 0, err
		}
		if !r.s.reach.Attempt() {
			return 0, unreachablePictures
		}
		body, _, _, err := minio.Core{Client: r.s.client}.GetObject(r.ctx, r.s.bucket, r.name, opts)
		if err != nil {
			return 0, fmt.Errorf("uploads: get %s from %d: %w", r.name, r.pos, r.s.seen(r.ctx, err))
		}
		r.body, r.bodyPos = body, r.pos
	}
	n, err := r.body.Read(p)
	r.pos += int64(n)
	r.bodyPos += int64(n)
	if err == io.EOF && r.pos < r.size {
		err = io.ErrUnexpectedEOF
	}
	return n, err
}

func (r *s3Reader) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += r.pos
	case io.SeekEnd:
		offset += r.size
	default:
		return 0, errors.New("uploads: bad whence")
	}
	if offset < 0 {
		return 0, errors.New("uploads: seek before the start")
	}
	r.pos = offset
	return offset, nil
}

func (r *s3Reader) Close() error {
	if r.body == nil {
		return nil
	}
	err := r.body.Close()
	r.body = nil
	return err
}
