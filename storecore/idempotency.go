package storecore

import (
	"context"
	"time"

	"rehome/app"
)

// The answers are found by their key and forgotten by age
// (idempotency_keys_by_age); see TestAccountQueriesUseIndexes. A row with
// status 0 is a claim whose work is under way; created is when it was
// claimed, and once answered, when the answer was kept. A claim is worked
// once a write of its work committed (MarkClaimWorked): it is never taken
// over, and never released.
const (
	StoredAnswerQuery  = `SELECT request_hash, status, body, claimed_by FROM idempotency_keys WHERE user_id = ? AND key = ? AND created > ?`
	ForgetAnswersQuery = `DELETE FROM idempotency_keys WHERE created < ?`
	// A racing insert of the same key waits for the first to commit, then
	// finds the conflict and takes the row over only if it is stale. The
	// empty body is bound, as the two databases write an empty blob
	// differently.
	claimKeyQuery = `
		INSERT INTO idempotency_keys (user_id, key, request_hash, status, body, created, claimed_by) VALUES (?, ?, ?, 0, ?, ?, ?)
		ON CONFLICT (user_id, key) DO UPDATE SET
			request_hash = excluded.request_hash, status = 0, body = excluded.body, created = excluded.created, claimed_by = excluded.claimed_by
		WHERE (idempotency_keys.status <> 0 AND idempotency_keys.created <= ?)
			OR (idempotency_keys.status = 0 AND idempotency_keys.created <= ? AND NOT idempotency_keys.worked)`
)

func (s *Store) StoredAnswer(ctx context.Context, userID int64, key string) (*app.StoredAnswer, error) {
	var a app.StoredAnswer
	since := s.now() - app.IdempotencyTTL.Milliseconds()
	err := s.read.QueryRow(ctx, StoredAnswerQuery, userID, key, since).Scan(&a.RequestHash, &a.Status, &a.Body, &a.ClaimedBy)
	if err != nil {
		return nil, NotFound(err, "Answer")
	}
	return &a, nil
}

func (s *Store) ClaimKey(ctx context.Context, userID int64, key string, hash []byte, by string) (*app.StoredAnswer, error) {
	if hash == nil {
		hash = []byte{}
	}
	now := s.now()
	var a app.StoredAnswer
	err := s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, claimKeyQuery, userID, key, hash, []byte{}, now, by,
			now-app.IdempotencyTTL.Milliseconds(), now-app.IdempotencyLease.Milliseconds())
		if err != nil {
			return err
		}
		var worked bool
		var created int64
		err = tx.QueryRow(ctx, `SELECT request_hash, status, body, claimed_by, worked, created FROM idempotency_keys WHERE user_id = ? AND key = ?`,
			userID, key).Scan(&a.RequestHash, &a.Status, &a.Body, &a.ClaimedBy, &worked, &created)
		a.Abandoned = worked && a.Status == 0 && created <= now-app.IdempotencyLease.Milliseconds()
		return err
	})
	if err != nil {
		// Not found: released between the two statements.
		return nil, NotFound(s.d.ReferenceGone(err), "Answer")
	}
	return &a, nil
}

func (s *Store) KeepAnswer(ctx context.Context, userID int64, key, by string, a *app.StoredAnswer) error {
	body := a.Body
	if body == nil {
		body = []byte{}
	}
	return s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `
			UPDATE idempotency_keys SET status = ?, body = ?, created = ? WHERE user_id = ? AND key = ? AND claimed_by = ? AND status = 0`,
			a.Status, body, s.now(), userID, key, by)
		return err
	})
}

func (s *Store) ReleaseClaim(ctx context.Context, userID int64, key, by string) error {
	return s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND claimed_by = ? AND status = 0 AND NOT worked`,
			userID, key, by)
		return err
	})
}

func (s *Store) ForgetAnswersBefore(ctx context.Context, t time.Time) (forgotten int64, err error) {
	err = s.inTx(ctx, func(tx Querier) (err error) {
		forgotten, err = tx.Exec(ctx, ForgetAnswersQuery, t.UnixMilli())
		return err
	})
	return forgotten, err
}

// MarkClaimWorked, run by each store in every write transaction before it
// commits, marks the claim ctx carries (app.IdempotencyClaim) worked, in
// that transaction: the work and the mark commit together or not at all.
// A claim no longer the request's (taken over once its lease ran out)
// refuses the write. After the answer is kept, a write the request left
// running (a notification) still finds its claim.
func MarkClaimWorked(ctx context.Context, tx Querier) error {
	claim, ok := app.IdempotencyClaimOf(ctx)
	if !ok {
		return nil
	}
	n, err := tx.Exec(ctx, `UPDATE idempotency_keys SET worked = TRUE WHERE user_id = ? AND key = ? AND claimed_by = ?`,
		claim.UserID, claim.Key, claim.By)
	if err != nil {
		return err
	}
	if n == 0 {
		return app.ErrIdempotencyClaimLost
	}
	return nil
}
