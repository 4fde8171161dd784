package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"rehome/app"
)

// SessionStore keeps scs sessions in the database so they survive a restart.
// scs's own sqlite3store takes a single *sql.DB; this one reads through the
// reader pool, so checking a session never queues behind a write. The
// composition root reads it through the sessions cache (cache.SessionStore).
type SessionStore struct {
	db *DB
}

func (db *DB) Sessions() *SessionStore { return &SessionStore{db: db} }

func (s *SessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	data, _, found, err := s.FindUntil(ctx, token)
	return data, found, err
}

// Now is the store's clock, by which sessions expire.
func (s *SessionStore) Now() time.Time { return s.db.now() }

// FindUntil is FindCtx with the session's expiry, for the sessions cache.
func (s *SessionStore) FindUntil(ctx context.Context, token string) ([]byte, time.Time, bool, error) {
	var data []byte
	var expiry int64
	err := s.db.queryRow(ctx, `SELECT data, expiry FROM sessions WHERE token = ? AND expiry > ?`,
		token, s.db.millis()).Scan(&data, &expiry)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, time.Time{}, false, nil
	}
	if err != nil {
		return nil, time.Time{}, false, err
	}
	return data, fromMillis(expiry), true, nil
}

func (s *SessionStore) CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error {
	return s.CommitOwned(ctx, token, data, expiry, app.SessionOwner{})
}

// CommitOwned keeps a session with what it says of its owner, which lets
// people list and end their sessions; a zero owner is a signed-out session.
func (s *SessionStore) CommitOwned(ctx context.Context, token string, data []byte, expiry time.Time, owner app.SessionOwner) error {
	var userID, signedIn, lastSeen any // NULL for a signed-out session
	if owner.UserID != 0 {
		userID, signedIn, lastSeen = owner.UserID, owner.SignedIn.UnixMilli(), owner.LastSeen.UnixMilli()
	}
	_, err := s.db.exec(ctx, `
		INSERT INTO sessions (token, data, expiry, id, user_id, device, signed_in, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (token) DO UPDATE SET data = excluded.data, expiry = excluded.expiry, user_id = excluded.user_id,
			device = excluded.device, signed_in = excluded.signed_in, last_seen = excluded.last_seen`,
		token, data, expiry.UnixMilli(), app.SessionID(token), userID, owner.Device, signedIn, lastSeen)
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

// An account's sessions: the current one first, then the most recently
// seen. Expired ones are left out; they are deleted within the hour.
const (
	accountSessionsCount = `SELECT count(*) FROM sessions WHERE user_id = ? AND expiry > ?`
	accountSessionsPage  = `
		SELECT id, device, signed_in, last_seen, id = ? FROM sessions
		WHERE user_id = ? AND expiry > ?
		ORDER BY id = ? DESC, last_seen DESC, id LIMIT ? + 0 OFFSET ? + 0`
)

func (db *DB) AccountSessions(ctx context.Context, userID int64, current string, page app.Page) (app.List[app.Session], error) {
	now := db.millis()
	list := app.List[app.Session]{Items: []app.Session{}}
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		if err := db.readTxRow(ctx, tx, accountSessionsCount, userID, now).Scan(&list.Total); err != nil {
			return err
		}
		rows, err := db.readTxQuery(ctx, tx, accountSessionsPage, current, userID, now, current, page.Limit, page.Offset)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var s app.Session
			var signedIn, lastSeen int64
			if err := rows.Scan(&s.ID, &s.Device, &signedIn, &lastSeen, &s.Current); err != nil {
				return err
			}
			s.Created, s.LastSeen = fromMillis(signedIn), fromMillis(lastSeen)
			list.Items = append(list.Items, s)
		}
		return rows.Err()
	})
	return list, err
}

func (db *DB) EndAccountSession(ctx context.Context, userID int64, id string) error {
	res, err := db.exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND id = ?`, userID, id)
	return changedOne(res, err, "Session not found")
}
