package sqlite

import (
	"context"

	"rehome/cache"
	"rehome/storecore"
)

// SessionStore keeps scs sessions in the database so they survive a restart.
// scs's own sqlite3store takes a single *sql.DB; this one reads through the
// reader pool, so checking a session never queues behind a write, and keeps
// the sessions it read in memory: every signed-in request looks its session
// up, and only this process writes sessions. Budget: the signed-in category
// page's server CPU per request (docs/benchmarks.md).
type SessionStore struct {
	*storecore.SessionStore
	db *DB
}

func (db *DB) Sessions() *SessionStore {
	s := &SessionStore{db: db}
	s.SessionStore = storecore.NewSessionStore(&db.Store, s.FindCtx)
	return s
}

func (s *SessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	now := s.db.now()
	if cached, ok := s.db.caches.Sessions.Get(token); ok && cached.Expiry.After(now) {
		return cached.Data, true, nil
	}
	gen := s.db.caches.Sessions.Generation()
	data, expiry, found, err := storecore.FindSession(ctx, reader{s.db}, token, now.UnixMilli())
	if !found {
		return nil, false, err
	}
	s.db.caches.Sessions.Put(gen, token, cache.Session{Data: data, Expiry: fromMillis(expiry)})
	return data, true, nil
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
