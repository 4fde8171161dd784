package api

import (
	"net/http"
	"net/url"
	"unicode/utf8"

	"rehome/app"
)

// Go's JSON decoder and url.ParseQuery turn bytes that are not UTF-8 into
// U+FFFD or pass them on as they are, so a client's broken encoding would
// surface later as a misleading length or format message, or be stored
// mangled. It is refused once, here, for every handler.

func notUTF8() error { return app.Errorf(app.KindMalformed, "Not valid UTF-8") }

// validQuery refuses a request whose query string, percent-decoded, is
// not UTF-8 in its names or values.
func (s *Server) validQuery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery != "" && !utf8Values(r.URL.Query()) {
			s.writeError(w, r, notUTF8())
			return
		}
		next.ServeHTTP(w, r)
	})
}

func utf8Values(values url.Values) bool {
	for name, vs := range values {
		if !utf8.ValidString(name) {
			return false
		}
		for _, v := range vs {
			if !utf8.ValidString(v) {
				return false
			}
		}
	}
	return true
}

// utf8JSON reports whether a JSON text is UTF-8 and its \u escapes name
// characters: a lone surrogate escape (\ud800 without its pair) is read as
// U+FFFD by Go's decoder just as a stray byte is.
func utf8JSON(data []byte) bool {
	if !utf8.Valid(data) {
		return false
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
		case r >= 0xdc00 && r <= 0xdfff:
			return false
		case r >= 0xd800 && r <= 0xdbff:
			if i+6 >= len(data) || data[i+1] != '\\' || data[i+2] != 'u' {
				return false
			}
			low, ok := hex4(data[i+3:])
			if !ok || low < 0xdc00 || low > 0xdfff {
				return false
			}
			i += 6
		}
	}
	return true
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
