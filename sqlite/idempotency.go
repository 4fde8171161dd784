package sqlite

import (
	"context"
	"time"

	"rehome/app"
)

func (db *DB) StoredAnswer(ctx context.Context, userID int64, key string) (*app.StoredAnswer, error) {
	var a app.StoredAnswer
	err := db.queryRow(ctx, `
		SELECT request_hash, status, body FROM idempotency_keys WHERE user_id = ? AND key = ? AND created > ?`,
		userID, key, db.now().Add(-app.IdempotencyTTL).UnixMilli()).Scan(&a.RequestHash, &a.Status, &a.Body)
	if err != nil {
		return nil, notFound(err, "Answer")
	}
	return &a, nil
}

func (db *DB) KeepAnswer(ctx context.Context, userID int64, key string, a *app.StoredAnswer) error {
	_, err := db.exec(ctx, `
		INSERT INTO idempotency_keys (user_id, key, request_hash, status, body, created) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id, key) DO NOTHING`,
		userID, key, a.RequestHash, a.Status, a.Body, db.millis())
	return referenceGone(err)
}

func (db *DB) ForgetAnswersBefore(ctx context.Context, t time.Time) (int64, error) {
	res, err := db.exec(ctx, `DELETE FROM idempotency_keys WHERE created < ?`, t.UnixMilli())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
