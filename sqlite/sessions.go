package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"
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

// session is a cached row of the sessions table.
type session struct {
	data   []byte
	expiry time.Time
}

func (db *DB) Sessions() *SessionStore { return &SessionStore{db: db} }

func (s *SessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	now := s.db.now()
	if cached, ok := s.db.sessions.get(token); ok && cached.expiry.After(now) {
		return cached.data, true, nil
	}
	gen := s.db.sessions.generation()
	var data []byte
	var expiry int64
	err := s.db.queryRow(ctx, `SELECT data, expiry FROM sessions WHERE token = ? AND expiry > ?`,
		token, now.UnixMilli()).Scan(&data, &expiry)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	s.db.sessions.put(gen, token, session{data: data, expiry: fromMillis(expiry)})
	return data, true, nil
}

func (s *SessionStore) CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error {
	_, err := s.db.exec(ctx, `
		INSERT INTO sessions (token, data, expiry) VALUES (?, ?, ?)
		ON CONFLICT (token) DO UPDATE SET data = excluded.data, expiry = excluded.expiry`,
		token, data, expiry.UnixMilli())
	return err
}

func (s *SessionStore) DeleteCtx(ctx context.Context, token string) error {
	_, err := s.db.exec(ctx, `DELETE FROM sessions WHERE token = ?`, token)
	return err
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
