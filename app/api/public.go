package api

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// publicLists answers the lists every visitor loads, the categories and the
// advertised products, without reading the database while nothing changed:
// each answer carries an ETag made of the catalogue's version (see
// app.Service.CatalogueVersion), a browser asking again with If-None-Match
// gets 304 Not Modified, and other requests get the JSON kept from the last
// time, already gzipped.
type publicLists struct {
	// boot tells this process's versions from an earlier one's, which
	// counted from zero too.
	boot string

	mu      sync.Mutex
	answers map[string]*publicAnswer // by list and page
}

type publicAnswer struct {
	version uint64
	body    []byte
	gzipped []byte // nil when the body is too small to be worth it
}

// Different pages of the advertised list a client may ask for; past this,
// the kept answers are dropped and kept again as they are asked for.
const maxPublicAnswers = 64

func newPublicLists() *publicLists {
	var b [6]byte
	rand.Read(b[:])
	return &publicLists{boot: hex.EncodeToString(b[:]), answers: map[string]*publicAnswer{}}
}

// serve answers the public list key (which names the list and its page)
// at version, reading it with read only when it is not kept already.
func (p *publicLists) serve(w http.ResponseWriter, r *http.Request, version uint64, key string,
	read func(context.Context) (any, error)) error {
	etag := `W/"` + p.boot + "-" + strconv.FormatUint(version, 10) + `"`
	h := w.Header()
	h.Set("ETag", etag)
	// Browsers keep the answer and ask each time whether it is still good.
	h.Set("Cache-Control", "no-cache")
	h.Add("Vary", "Accept-Encoding")
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	answer := p.kept(key, version)
	if answer == nil {
		value, err := read(r.Context())
		if err != nil {
			return err
		}
		var body bytes.Buffer
		if err := encodeJSON(&body, value); err != nil {
			return err
		}
		answer = &publicAnswer{version: version, body: body.Bytes()}
		if body.Len() >= minGzipBytes {
			answer.gzipped = gzipped(answer.body)
		}
		p.keep(key, answer)
	}
	h.Set("Content-Type", "application/json")
	body := answer.body
	if answer.gzipped != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = answer.gzipped
	}
	w.WriteHeader(http.StatusOK)
	w.Write(body)
	return nil
}

func (p *publicLists) kept(key string, version uint64) *publicAnswer {
	p.mu.Lock()
	defer p.mu.Unlock()
	if a := p.answers[key]; a != nil && a.version == version {
		return a
	}
	return nil
}

// keep keeps an answer unless a newer one is kept already. The version
// was read before the list, so an answer is never kept under a version
// newer than what it shows.
func (p *publicLists) keep(key string, a *publicAnswer) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if old := p.answers[key]; old != nil && old.version > a.version {
		return
	}
	if _, ok := p.answers[key]; !ok && len(p.answers) >= maxPublicAnswers {
		clear(p.answers)
	}
	p.answers[key] = a
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
