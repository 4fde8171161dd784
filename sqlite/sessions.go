package sqlite

import (
	"context"
	"time"

	"rehome/app"
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
	db *DB
}

func (db *DB) Sessions() *SessionStore { return &SessionStore{db: db} }

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

func (s *SessionStore) CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error {
	return s.CommitOwned(ctx, token, data, expiry, app.SessionOwner{})
}

func (s *SessionStore) CommitOwned(ctx context.Context, token string, data []byte, expiry time.Time, owner app.SessionOwner) error {
	return s.db.CommitSession(ctx, token, data, expiry, owner)
}

func (s *SessionStore) DeleteCtx(ctx context.Context, token string) error {
	return s.db.DeleteSession(ctx, token)
}

// The context-free methods satisfy scs.Store; scs calls the Ctx ones.
func (s *SessionStore) Find(token string) ([]byte, bool, error) {
	return s.FindCtx(context.Background(), token)
}

func (s *SessionStore) Commit(token string, data []byte, expiry time.Time) error {
	return s.CommitCtx(context.Background(), token, data, expiry)
}

func (s *SessionStore) Delete(token string) error {
	return s.DeleteCtx(context.Background(), token)
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
