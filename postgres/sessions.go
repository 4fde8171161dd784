package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/storecore"
)

// SessionStore keeps scs sessions in the database, where every instance
// finds them: a person signed in through one instance is signed in on all.
// It keeps none in memory; the composition root reads it through the
// sessions cache (cache.SessionStore), which the change feed tells of the
// sessions any instance changed or ended.
type SessionStore struct {
	*storecore.SessionStore
	db *DB
}

// Sessions is the store of scs sessions, which the server reaches without
// the services (see package api's doc).
func (db *DB) Sessions() *SessionStore {
	return &SessionStore{SessionStore: storecore.NewSessionStore(&db.Store, nil), db: db}
}

// A batch of expired sessions found through sessions_by_expiry and deleted
// by their row's address (a Tid Scan): by token, the planner would rather
// hash the whole table than look up a batch's keys; see
// TestAccountQueriesUseIndexes.
const deleteExpiredQuery = `DELETE FROM sessions WHERE ctid = ANY (ARRAY (SELECT ctid FROM sessions WHERE expiry <= $1 LIMIT $2))`

// expiredBatch bounds the sessions one transaction of DeleteExpired
// deletes. Each deleted row's trigger (sessions_note_ended) appends a line
// to the transaction's note of the sessions it ended, a copy of all the
// lines before: a transaction's cost grows with the square of its rows
// (5,000 took 3 s, 20,000 took 49 s), a batch's stays small.
const expiredBatch = 500

// DeleteExpired removes sessions past their expiry, a batch per
// transaction, and reports how many.
func (s *SessionStore) DeleteExpired(ctx context.Context) (int64, error) {
	now := s.db.millis()
	var total int64
	for {
		var deleted int64
		err := s.db.inTx(ctx, func(tx pgx.Tx) error {
			tag, err := tx.Exec(ctx, deleteExpiredQuery, now, expiredBatch)
			deleted = tag.RowsAffected()
			return err
		})
		total += deleted
		if err != nil || deleted < expiredBatch {
			return total, err
		}
	}
}
