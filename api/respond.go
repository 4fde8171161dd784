package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"rehome/api/httpcache"
	"rehome/api/wire"
	"rehome/app"
	"rehome/translations"
)

// statusOf is the one place where error kinds become HTTP statuses.
var statusOf = map[app.Kind]int{
	app.KindMalformed:    http.StatusBadRequest,
	app.KindUnauthorized: http.StatusUnauthorized,
	app.KindForbidden:    http.StatusForbidden,
	app.KindNotFound:     http.StatusNotFound,
	app.KindConflict:     http.StatusConflict,
	app.KindTooLarge:     http.StatusRequestEntityTooLarge,
	app.KindUnsupported:  http.StatusUnsupportedMediaType,
	app.KindInvalid:      http.StatusUnprocessableEntity,
	app.KindRateLimited:  http.StatusTooManyRequests,
	app.KindUnavailable:  http.StatusServiceUnavailable,
	app.KindInternal:     http.StatusInternalServerError,
}

type errorBody struct {
	Error  string            `json:"error"`
	Fields map[string]string `json:"fields,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	buf := httpcache.GetBuffer()
	defer httpcache.PutBuffer(buf)
	if err := wire.Encode(buf, body); err != nil {
		slog.Debug("write response", "err", err)
		return
	}
	w.Write(buf.Bytes())
}

// handlerFunc is a handler's shape: it answers, or returns the error that
// handle answers with. It writes nothing before an error it returns.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// handle is the one place a handler's error is answered, as pocketbase's
// handlers return theirs to one place.
func (s *Server) handle(h handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	}
}

// writeError answers with err's kind and message. Internal errors are logged
// with their detail and shown only as 'Internal error'.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	kind := app.ErrorKind(err)
	status, ok := statusOf[kind]
	if !ok {
		status = http.StatusInternalServerError
	}
	switch status {
	case http.StatusInternalServerError:
		s.log.Error("internal error", "method", r.Method, "path", r.URL.Path, "err", err)
	case http.StatusServiceUnavailable:
		if errors.Is(err, app.ErrUnreachable) {
			break // the store logs once that it is down, not each request
		}
		if errors.Is(err, app.ErrBusy) {
			s.log.Warn("the database was busy", "method", r.Method, "path", r.URL.Path, "err", err)
			break
		}
		s.log.Warn("a write was refused", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	var e *app.Error
	if asError(err, &e) && e.RetryAfterSeconds > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfterSeconds))
	}
	asking := r
	if errors.Is(err, app.ErrBusy) {
		// The database has just kept this request waiting as long as it
		// may: asking it for the marketplace's language would wait as long
		// again. Unasked, it is the server's, as while the database is down.
		unasked, cancel := context.WithCancel(r.Context())
		cancel()
		asking = r.WithContext(unasked)
	}
	language := s.language(asking)
	body := errorBody{Error: translations.Translate(language, app.ErrorMessage(err))}
	if fields := app.ErrorFields(err); len(fields) > 0 {
		body.Fields = make(map[string]string, len(fields))
		for field, message := range fields {
			body.Fields[field] = translations.Translate(language, message)
		}
	}
	w.Header().Add("Vary", "Accept-Language")
	writeJSON(w, status, body)
}

// language is the one a request is answered in: the person's choice, else
// their browser's (Accept-Language) where the marketplace speaks it, else
// the marketplace's.
func (s *Server) language(r *http.Request) app.Language {
	var chosen app.Language
	if u := actor(r); u != nil {
		chosen = u.Language
	}
	if chosen.Known() {
		return chosen
	}
	return translations.Negotiate(chosen, r.Header.Get("Accept-Language"), s.settings.Language(r.Context()))
}
