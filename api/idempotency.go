package api

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5/middleware"

	"rehome/app"
)

const idempotencyHeader = "Idempotency-Key"

// idempotent lets a client retry a request whose reply it never got: the
// app's offline outbox sends each booking, report, handover and message
// with an Idempotency-Key, and a repeat of a key answers with the answer of
// the request that did the work instead of doing it again. Keys belong to
// the signed-in user. The key is claimed before the work, so that of two
// requests with one key at once only one does it and the other waits for
// its answer. The claims and answers are kept through Config.Idempotency, a
// port of their own: why that is not the service's is in the package doc.
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

		by := claimant()
		held, err := s.awaitKey(r.Context(), user.ID, key, hash, by)
		switch {
		case err != nil:
			s.writeError(w, r, err)
		case !bytes.Equal(held.RequestHash, hash):
			s.writeError(w, r, app.Errorf(app.KindInvalid, "This Idempotency-Key was already used for another request"))
		case held.Abandoned:
			// 409, which the outbox settles: the work is done, and doing
			// it again is what the key is for preventing.
			s.writeError(w, r, app.Errorf(app.KindConflict, "This request was already done, but its answer was lost: reload to see it"))
		case held.Answered():
			w.Header().Set("Idempotent-Replayed", "true")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(held.Status)
			w.Write(held.Body) // #nosec G705 -- a JSON answer this server wrote, sent as application/json
		default:
			s.doClaimed(w, r, next, user.ID, key, hash, by)
		}
	})
}

// awaitKey claims the key for by, or waits while another request holds it
// without an answer: it returns the key's answer, another request's claim
// for another body, or by's own claim. A claim released (its work failed)
// or left by a process that died (older than app.IdempotencyLease) is taken
// over. Waiting longer than s.answerWait is answered 503 with Retry-After.
func (s *Server) awaitKey(ctx context.Context, userID int64, key string, hash []byte, by string) (*app.StoredAnswer, error) {
	deadline := time.Now().Add(s.answerWait)
	pause := 5 * time.Millisecond
	for {
		held, err := s.answers.ClaimKey(ctx, userID, key, hash, by)
		if app.ErrorKind(err) == app.KindNotFound {
			continue // released between the claim and the read: claim again
		}
		if err != nil || held.Answered() || held.Abandoned || held.ClaimedBy == by || !bytes.Equal(held.RequestHash, hash) {
			return held, err
		}
		if time.Now().Add(pause).After(deadline) {
			// 503, not the 409 others answer: the web app's outbox settles
			// an entry on a 4xx, and this one's work may never be done (its
			// claim's process may have died), so it must try again.
			return nil, &app.Error{Kind: app.KindUnavailable, Message: "This request is still being processed: try again in a moment",
				RetryAfterSeconds: 5}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(pause):
		}
		pause = min(2*pause, 250*time.Millisecond)
	}
}

// doClaimed does the work of a key by holds and keeps its answer, or, when
// the answer may change on a retry, releases the claim so that the retry
// does the work, unless a write of the work committed (the store keeps
// such a claim). Both happen even if the client went away meanwhile: the
// work may have been done all the same.
func (s *Server) doClaimed(w http.ResponseWriter, r *http.Request, next http.Handler, userID int64, key string, hash []byte, by string) {
	ctx := context.WithoutCancel(r.Context())
	kept := false
	defer func() {
		// Also when the handler panicked. A server error is taken to mean
		// the work's transaction did not commit, so a retry must do it.
		if !kept {
			if err := s.answers.ReleaseClaim(ctx, userID, key, by); err != nil {
				s.log.Error("release idempotency key", "err", err)
			}
		}
	}()
	ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
	var answer bytes.Buffer
	ww.Tee(&answer)
	// The store marks the claim worked in the transaction of each write of
	// the work (app.IdempotencyClaim).
	claim := app.IdempotencyClaim{UserID: userID, Key: key, By: by}
	next.ServeHTTP(ww, r.WithContext(app.WithIdempotencyClaim(r.Context(), claim)))
	if !final(ww.Status()) {
		return
	}
	kept = true
	err := s.answers.KeepAnswer(ctx, userID, key, by, &app.StoredAnswer{RequestHash: hash, Status: ww.Status(), Body: answer.Bytes()})
	if err != nil {
		// The work is done and answered; a retry within the lease is
		// told to wait, after it does the work again.
		s.log.Error("keep idempotent answer", "err", err)
	}
}

// claimant names one request's claim on a key.
func claimant() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
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
