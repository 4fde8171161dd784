package sqlite

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
)

// A row with status 0 is a claim whose work is under way; created is when
// it was claimed, and once answered, when the answer was kept.
const claimKeyQuery = `
	INSERT INTO idempotency_keys (user_id, key, request_hash, status, body, created, claimed_by) VALUES (?, ?, ?, 0, x'', ?, ?)
	ON CONFLICT (user_id, key) DO UPDATE SET
		request_hash = excluded.request_hash, status = 0, body = x'', created = excluded.created, claimed_by = excluded.claimed_by
	WHERE (idempotency_keys.status <> 0 AND idempotency_keys.created <= ?) OR (idempotency_keys.status = 0 AND idempotency_keys.created <= ?)`

func (db *DB) StoredAnswer(ctx context.Context, userID int64, key string) (*app.StoredAnswer, error) {
	var a app.StoredAnswer
	err := db.queryRow(ctx, `
		SELECT request_hash, status, body, claimed_by FROM idempotency_keys WHERE user_id = ? AND key = ? AND created > ?`,
		userID, key, db.now().Add(-app.IdempotencyTTL).UnixMilli()).Scan(&a.RequestHash, &a.Status, &a.Body, &a.ClaimedBy)
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
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		_, err := db.txExec(ctx, tx, claimKeyQuery, userID, key, hash, now.UnixMilli(), by,
			now.Add(-app.IdempotencyTTL).UnixMilli(), now.Add(-app.IdempotencyLease).UnixMilli())
		if err != nil {
			return err
		}
		return db.txRow(ctx, tx, `SELECT request_hash, status, body, claimed_by FROM idempotency_keys WHERE user_id = ? AND key = ?`,
			userID, key).Scan(&a.RequestHash, &a.Status, &a.Body, &a.ClaimedBy)
	})
	if err != nil {
		return nil, referenceGone(err)
	}
	return &a, nil
}

func (db *DB) KeepAnswer(ctx context.Context, userID int64, key, by string, a *app.StoredAnswer) error {
	body := a.Body
	if body == nil {
		body = []byte{}
	}
	_, err := db.exec(ctx, `
		UPDATE idempotency_keys SET status = ?, body = ?, created = ? WHERE user_id = ? AND key = ? AND claimed_by = ? AND status = 0`,
		a.Status, body, db.millis(), userID, key, by)
	return err
}

func (db *DB) ReleaseClaim(ctx context.Context, userID int64, key, by string) error {
	_, err := db.exec(ctx, `DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND claimed_by = ? AND status = 0`, userID, key, by)
	return err
}

func (db *DB) ForgetAnswersBefore(ctx context.Context, t time.Time) (int64, error) {
	res, err := db.exec(ctx, `DELETE FROM idempotency_keys WHERE created < ?`, t.UnixMilli())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
