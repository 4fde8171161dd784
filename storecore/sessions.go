package storecore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"rehome/app"
)

// The session queries each go by an index of sessions; see
// TestAccountQueriesUseIndexes.
const (
	FindSessionQuery = `SELECT data, expiry FROM sessions WHERE token = ? AND expiry > ?`
	EndSessionQuery  = `DELETE FROM sessions WHERE user_id = ? AND id = ?`
	// An account's sessions: the current one first, then the most recently
	// seen. Expired ones are left out; they are deleted within the hour.
	AccountSessionsCount = `SELECT count(*) FROM sessions WHERE user_id = ? AND expiry > ?`
	AccountSessionsPage  = `
		SELECT id, device, signed_in, last_seen, id = ? FROM sessions
		WHERE user_id = ? AND expiry > ?
		ORDER BY id = ? DESC, last_seen DESC, id LIMIT ? + 0 OFFSET ? + 0`
)

// FindSession reads the session of token unless it expired by now; found
// is false when there is none.
func FindSession(ctx context.Context, q Querier, token string, now int64) (data []byte, expiry int64, found bool, err error) {
	err = q.QueryRow(ctx, FindSessionQuery, token, now).Scan(&data, &expiry)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, false, nil
	}
	return data, expiry, err == nil, err
}

// CommitSession keeps a session with what it says of its owner, which lets
// people list and end their sessions; a zero owner is a signed-out
// session.
func CommitSession(ctx context.Context, tx Querier, token string, data []byte, expiry time.Time, owner app.SessionOwner) error {
	var userID, signedIn, lastSeen *int64 // NULL for a signed-out session
	if owner.UserID != 0 {
		id, in, seen := owner.UserID, owner.SignedIn.UnixMilli(), owner.LastSeen.UnixMilli()
		userID, signedIn, lastSeen = &id, &in, &seen
	}
	if data == nil {
		data = []byte{}
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO sessions (token, data, expiry, id, user_id, device, signed_in, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (token) DO UPDATE SET data = excluded.data, expiry = excluded.expiry, user_id = excluded.user_id,
			device = excluded.device, signed_in = excluded.signed_in, last_seen = excluded.last_seen`,
		token, data, expiry.UnixMilli(), app.SessionID(token), userID, owner.Device, signedIn, lastSeen)
	return err
}

// DeleteSession ends a session.
func DeleteSession(ctx context.Context, tx Querier, token string) error {
	_, err := tx.Exec(ctx, `DELETE FROM sessions WHERE token = ?`, token)
	return err
}

// ScanSession reads a row of AccountSessionsPage.
func ScanSession(row Row) (app.Session, error) {
	var s app.Session
	var signedIn, lastSeen int64
	if err := row.Scan(&s.ID, &s.Device, &signedIn, &lastSeen, &s.Current); err != nil {
		return s, err
	}
	s.Created, s.LastSeen = FromMillis(signedIn), FromMillis(lastSeen)
	return s, nil
}

// AccountSessions reads an account's sessions that have not expired by
// now with q, a read transaction.
func AccountSessions(ctx context.Context, q Querier, userID int64, current string, page app.Page, now int64) (app.List[app.Session], error) {
	return ReadPage(ctx, q, page, AccountSessionsCount, []any{userID, now},
		AccountSessionsPage, []any{current, userID, now, current}, ScanSession)
}

// EndAccountSession deletes the session in one statement: of racing calls,
// the first to delete it does, and the others find nothing.
func EndAccountSession(ctx context.Context, tx Querier, userID int64, id string) error {
	n, err := tx.Exec(ctx, EndSessionQuery, userID, id)
	return ChangedOne(n, err, "Session not found")
}
