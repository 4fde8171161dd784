package api

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5/middleware"

	"rehome/app"
)

const idempotencyHeader = "Idempotency-Key"

// idempotent lets a client retry a request whose reply it never got: the
// app's offline outbox sends each booking and report with an
// Idempotency-Key, and a repeat of a key answers with the first answer
// instead of doing the work again. Keys belong to the signed-in user. The
// answers are kept through Config.Idempotency, a port of their own: why
// that is not the service's is in the package doc.
func (s *Server) idempotent(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key, user := r.Header.Get(idempotencyHeader), actor(r)
		if key == "" || user == nil || s.answers == nil {
			next.ServeHTTP(w, r)
			return
		}
		if !validIdempotencyKey(key) {
			s.writeError(w, r, app.Errorf(app.KindMalformed, "Idempotency-Key must be 1 to 255 visible ASCII characters"))
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxJSONBytes))
		if err != nil {
			s.writeError(w, r, jsonError(err))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		hash := requestHash(r, body)

		stored, err := s.answers.StoredAnswer(r.Context(), user.ID, key)
		switch {
		case err == nil && !bytes.Equal(stored.RequestHash, hash):
			s.writeError(w, r, app.Errorf(app.KindInvalid, "This Idempotency-Key was already used for another request"))
			return
		case err == nil:
			w.Header().Set("Idempotent-Replayed", "true")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(stored.Status)
			w.Write(stored.Body) // #nosec G705 -- a JSON answer this server wrote, sent as application/json
			return
		case app.ErrorKind(err) != app.KindNotFound:
			s.writeError(w, r, err)
			return
		}

		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		var answer bytes.Buffer
		ww.Tee(&answer)
		next.ServeHTTP(ww, r)
		if !final(ww.Status()) {
			return
		}
		err = s.answers.KeepAnswer(r.Context(), user.ID, key, &app.StoredAnswer{RequestHash: hash, Status: ww.Status(), Body: answer.Bytes()})
		if err != nil && !errors.Is(err, r.Context().Err()) {
			// The work is done and answered; only a retry would repeat it.
			s.log.Error("keep idempotent answer", "err", err)
		}
	})
}

// final says whether an answer settles the request. Server errors, sign-in
// problems and rate limits may go away, so a retry should try again.
func final(status int) bool {
	switch {
	case status >= 500, status == http.StatusUnauthorized, status == http.StatusTooManyRequests:
		return false
	}
	return status >= 200
}

func requestHash(r *http.Request, body []byte) []byte {
	h := sha256.New()
	io.WriteString(h, r.Method+" "+r.URL.Path+" "+strconv.Itoa(len(body))+"\n")
	h.Write(body)
	return h.Sum(nil)
}

func validIdempotencyKey(key string) bool {
	if len(key) == 0 || len(key) > 255 {
		return false
	}
	for i := 0; i < len(key); i++ {
		if key[i] < 0x21 || key[i] > 0x7e {
			return false
		}
	}
	return true
}
