package sqlite

import (
	"context"

	"rehome/storecore"
)

// SessionStore keeps scs sessions in the database so they survive a restart.
// scs's own sqlite3store takes a single *sql.DB; this one reads through the
// reader pool, so checking a session never queues behind a write. The
// composition root reads it through the sessions cache (cache.SessionStore).
type SessionStore struct {
	*storecore.SessionStore
	db *DB
}

func (db *DB) Sessions() *SessionStore {
	return &SessionStore{SessionStore: storecore.NewSessionStore(&db.Store, nil), db: db}
}

// DeleteExpired removes sessions past their expiry and reports how many.
// Cached sessions check their own expiry.
func (s *SessionStore) DeleteExpired(ctx context.Context) (int64, error) {
	res, err := s.db.exec(ctx, `DELETE FROM sessions WHERE expiry <= ?`, s.db.millis())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
