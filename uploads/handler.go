package uploads

import (
	"encoding/json"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"

	"rehome/app"
)

// servedName matches exactly the names Save issues. Anything else (paths,
// dot files, temporary files, directory listings) is simply not found.
var servedName = regexp.MustCompile(`^[0-9a-f]{32}(?:-thumb)?\.(jpg|png)$`)

var contentTypes = map[string]string{"jpg": "image/jpeg", "png": "image/png"}

// Handler serves the stored images by file name; mount it with
// http.StripPrefix(URLPrefix, store.Handler()).
func (s *Store) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Path
		m := servedName.FindStringSubmatch(name)
		if m == nil {
			http.NotFound(w, r)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		f, err := s.files.open(r.Context(), name)
		if errors.Is(err, fs.ErrNotExist) {
			http.NotFound(w, r)
			return
		}
		var e *app.Error
		if errors.As(err, &e) && errors.Is(err, app.ErrUnreachable) {
			// Logged once by the store, not for every picture of a page.
			w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfterSeconds))
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusServiceUnavailable)
			json.NewEncoder(w).Encode(map[string]string{"error": e.Message})
			return
		}
		if err != nil {
			if r.Context().Err() == nil {
				slog.ErrorContext(r.Context(), "cannot read a stored image", "name", name, "err", err)
			}
			http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
			return
		}
		defer f.Close()
		h := w.Header()
		h.Set("Content-Type", contentTypes[m[1]])
		// A name is never reused for other content, so caches may keep it.
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("ETag", `"`+name+`"`)
		// Browsers must treat the bytes as the image type we say, and even
		// opened directly the response may run nothing.
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", "default-src 'none'")
		http.ServeContent(w, r, name, f.modTime, f)
	})
}
