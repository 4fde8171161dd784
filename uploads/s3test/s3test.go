// Package s3test runs an S3-compatible object store in the test's own
// process, for tests of pictures kept in a bucket.
package s3test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// Bucket is the name of the bucket Server makes.
const Bucket = "rehome-test"

// Server starts an in-memory S3 server with one empty bucket, stopped when
// the test ends, and returns the s3:// URL of that bucket, as
// uploads.OpenS3 and the --s3-url flag take it. The server takes any keys.
func Server(t testing.TB) (rawURL string) {
	t.Helper()
	return ServerWith(t, nil)
}

// ServerWith is Server with every request going through wrap first (nil
// for none), so that a test can have the store refuse or fail requests.
func ServerWith(t testing.TB, wrap func(http.Handler) http.Handler) (rawURL string) {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(Bucket); err != nil {
		t.Fatalf("s3test: create bucket: %v", err)
	}
	h := gofakes3.New(backend).Server()
	if wrap != nil {
		h = wrap(h)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	u := url.URL{
		Scheme: "s3",
		// A secret with characters that must be percent-encoded, so that
		// every test goes through that decoding.
		User:     url.UserPassword("test-access", "test/secret+key"),
		Host:     srv.Listener.Addr().String(),
		Path:     "/" + Bucket,
		RawQuery: "region=us-east-1&tls=false",
	}
	return u.String()
}
