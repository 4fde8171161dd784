package app

import (
	"context"
	"time"
)

// IdempotencyTTL is how long the answer to a request sent with an
// Idempotency-Key is kept: an app that was offline for a day still gets the
// first answer when it retries.
const IdempotencyTTL = 48 * time.Hour

// StoredAnswer is the first answer to an idempotent request.
type StoredAnswer struct {
	RequestHash []byte // what was asked, so a key reused for another request is caught
	Status      int
	Body        []byte
}

// IdempotencyStore keeps the answers, per user and key.
type IdempotencyStore interface {
	// StoredAnswer finds the answer kept for userID's key within
	// IdempotencyTTL; one older or never kept is not found.
	StoredAnswer(ctx context.Context, userID int64, key string) (*StoredAnswer, error)
	// KeepAnswer stores the answer; a key already taken keeps its first
	// answer (an insert that does nothing on the key's conflict: of racing
	// calls the first to commit is kept, and none fails).
	KeepAnswer(ctx context.Context, userID int64, key string, a *StoredAnswer) error
	// ForgetAnswersBefore deletes answers older than t and counts them.
	ForgetAnswersBefore(ctx context.Context, t time.Time) (int64, error)
}
