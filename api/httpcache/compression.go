// Package httpcache is everything the server does with gzip and ETags:
// API answers gzipped on their way out (CompressJSON), bodies made once and
// sent many times with their ETag and gzipped form (KeptBody), and the
// public lists answered without the database (PublicLists). Budget: the
// signed-in category page's server CPU per request, and public lists
// answered without the database (docs/benchmarks.md).
package httpcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"
)

// chi's Compress middleware set up a level-5 gzip writer for every request,
// even for answers it then left alone, and compressed answers of any size.
// Measured on a page of 24 products (16 KB of JSON): the standard library's
// level 5 took 58 µs for 1.6 KB, its level 1 29 µs for 1.8 KB, and
// klauspost/compress's level 1 16 µs for 1.7 KB. Its stateless level takes
// the same time for a few bytes more, and its writer keeps 28 KB instead of
// 800 KB of tables and history: an answer is written in one call, so
// nothing is lost by not keeping them. So answers are gzipped with that,
// and only from 1 KB: a smaller answer fits in one packet anyway.
const (
	GzipLevel    = gzip.StatelessCompression
	minGzipBytes = 1024
)

// Buffers that grew past this are left to the garbage collector, so one
// large answer does not keep its memory in the pool.
const maxPooledBuffer = 256 << 10

var answerBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// gzipWriters holds one writer per core, each made on first use (the
// slots start nil). Compressing is work for a core, so more writers than
// cores would only wait for one anyway.
var gzipWriters = make(chan *gzip.Writer, runtime.GOMAXPROCS(0))

func init() {
	for range cap(gzipWriters) {
		gzipWriters <- nil
	}
}

// GetBuffer is an empty buffer from the pool; PutBuffer gives it back.
func GetBuffer() *bytes.Buffer {
	buf := answerBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	return buf
}

func PutBuffer(buf *bytes.Buffer) {
	if buf.Cap() <= maxPooledBuffer {
		answerBuffers.Put(buf)
	}
}

// gzipTo writes body gzipped to dst: at GzipLevel with a pooled writer for
// answers made per request, or at another level for bodies made once.
func gzipTo(dst io.Writer, body []byte, level int) {
	var zw *gzip.Writer
	if level == GzipLevel {
		zw = <-gzipWriters
		if zw == nil {
			zw, _ = gzip.NewWriterLevel(dst, level)
		} else {
			zw.Reset(dst)
		}
		defer func() { gzipWriters <- zw }()
	} else {
		zw, _ = gzip.NewWriterLevel(dst, level)
	}
	zw.Write(body)
	zw.Close()
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") && strings.ReplaceAll(params, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// etagMatches compares If-None-Match with an ETag the weak way, as RFC
// 9110 asks for If-None-Match.
func etagMatches(ifNoneMatch, etag string) bool {
	if ifNoneMatch == "" {
		return false
	}
	want := strings.TrimPrefix(etag, "W/")
	for _, candidate := range strings.Split(ifNoneMatch, ",") {
		candidate = strings.TrimSpace(candidate)
		if candidate == "*" || strings.TrimPrefix(candidate, "W/") == want {
			return true
		}
	}
	return false
}

// KeptBody is a body made once and sent many times, with its ETag and its
// gzipped form when that pays.
type KeptBody struct {
	body        []byte
	gzipped     []byte // nil when compression does not pay
	contentType string
	etag        string
}

// NewKeptBody gzips body at level when it is text of at least minGzipBytes
// that shrinks by a tenth or more.
func NewKeptBody(contentType, etag string, body []byte, level int) *KeptBody {
	k := &KeptBody{body: body, contentType: contentType, etag: etag}
	if compressible(contentType) && len(body) >= minGzipBytes {
		var buf bytes.Buffer
		gzipTo(&buf, body, level)
		if buf.Len() < len(body)*9/10 {
			k.gzipped = buf.Bytes()
		}
	}
	return k
}

// Body is the body as made, not gzipped.
func (k *KeptBody) Body() []byte { return k.body }

// ETagOf is a strong ETag made of the body itself.
func ETagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

func compressible(contentType string) bool {
	for _, prefix := range []string{"text/", "application/javascript", "application/json", "application/manifest+json", "image/svg+xml"} {
		if strings.HasPrefix(contentType, prefix) {
			return true
		}
	}
	return false
}

// Serve answers 304 Not Modified to a client that holds the body already,
// and otherwise sends it, gzipped when the client accepts that. The caller
// sets Cache-Control.
func (k *KeptBody) Serve(w http.ResponseWriter, r *http.Request) {
	if etagMatches(r.Header.Get("If-None-Match"), k.etag) {
		notModified(w, k.etag)
		return
	}
	h := w.Header()
	h.Set("ETag", k.etag)
	h.Add("Vary", "Accept-Encoding")
	h.Set("Content-Type", k.contentType)
	body := k.body
	if k.gzipped != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = k.gzipped
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body) // #nosec G705 -- a body this server encoded, with its own Content-Type
	}
}

func notModified(w http.ResponseWriter, etag string) {
	w.Header().Set("ETag", etag)
	w.Header().Add("Vary", "Accept-Encoding")
	w.WriteHeader(http.StatusNotModified)
}

// CompressJSON holds each answer until the handler returns, then sends it
// with its Content-Length, gzipped when it is JSON of at least minGzipBytes
// and the client accepts gzip. API answers are small (a page holds at most
// 100 products), and none is streamed. An answer the handler encoded itself
// (Content-Encoding set) goes out as it is.
func CompressJSON(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		buf := GetBuffer()
		defer PutBuffer(buf)
		held := &heldAnswer{ResponseWriter: w, body: buf}
		next.ServeHTTP(held, r)
		held.send(acceptsGzip(r))
	})
}

// heldAnswer is a ResponseWriter that keeps the status and body for send.
type heldAnswer struct {
	http.ResponseWriter
	status int
	body   *bytes.Buffer
}

func (h *heldAnswer) WriteHeader(status int) {
	if h.status == 0 {
		h.status = status
	}
}

func (h *heldAnswer) Write(p []byte) (int, error) {
	if h.status == 0 {
		h.status = http.StatusOK
	}
	return h.body.Write(p)
}

// Unwrap lets http.ResponseController reach the connection.
func (h *heldAnswer) Unwrap() http.ResponseWriter { return h.ResponseWriter }

func (h *heldAnswer) send(gzipOK bool) {
	if h.status == 0 {
		h.status = http.StatusOK
	}
	header := h.Header()
	json := strings.HasPrefix(header.Get("Content-Type"), "application/json")
	if json && !slices.Contains(header.Values("Vary"), "Accept-Encoding") {
		header.Add("Vary", "Accept-Encoding")
	}
	body := h.body.Bytes()
	if json && gzipOK && len(body) >= minGzipBytes && header.Get("Content-Encoding") == "" {
		zipped := GetBuffer()
		defer PutBuffer(zipped)
		gzipTo(zipped, body, GzipLevel)
		header.Set("Content-Encoding", "gzip")
		body = zipped.Bytes()
	}
	if bodyAllowed(h.status) {
		header.Set("Content-Length", strconv.Itoa(len(body)))
	}
	h.ResponseWriter.WriteHeader(h.status)
	if bodyAllowed(h.status) {
		h.ResponseWriter.Write(body)
	}
}

func bodyAllowed(status int) bool {
	return status >= 200 && status != http.StatusNoContent && status != http.StatusNotModified
}
