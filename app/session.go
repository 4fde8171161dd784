package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"
)

// Session is one device signed in to an account.
type Session struct {
	// ID names the session without being its cookie: it is derived from
	// the token one way, so listing sessions never hands one out.
	ID       string    `json:"id"`
	Device   string    `json:"device"`
	Created  time.Time `json:"created_at"`
	LastSeen time.Time `json:"last_seen"`
	Current  bool      `json:"current"`
}

// SessionStore lists and ends an account's sessions.
type SessionStore interface {
	// AccountSessions lists the unexpired sessions of an account, the
	// session named current first, then the most recently seen; the count
	// and the page are read in one snapshot.
	AccountSessions(ctx context.Context, userID int64, current string, page Page) (List[Session], error)
	// EndAccountSession deletes one session of an account; one it does
	// not have is not found (so of racing calls exactly one succeeds).
	EndAccountSession(ctx context.Context, userID int64, id string) error
}

// SessionOwner is what a session row says of the session besides its data:
// whose it is, on which device, since when and when it was last used.
type SessionOwner struct {
	UserID   int64
	Device   string
	SignedIn time.Time
	LastSeen time.Time
}

// SessionID is the public name of the session whose cookie holds token.
func SessionID(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:16])
}

// SessionsEnded is what one committed write ended, as the store reports
// it to whoever holds something open for a session (the live event
// streams): sessions deleted, accounts whose session epoch rose (every
// session signed in before ends) and accounts deleted. The store reports
// every write, whichever path made it, so a new way of signing people out
// needs no call of its own.
type SessionsEnded struct {
	// Sessions are the SessionIDs of the sessions deleted.
	Sessions []string
	// Epochs are each account's session epoch after the write, for the
	// accounts whose epoch rose.
	Epochs map[int64]int64
	// Accounts are the accounts deleted.
	Accounts []int64
}
