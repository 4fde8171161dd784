package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// SessionStore keeps scs sessions in the database, where every instance
// finds them: a person signed in through one instance is signed in on all.
// Unlike sqlite's it keeps none in memory, since another instance may end a
// session at any moment; each FindCtx is one read by primary key.
type SessionStore struct {
	db *DB
}

// Sessions is the store of scs sessions, which the server reaches without
// the services (see package api's doc).
func (db *DB) Sessions() *SessionStore { return &SessionStore{db: db} }

// The session queries each go by an index of sessions; see
// TestAccountQueriesUseIndexes.
const (
	findSessionQuery = `SELECT data FROM sessions WHERE token = $1 AND expiry > $2`
	// A batch of expired sessions found through sessions_by_expiry and
	// deleted by their row's address (a Tid Scan): by token, the planner
	// would rather hash the whole table than look up a batch's keys.
	deleteExpiredQuery = `DELETE FROM sessions WHERE ctid = ANY (ARRAY (SELECT ctid FROM sessions WHERE expiry <= $1 LIMIT $2))`
	endSessionQuery    = `DELETE FROM sessions WHERE user_id = $1 AND id = $2`
)

func (s *SessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	var data []byte
	err := s.db.pool.QueryRow(ctx, findSessionQuery, token, s.db.millis()).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return data, true, nil
}

func (s *SessionStore) CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error {
	return s.CommitOwned(ctx, token, data, expiry, app.SessionOwner{})
}

// CommitOwned keeps a session with what it says of its owner, which lets
// people list and end their sessions; a zero owner is a signed-out session.
func (s *SessionStore) CommitOwned(ctx context.Context, token string, data []byte, expiry time.Time, owner app.SessionOwner) error {
	var userID, signedIn, lastSeen *int64 // NULL for a signed-out session
	if owner.UserID != 0 {
		id, in, seen := owner.UserID, owner.SignedIn.UnixMilli(), owner.LastSeen.UnixMilli()
		userID, signedIn, lastSeen = &id, &in, &seen
	}
	if data == nil {
		data = []byte{}
	}
	return s.db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `
			INSERT INTO sessions (token, data, expiry, id, user_id, device, signed_in, last_seen) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
			ON CONFLICT (token) DO UPDATE SET data = excluded.data, expiry = excluded.expiry, user_id = excluded.user_id,
				device = excluded.device, signed_in = excluded.signed_in, last_seen = excluded.last_seen`,
			token, data, expiry.UnixMilli(), app.SessionID(token), userID, owner.Device, signedIn, lastSeen)
		return err
	})
}

// DeleteCtx ends a session; trigger sessions_note_ended tells whoever holds
// something open for it, on every instance.
func (s *SessionStore) DeleteCtx(ctx context.Context, token string) error {
	return s.db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM sessions WHERE token = $1`, token)
		return err
	})
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

// An account's sessions: the current one first, then the most recently
// seen. Expired ones are left out; they are deleted within the hour.
const (
	accountSessionsCount = `SELECT count(*) FROM sessions WHERE user_id = $1 AND expiry > $2`
	accountSessionsPage  = `
		SELECT id, device, signed_in, last_seen, id = $3 FROM sessions
		WHERE user_id = $1 AND expiry > $2
		ORDER BY id = $3 DESC, last_seen DESC, id LIMIT $4 OFFSET $5`
)

func scanSession(row storecore.Row) (app.Session, error) {
	var s app.Session
	var signedIn, lastSeen int64
	if err := row.Scan(&s.ID, &s.Device, &signedIn, &lastSeen, &s.Current); err != nil {
		return s, err
	}
	s.Created, s.LastSeen = fromMillis(signedIn), fromMillis(lastSeen)
	return s, nil
}

// AccountSessions reads the count and the page in one snapshot (readTx);
// not through readList, since the page takes an argument, the current
// session, that the count has no use for.
func (db *DB) AccountSessions(ctx context.Context, userID int64, current string, page app.Page) (app.List[app.Session], error) {
	now := db.millis()
	var list app.List[app.Session]
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		list = app.List[app.Session]{Items: []app.Session{}}
		if err := tx.QueryRow(ctx, accountSessionsCount, userID, now).Scan(&list.Total); err != nil {
			return err
		}
		if page.Offset >= list.Total {
			return nil
		}
		rows, err := tx.Query(ctx, accountSessionsPage, userID, now, current, page.Limit, page.Offset)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			s, err := scanSession(rows)
			if err != nil {
				return err
			}
			list.Items = append(list.Items, s)
		}
		return rows.Err()
	})
	return list, err
}

// EndAccountSession deletes the session in one statement: of racing calls,
// the first DELETE to take the row's lock deletes it and the others, once
// it commits, find nothing.
func (db *DB) EndAccountSession(ctx context.Context, userID int64, id string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, endSessionQuery, userID, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindNotFound, "Session not found")
		}
		return nil
	})
}
