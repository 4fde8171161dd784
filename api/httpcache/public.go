package httpcache

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"sync"
)

// PublicLists answers the lists every visitor loads, the categories and the
// advertised products, without reading the database while nothing changed:
// each answer carries an ETag made of the catalogue's version (see
// api.Config.CatalogueVersion), a browser asking again with If-None-Match
// gets 304 Not Modified, and other requests get the JSON kept from the last
// time, already gzipped. Budget: public lists answered with an ETag, 304
// without touching the database (docs/benchmarks.md).
type PublicLists struct {
	// encode writes a list as the API sends it.
	encode func(*bytes.Buffer, any) error

	mu      sync.Mutex
	answers map[string]*publicAnswer // by list and page
}

type publicAnswer struct {
	version uint64
	value   any // what the body was made of
	*KeptBody
}

// Different pages of the advertised list a client may ask for; past this,
// the kept answers are dropped and kept again as they are asked for.
const maxPublicAnswers = 64

// NewPublicLists keeps lists as encode writes them. The versions it is
// given name the catalogue's state across restarts (the store starts its
// count at random), so they serve as ETags unchanged.
func NewPublicLists(encode func(*bytes.Buffer, any) error) *PublicLists {
	return &PublicLists{encode: encode, answers: map[string]*publicAnswer{}}
}

// Serve answers the public list key (which names the list and its page)
// at version, reading it with read only when it is not kept already.
func (p *PublicLists) Serve(w http.ResponseWriter, r *http.Request, version uint64, key string,
	read func(context.Context) (any, error)) error {
	etag := p.etag(version)
	// Browsers keep the answer and ask each time whether it is still good.
	w.Header().Set("Cache-Control", "no-cache")
	answer := p.kept(key, version)
	if answer == nil {
		if etagMatches(r.Header.Get("If-None-Match"), etag) {
			notModified(w, etag) // without reading what the client holds
			return nil
		}
		var err error
		if answer, err = p.read(r.Context(), version, key, read); err != nil {
			return err
		}
	}
	answer.Serve(w, r)
	return nil
}

func (p *PublicLists) etag(version uint64) string {
	return `W/"` + strconv.FormatUint(version, 10) + `"`
}

// Value is the list kept for key at version, read and kept if it is not.
// The caller must not change it.
func (p *PublicLists) Value(ctx context.Context, version uint64, key string,
	read func(context.Context) (any, error)) (any, error) {
	if answer := p.kept(key, version); answer != nil {
		return answer.value, nil
	}
	answer, err := p.read(ctx, version, key, read)
	if err != nil {
		return nil, err
	}
	return answer.value, nil
}

func (p *PublicLists) read(ctx context.Context, version uint64, key string,
	read func(context.Context) (any, error)) (*publicAnswer, error) {
	value, err := read(ctx)
	if err != nil {
		return nil, err
	}
	var body bytes.Buffer
	if err := p.encode(&body, value); err != nil {
		return nil, err
	}
	answer := &publicAnswer{version: version, value: value,
		KeptBody: NewKeptBody("application/json", p.etag(version), body.Bytes(), GzipLevel)}
	p.keep(key, answer)
	return answer, nil
}

func (p *PublicLists) kept(key string, version uint64) *publicAnswer {
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
func (p *PublicLists) keep(key string, a *publicAnswer) {
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
