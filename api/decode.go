package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"rehome/app"
)

// Body limits: JSON bodies are small; a multipart form carries one image of
// at most app.MaxImageBytes plus a few text fields.
const (
	maxJSONBytes      = 64 << 10
	maxMultipartBytes = app.MaxImageBytes + 1<<20
	multipartInMemory = 1 << 20
)

func asError(err error, target **app.Error) bool { return errors.As(err, target) }

// decodeJSON reads exactly one JSON object into dst, refusing unknown fields,
// trailing data and oversized bodies.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	return decodeJSONUpTo(w, r, dst, maxJSONBytes)
}

// decodeJSONUpTo is decodeJSON for the few bodies that may be longer.
func decodeJSONUpTo(w http.ResponseWriter, r *http.Request, dst any, limit int64) error {
	if mediaType(r) != "application/json" {
		return app.Errorf(app.KindUnsupported, "Send the request body as application/json")
	}
	return decodeJSONBody(http.MaxBytesReader(w, r.Body, limit), dst)
}

func decodeJSONBody(body io.Reader, dst any) error {
	data, err := io.ReadAll(body)
	if err != nil {
		return jsonError(err)
	}
	if err := checkJSONText(data); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return jsonError(err)
	}
	if dec.More() {
		return app.Errorf(app.KindMalformed, "The request body must hold a single JSON object")
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return app.Errorf(app.KindMalformed, "The request body must hold a single JSON object")
	}
	return nil
}

// jsonError explains a decoding failure without echoing internals.
func jsonError(err error) error {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return app.Errorf(app.KindTooLarge, "The request body is larger than %d bytes", tooLarge.Limit)
	case errors.Is(err, io.EOF):
		return app.Errorf(app.KindMalformed, "The request body is empty")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return app.Errorf(app.KindMalformed, "The request body is not complete JSON")
	case errors.As(err, &syntax):
		return app.Errorf(app.KindMalformed, "The request body is not valid JSON (at byte %d)", syntax.Offset)
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return &app.Error{Kind: app.KindMalformed, Message: fmt.Sprintf("Field %q has the wrong type", typeErr.Field),
			Fields: map[string]string{typeErr.Field: "Wrong type"}}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return &app.Error{Kind: app.KindMalformed, Message: fmt.Sprintf("Unknown field %q", field),
			Fields: map[string]string{field: "Unknown field"}}
	default:
		return app.Errorf(app.KindMalformed, "The request body is not valid JSON")
	}
}

func mediaType(r *http.Request) string {
	t, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return ""
	}
	return t
}

// parseMultipart reads a multipart form; files beyond a megabyte wait on disk
// rather than in memory, and the server removes them after the request.
func parseMultipart(w http.ResponseWriter, r *http.Request) error {
	if mediaType(r) != "multipart/form-data" {
		return app.Errorf(app.KindUnsupported, "Send the form as multipart/form-data")
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxMultipartBytes)
	// #nosec G120 -- the body is limited just above; larger files wait on disk
	if err := r.ParseMultipartForm(multipartInMemory); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return app.Errorf(app.KindTooLarge, "The upload is larger than 10 MB")
		}
		return app.Errorf(app.KindMalformed, "The form could not be read")
	}
	if err := checkValues(r.MultipartForm.Value); err != nil {
		r.MultipartForm.RemoveAll()
		return err
	}
	return nil
}

// formImage reads a multipart form and opens its image field, or returns
// nil when the form has none. Closing the image removes the form's files
// that waited on disk.
func formImage(w http.ResponseWriter, r *http.Request) (io.ReadCloser, error) {
	if err := parseMultipart(w, r); err != nil {
		return nil, err
	}
	f, _, err := r.FormFile("image")
	if err != nil {
		r.MultipartForm.RemoveAll()
		if errors.Is(err, http.ErrMissingFile) {
			return nil, nil
		}
		return nil, app.Errorf(app.KindMalformed, "The image file could not be read")
	}
	return uploadedFile{File: f, form: r.MultipartForm}, nil
}

// uploadedFile is the image of a parsed form. The server removes a form's
// temporary files only for the request it handed to the router, not for the
// copies middleware makes, so closing the image removes them.
type uploadedFile struct {
	multipart.File
	form *multipart.Form
}

func (f uploadedFile) Close() error { return errors.Join(f.File.Close(), f.form.RemoveAll()) }

// pageOf reads limit and offset from the query string.
func pageOf(r *http.Request) (app.Page, error) { return pageUpTo(r, app.MaxPageLimit) }

// pageUpTo is pageOf for a list whose pages hold at most most items. A
// longer limit is refused, not cut: a client stepping its offset by the
// limit it sent would skip what a shorter page left out.
func pageUpTo(r *http.Request, most int) (app.Page, error) {
	var page app.Page
	query := r.URL.Query()
	for _, param := range []struct {
		name string
		dst  *int
	}{{"limit", &page.Limit}, {"offset", &page.Offset}} {
		name, dst := param.name, param.dst
		raw := query.Get(name)
		if raw == "" {
			continue
		}
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 {
			return page, &app.Error{Kind: app.KindMalformed, Message: fmt.Sprintf("%s must be a whole number of at least 0", name),
				Fields: map[string]string{name: "Must be a whole number of at least 0"}}
		}
		*dst = n
	}
	var v app.Validator
	v.Check(page.Limit <= most, "limit", "Use a number from 0 to "+strconv.Itoa(most))
	return page, v.Err()
}

// pathParam is a path parameter with its percent-escapes decoded: chi
// matches on the raw path when the URL has escapes, and leaves them in.
func pathParam(r *http.Request, name string) string {
	raw := chi.URLParam(r, name)
	value, err := url.PathUnescape(raw)
	if err != nil {
		return raw
	}
	return value
}

// idParam reads a numeric path parameter; anything else cannot name a row.
func idParam(raw string) (int64, error) {
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return 0, app.Errorf(app.KindNotFound, "Not found")
	}
	return id, nil
}
