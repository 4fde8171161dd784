package api

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"rehome/app"
)

// Go's JSON decoder and url.ParseQuery turn bytes that are not UTF-8 into
// U+FFFD or pass them on as they are, so a client's broken encoding would
// surface later as a misleading length or format message, or be stored
// mangled. It is refused once, here, for every handler.
//
// NUL (U+0000) is UTF-8, but no text of the marketplace holds it, and
// PostgreSQL's text cannot: a NUL in a path, a query or a JSON string
// would reach the store and fail there as an internal error. It is
// refused here too, the same on either store.

func notUTF8() error { return app.Errorf(app.KindMalformed, "Not valid UTF-8") }

func nulText() error {
	return app.Errorf(app.KindMalformed, "Not valid text: it holds a NUL character")
}

// refuseNUL refuses a request whose path, percent-decoded, holds a NUL,
// before any route reads it: the web app's pages read names in their paths
// too (share.go). The API's query strings are checked with the rest of
// their text (validQuery).
func (s *Server) refuseNUL(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.ContainsRune(r.URL.Path, 0) {
			s.writeError(w, r, nulText())
			return
		}
		next.ServeHTTP(w, r)
	})
}

// validQuery refuses a request whose query string, percent-decoded, is
// not UTF-8 or holds a NUL in its names or values.
func (s *Server) validQuery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery != "" {
			if err := checkValues(r.URL.Query()); err != nil {
				s.writeError(w, r, err)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// checkValues refuses names or values that are not UTF-8 or hold a NUL.
func checkValues(values url.Values) error {
	for name, vs := range values {
		if err := checkText(name); err != nil {
			return err
		}
		for _, v := range vs {
			if err := checkText(v); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkText(s string) error {
	switch {
	case !utf8.ValidString(s):
		return notUTF8()
	case strings.ContainsRune(s, 0):
		return nulText()
	}
	return nil
}

// checkJSONText refuses a JSON text that is not UTF-8, whose \u escapes
// do not name characters (a lone surrogate escape, \ud800 without its
// pair, is read as U+FFFD by Go's decoder just as a stray byte is), or
// that holds a NUL, escaped (\u0000) or not.
func checkJSONText(data []byte) error {
	if !utf8.Valid(data) {
		return notUTF8()
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return nulText()
	}
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		i++ // the escaped byte; an escaped backslash is skipped whole
		if i >= len(data) || data[i] != 'u' {
			continue
		}
		r, ok := hex4(data[i+1:])
		if !ok {
			continue // not JSON; the decoder says so
		}
		i += 4
		switch {
		case r == 0:
			return nulText()
		case r >= 0xdc00 && r <= 0xdfff:
			return notUTF8()
		case r >= 0xd800 && r <= 0xdbff:
			if i+6 >= len(data) || data[i+1] != '\\' || data[i+2] != 'u' {
				return notUTF8()
			}
			low, ok := hex4(data[i+3:])
			if !ok || low < 0xdc00 || low > 0xdfff {
				return notUTF8()
			}
			i += 6
		}
	}
	return nil
}

// hex4 reads the four hex digits at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}
