package app

import (
	"context"
	"time"
)

// IdempotencyTTL is how long the answer to a request sent with an
// Idempotency-Key is kept: an app that was offline for a day still gets the
// first answer when it retries.
const IdempotencyTTL = 48 * time.Hour

// IdempotencyLease is how long a claim on a key without an answer holds
// before a retry may take it over and do the work: longer than any request
// takes (the server ends a request's writing after 2 minutes), so that only a
// request whose process died leaves a claim this old.
const IdempotencyLease = 5 * time.Minute

// StoredAnswer is what a key holds: the claim of the request doing the work
// and, once it is done, its answer.
type StoredAnswer struct {
	RequestHash []byte // what was asked, so a key reused for another request is caught
	Status      int    // 0 while the work is under way
	Body        []byte
	ClaimedBy   string // the request that claimed the key to do the work
}

// Answered says whether the work is done and its answer kept.
func (a *StoredAnswer) Answered() bool { return a.Status != 0 }

// IdempotencyStore keeps the claims and answers, per user and key.
type IdempotencyStore interface {
	// StoredAnswer finds what userID's key holds, an answer or a claim,
	// within IdempotencyTTL; nothing or older is not found.
	StoredAnswer(ctx context.Context, userID int64, key string) (*StoredAnswer, error)
	// ClaimKey claims userID's key for the request by, which asks what
	// hash says, unless the key holds an answer younger than IdempotencyTTL
	// or a claim younger than IdempotencyLease; it returns what the key
	// holds afterwards. The caller does the work only if that is its own
	// claim (ClaimedBy == by, not Answered): of racing calls exactly one
	// gets it.
	ClaimKey(ctx context.Context, userID int64, key string, hash []byte, by string) (*StoredAnswer, error)
	// KeepAnswer stores the answer (a.Status not 0) in by's claim of the
	// key; a claim taken over by another request keeps the other's.
	KeepAnswer(ctx context.Context, userID int64, key, by string, a *StoredAnswer) error
	// ReleaseClaim forgets by's claim of the key while it has no answer,
	// so that a retry does the work.
	ReleaseClaim(ctx context.Context, userID int64, key, by string) error
	// ForgetAnswersBefore deletes answers and claims older than t and
	// counts them.
	ForgetAnswersBefore(ctx context.Context, t time.Time) (int64, error)
}
