package httpcache

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

func encode(buf *bytes.Buffer, v any) error { return json.NewEncoder(buf).Encode(v) }

// TestPublicListsReadOncePerVersion: a list is read once for each
// version, a client holding it is answered 304 without a read, and an
// answer read at an older version never replaces a newer one.
func TestPublicListsReadOncePerVersion(t *testing.T) {
	p := NewPublicLists(encode)
	reads := 0
	read := func(version uint64) func(context.Context) (any, error) {
		return func(context.Context) (any, error) { reads++; return []uint64{version}, nil }
	}
	get := func(version uint64, ifNoneMatch string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/api/categories", nil)
		if ifNoneMatch != "" {
			req.Header.Set("If-None-Match", ifNoneMatch)
		}
		rec := httptest.NewRecorder()
		if err := p.Serve(rec, req, version, "categories", read(version)); err != nil {
			t.Fatal(err)
		}
		return rec
	}
	steps := []struct {
		name        string
		version     uint64
		ifNoneMatch func(etag string) string
		wantStatus  int
		wantReads   int
		wantBody    string
	}{
		{"the first request reads", 1, func(string) string { return "" }, 200, 1, "[1]\n"},
		{"the next is kept", 1, func(string) string { return "" }, 200, 1, "[1]\n"},
		{"a client holding it gets 304", 1, func(etag string) string { return etag }, 304, 1, ""},
		{"a new version reads again", 2, func(string) string { return "" }, 200, 2, "[2]\n"},
		{"the old ETag no longer matches", 2, func(etag string) string { return `W/"old"` }, 200, 2, "[2]\n"},
	}
	etag := ""
	for _, step := range steps {
		rec := get(step.version, step.ifNoneMatch(etag))
		if rec.Code != step.wantStatus || reads != step.wantReads || rec.Body.String() != step.wantBody {
			t.Fatalf("%s: status %d, %d reads, body %q", step.name, rec.Code, reads, rec.Body.String())
		}
		etag = rec.Header().Get("ETag")
	}
	// A read that began before the write, ending after it, keeps nothing.
	p.keep("categories", &publicAnswer{version: 1, value: []uint64{1}})
	if v, err := p.Value(context.Background(), 2, "categories", read(2)); err != nil || reads != 2 || v.([]uint64)[0] != 2 {
		t.Errorf("after an older answer came in: %v, %v, %d reads", v, err, reads)
	}
}
