package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// The answers are found by their key and forgotten by age
// (idempotency_keys_by_age); see TestAccountQueriesUseIndexes.
const (
	storedAnswerQuery  = `SELECT request_hash, status, body FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND created > $3`
	forgetAnswersQuery = `DELETE FROM idempotency_keys WHERE created < $1`
)

func (db *DB) StoredAnswer(ctx context.Context, userID int64, key string) (*app.StoredAnswer, error) {
	var a app.StoredAnswer
	err := db.pool.QueryRow(ctx, storedAnswerQuery, userID, key, db.now().Add(-app.IdempotencyTTL).UnixMilli()).Scan(&a.RequestHash, &a.Status, &a.Body)
	if err != nil {
		return nil, notFound(err, "Answer")
	}
	return &a, nil
}

// KeepAnswer inserts with ON CONFLICT DO NOTHING on the key: a racing
// insert of the same key waits for the first to commit, then does nothing.
func (db *DB) KeepAnswer(ctx context.Context, userID int64, key string, a *app.StoredAnswer) error {
	hash, body := a.RequestHash, a.Body
	if hash == nil {
		hash = []byte{}
	}
	if body == nil {
		body = []byte{}
	}
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `
			INSERT INTO idempotency_keys (user_id, key, request_hash, status, body, created) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (user_id, key) DO NOTHING`,
			userID, key, hash, a.Status, body, db.millis())
		return err
	})
	return referenceGone(err)
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
