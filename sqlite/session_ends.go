package sqlite

import (
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"rehome/app"
)

// endings are the sessions a write under way ended, read off the rows it
// changed (changes.go), so that any path that deletes a session or raises
// an account's session epoch is reported, whoever wrote it.
type endings struct {
	tokens   []string        // sessions deleted
	epochs   map[int64]int64 // account → its new session epoch, when it rose
	accounts []int64         // accounts deleted
}

// noteSession notes a session row deleted: logout, a session ended from
// the list, a token renewed at sign-in, expiry.
func (e *endings) noteSession(d sqlite.SQLitePreUpdateData) {
	if d.Op != sqlite3.SQLITE_DELETE {
		return
	}
	// WITHOUT ROWID: the token, its primary key, is the first column.
	if token, ok := column[string](d.Old, 0); ok {
		e.tokens = append(e.tokens, token)
	}
}

// noteAccount notes an account deleted, or its session epoch raised (a new
// password, signing out everywhere, a password reset).
func (e *endings) noteAccount(d sqlite.SQLitePreUpdateData, epochColumn int) {
	switch d.Op {
	case sqlite3.SQLITE_DELETE:
		e.accounts = append(e.accounts, d.OldRowID)
	case sqlite3.SQLITE_UPDATE:
		before, okBefore := column[int64](d.Old, epochColumn)
		after, okAfter := column[int64](d.New, epochColumn)
		if okBefore && okAfter && after > before {
			if e.epochs == nil {
				e.epochs = map[int64]int64{}
			}
			e.epochs[d.NewRowID] = after
		}
	}
}

// OnSessionsEnded has ended told, after each committed write that ended
// sessions, which it ended. Set it before the store is used.
func (db *DB) OnSessionsEnded(ended func(app.SessionsEnded)) {
	db.sessionsEnded.Store(&ended)
}

func (db *DB) tellEnded(e endings) {
	tell := db.sessionsEnded.Load()
	if tell == nil || (len(e.tokens) == 0 && len(e.epochs) == 0 && len(e.accounts) == 0) {
		return
	}
	ended := app.SessionsEnded{Epochs: e.epochs, Accounts: e.accounts}
	for _, token := range e.tokens {
		ended.Sessions = append(ended.Sessions, app.SessionID(token))
	}
	(*tell)(ended)
}
