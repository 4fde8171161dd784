package httpcache

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
)

func TestCompressJSON(t *testing.T) {
	big := `{"items":"` + strings.Repeat("sofa ", 400) + `"}`
	small := `{"items":[]}`
	cases := []struct {
		name        string
		contentType string
		encoding    string // set by the handler
		status      int
		body        string
		accept      string
		gzipped     bool
	}{
		{"large JSON for a gzip client", "application/json", "", 200, big, "gzip, deflate, br", true},
		{"large JSON, gzip with a quality", "application/json", "", 201, big, "br;q=1, gzip;q=0.5", true},
		{"large JSON, gzip refused", "application/json", "", 200, big, "gzip;q=0", false},
		{"large JSON for a client without gzip", "application/json", "", 200, big, "", false},
		{"small JSON", "application/json", "", 200, small, "gzip", false},
		{"just under a kilobyte", "application/json", "", 200, strings.Repeat("a", minGzipBytes-1), "gzip", false},
		{"exactly a kilobyte", "application/json", "", 200, strings.Repeat("a", minGzipBytes), "gzip", true},
		{"not JSON", "text/plain", "", 200, big, "gzip", false},
		{"encoded by the handler", "application/json", "gzip", 200, "already gzipped bytes", "gzip", false},
		{"error answer", "application/json", "", 422, big, "gzip", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := CompressJSON(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.contentType)
				if tc.encoding != "" {
					w.Header().Set("Content-Encoding", tc.encoding)
				}
				w.WriteHeader(tc.status)
				io.WriteString(w, tc.body[:len(tc.body)/2])
				io.WriteString(w, tc.body[len(tc.body)/2:])
			}))
			req := httptest.NewRequest("GET", "/api/x", nil)
			if tc.accept != "" {
				req.Header.Set("Accept-Encoding", tc.accept)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Errorf("status %d, want %d", rec.Code, tc.status)
			}
			if got := rec.Header().Get("Content-Length"); got != strconv.Itoa(rec.Body.Len()) {
				t.Errorf("Content-Length %s for %d bytes", got, rec.Body.Len())
			}
			body := rec.Body.Bytes()
			if gz := rec.Header().Get("Content-Encoding") == "gzip" && tc.encoding == ""; gz != tc.gzipped {
				t.Fatalf("gzipped %v, want %v", gz, tc.gzipped)
			}
			if tc.gzipped {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if body, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
			}
			if string(body) != tc.body {
				t.Errorf("body %.60q…, want %.60q…", body, tc.body)
			}
			if vary := rec.Header().Values("Vary"); tc.contentType == "application/json" && !strings.Contains(strings.Join(vary, ","), "Accept-Encoding") {
				t.Errorf("Vary %q, want Accept-Encoding", vary)
			}
		})
	}
}

func TestCompressJSONWithoutBody(t *testing.T) {
	for _, status := range []int{http.StatusNoContent, http.StatusNotModified} {
		h := CompressJSON(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
		}))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/x", nil))
		if rec.Code != status || rec.Body.Len() != 0 || rec.Header().Get("Content-Length") != "" {
			t.Errorf("%d: got status %d, %d bytes, Content-Length %q", status, rec.Code, rec.Body.Len(), rec.Header().Get("Content-Length"))
		}
	}
	// A handler that writes nothing answers 200 with an empty body.
	rec := httptest.NewRecorder()
	CompressJSON(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Length") != "0" {
		t.Errorf("empty handler: status %d, Content-Length %q", rec.Code, rec.Header().Get("Content-Length"))
	}
}

// TestCompressJSONConcurrently compresses many more answers at once than
// there are writers: each waits its turn and gets its own body back whole.
func TestCompressJSONConcurrently(t *testing.T) {
	const answers = 64
	var wg sync.WaitGroup
	errs := make(chan error, answers)
	for i := range answers {
		body := `{"items":"` + strings.Repeat("chair "+strconv.Itoa(i)+" ", 300) + `"}`
		h := CompressJSON(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, body)
		}))
		wg.Go(func() {
			req := httptest.NewRequest("GET", "/api/x", nil)
			req.Header.Set("Accept-Encoding", "gzip")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				errs <- err
				return
			}
			got, err := io.ReadAll(zr)
			if err == nil && string(got) != body {
				err = fmt.Errorf("answer %d came back as %.40q…", i, got)
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if len(gzipWriters) != cap(gzipWriters) {
		t.Errorf("%d of %d writers came back", len(gzipWriters), cap(gzipWriters))
	}
}
