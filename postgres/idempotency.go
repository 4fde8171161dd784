package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// The answers are found by their key and forgotten by age
// (idempotency_keys_by_age); see TestAccountQueriesUseIndexes. A row with
// status 0 is a claim whose work is under way; created is when it was
// claimed, and once answered, when the answer was kept.
const (
	storedAnswerQuery  = `SELECT request_hash, status, body, claimed_by FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND created > $3`
	forgetAnswersQuery = `DELETE FROM idempotency_keys WHERE created < $1`
	// A racing insert of the same key waits for the first to commit, then
	// finds the conflict and takes the row over only if it is stale.
	claimKeyQuery = `
		INSERT INTO idempotency_keys (user_id, key, request_hash, status, body, created, claimed_by) VALUES ($1, $2, $3, 0, '', $4, $5)
		ON CONFLICT (user_id, key) DO UPDATE SET
			request_hash = excluded.request_hash, status = 0, body = '', created = excluded.created, claimed_by = excluded.claimed_by
		WHERE (idempotency_keys.status <> 0 AND idempotency_keys.created <= $6) OR (idempotency_keys.status = 0 AND idempotency_keys.created <= $7)`
)

func (db *DB) StoredAnswer(ctx context.Context, userID int64, key string) (*app.StoredAnswer, error) {
	var a app.StoredAnswer
	err := db.pool.QueryRow(ctx, storedAnswerQuery, userID, key, db.now().Add(-app.IdempotencyTTL).UnixMilli()).Scan(&a.RequestHash, &a.Status, &a.Body, &a.ClaimedBy)
	if err != nil {
		return nil, notFound(err, "Answer")
	}
	return &a, nil
}

func (db *DB) ClaimKey(ctx context.Context, userID int64, key string, hash []byte, by string) (*app.StoredAnswer, error) {
	if hash == nil {
		hash = []byte{}
	}
	now := db.now()
	var a app.StoredAnswer
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, claimKeyQuery, userID, key, hash, now.UnixMilli(), by,
			now.Add(-app.IdempotencyTTL).UnixMilli(), now.Add(-app.IdempotencyLease).UnixMilli())
		if err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT request_hash, status, body, claimed_by FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
			userID, key).Scan(&a.RequestHash, &a.Status, &a.Body, &a.ClaimedBy)
	})
	if err != nil {
		// Not found: released between the two statements.
		return nil, notFound(referenceGone(err), "Answer")
	}
	return &a, nil
}

func (db *DB) KeepAnswer(ctx context.Context, userID int64, key, by string, a *app.StoredAnswer) error {
	body := a.Body
	if body == nil {
		body = []byte{}
	}
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `
			UPDATE idempotency_keys SET status = $1, body = $2, created = $3 WHERE user_id = $4 AND key = $5 AND claimed_by = $6 AND status = 0`,
			a.Status, body, db.millis(), userID, key, by)
		return err
	})
}

func (db *DB) ReleaseClaim(ctx context.Context, userID int64, key, by string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND claimed_by = $3 AND status = 0`, userID, key, by)
		return err
	})
}

func (db *DB) ForgetAnswersBefore(ctx context.Context, t time.Time) (int64, error) {
	var forgotten int64
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, forgetAnswersQuery, t.UnixMilli())
		forgotten = tag.RowsAffected()
		return err
	})
	return forgotten, err
}
