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
	// Abandoned is a claim whose work committed (see IdempotencyClaim)
	// but whose request never kept its answer, and is older than the
	// lease: its process died between the two. The work is done; its
	// answer is lost, and no retry does the work again.
	Abandoned bool
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

// IdempotencyClaim is a request's claim on its key while it does the
// work. It rides in the request's context to the store, which marks the
// claim worked in the transaction of each write it makes (and refuses the
// write when the claim is no longer this request's): a retry after the
// process died then finds either the work not done, and does it, or done
// (StoredAnswer.Abandoned), and does not do it again.
type IdempotencyClaim struct {
	UserID  int64
	Key, By string
}

type claimKey struct{}

// WithIdempotencyClaim is ctx carrying the request's claim.
func WithIdempotencyClaim(ctx context.Context, c IdempotencyClaim) context.Context {
	return context.WithValue(ctx, claimKey{}, c)
}

// IdempotencyClaimOf is the claim ctx carries, if any.
func IdempotencyClaimOf(ctx context.Context) (IdempotencyClaim, bool) {
	c, ok := ctx.Value(claimKey{}).(IdempotencyClaim)
	return c, ok
}

// WithoutIdempotencyClaim is ctx without a claim, for a write that is not
// the request's work (a rate limit's count): it must not mark the key's
// work done.
func WithoutIdempotencyClaim(ctx context.Context) context.Context {
	if _, ok := IdempotencyClaimOf(ctx); !ok {
		return ctx
	}
	return context.WithValue(ctx, claimKey{}, nil)
}

// ErrIdempotencyClaimLost refuses a write of a request whose claim on its
// key another request took over (its lease ran out): that one does the work.
var ErrIdempotencyClaimLost = &Error{Kind: KindUnavailable, Message: "This request is still being processed: try again in a moment",
	RetryAfterSeconds: 5}
