package postgres

// Sessions is the store of scs sessions, which the server reaches without
// the services (see package api's doc).
func (db *DB) Sessions() *SessionStore { return &SessionStore{db: db} }
