package postgres

// Stubs of the methods still to port from package sqlite; each is
// deleted as its method is written.

import (
	"context"
	"rehome/app"
	"time"
)

// SessionStore keeps scs sessions in the database (not written yet).
type SessionStore struct{ db *DB }

// ClaimAccount is not written yet (sqlite/claims.go).
func (db *DB) ClaimAccount(ctx context.Context, c app.AccountClaim) (*app.User, bool, error) {
	panic("postgres: ClaimAccount is not written yet")
}

// CreateEmailChange is not written yet (sqlite/email_changes.go).
func (db *DB) CreateEmailChange(ctx context.Context, c app.EmailChange) error {
	panic("postgres: CreateEmailChange is not written yet")
}

// UseEmailChange is not written yet (sqlite/email_changes.go).
func (db *DB) UseEmailChange(ctx context.Context, tokenHash []byte, now time.Time) (*app.User, string, error) {
	panic("postgres: UseEmailChange is not written yet")
}

// CreateEmailVerification is not written yet (sqlite/email_verifications.go).
func (db *DB) CreateEmailVerification(ctx context.Context, v app.EmailVerification) error {
	panic("postgres: CreateEmailVerification is not written yet")
}

// UseEmailVerification is not written yet (sqlite/email_verifications.go).
func (db *DB) UseEmailVerification(ctx context.Context, tokenHash []byte, now time.Time) (*app.User, error) {
	panic("postgres: UseEmailVerification is not written yet")
}

// StoredAnswer is not written yet (sqlite/idempotency.go).
func (db *DB) StoredAnswer(ctx context.Context, userID int64, key string) (*app.StoredAnswer, error) {
	panic("postgres: StoredAnswer is not written yet")
}

// KeepAnswer is not written yet (sqlite/idempotency.go).
func (db *DB) KeepAnswer(ctx context.Context, userID int64, key string, a *app.StoredAnswer) error {
	panic("postgres: KeepAnswer is not written yet")
}

// ForgetAnswersBefore is not written yet (sqlite/idempotency.go).
func (db *DB) ForgetAnswersBefore(ctx context.Context, t time.Time) (int64, error) {
	panic("postgres: ForgetAnswersBefore is not written yet")
}

// UserByIdentity is not written yet (sqlite/identities.go).
func (db *DB) UserByIdentity(ctx context.Context, provider, subject string) (*app.User, error) {
	panic("postgres: UserByIdentity is not written yet")
}

// LinkIdentity is not written yet (sqlite/identities.go).
func (db *DB) LinkIdentity(ctx context.Context, provider, subject string, userID int64) error {
	panic("postgres: LinkIdentity is not written yet")
}

// CreateUserWithIdentity is not written yet (sqlite/identities.go).
func (db *DB) CreateUserWithIdentity(ctx context.Context, u *app.User, provider, subject string) error {
	panic("postgres: CreateUserWithIdentity is not written yet")
}

// CreatePasswordReset is not written yet (sqlite/password_resets.go).
func (db *DB) CreatePasswordReset(ctx context.Context, r app.PasswordReset) error {
	panic("postgres: CreatePasswordReset is not written yet")
}

// UsePasswordReset is not written yet (sqlite/password_resets.go).
func (db *DB) UsePasswordReset(ctx context.Context, tokenHash, passwordHash []byte, now time.Time) (*app.User, error) {
	panic("postgres: UsePasswordReset is not written yet")
}

// FindCtx is not written yet (sqlite/sessions.go).
func (s *SessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	panic("postgres: FindCtx is not written yet")
}

// CommitCtx is not written yet (sqlite/sessions.go).
func (s *SessionStore) CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error {
	panic("postgres: CommitCtx is not written yet")
}

// CommitOwned is not written yet (sqlite/sessions.go).
func (s *SessionStore) CommitOwned(ctx context.Context, token string, data []byte, expiry time.Time, owner app.SessionOwner) error {
	panic("postgres: CommitOwned is not written yet")
}

// DeleteCtx is not written yet (sqlite/sessions.go).
func (s *SessionStore) DeleteCtx(ctx context.Context, token string) error {
	panic("postgres: DeleteCtx is not written yet")
}

// Find is not written yet (sqlite/sessions.go).
func (s *SessionStore) Find(token string) ([]byte, bool, error) {
	panic("postgres: Find is not written yet")
}

// Commit is not written yet (sqlite/sessions.go).
func (s *SessionStore) Commit(token string, data []byte, expiry time.Time) error {
	panic("postgres: Commit is not written yet")
}

// Delete is not written yet (sqlite/sessions.go).
func (s *SessionStore) Delete(token string) error {
	panic("postgres: Delete is not written yet")
}

// DeleteExpired is not written yet (sqlite/sessions.go).
func (s *SessionStore) DeleteExpired(ctx context.Context) (int64, error) {
	panic("postgres: DeleteExpired is not written yet")
}

// AccountSessions is not written yet (sqlite/sessions.go).
func (db *DB) AccountSessions(ctx context.Context, userID int64, current string, page app.Page) (app.List[app.Session], error) {
	panic("postgres: AccountSessions is not written yet")
}

// EndAccountSession is not written yet (sqlite/sessions.go).
func (db *DB) EndAccountSession(ctx context.Context, userID int64, id string) error {
	panic("postgres: EndAccountSession is not written yet")
}

// UserByID is not written yet (sqlite/users.go).
func (db *DB) UserByID(ctx context.Context, id int64) (*app.User, error) {
	panic("postgres: UserByID is not written yet")
}

// UserByEmail is not written yet (sqlite/users.go).
func (db *DB) UserByEmail(ctx context.Context, email string) (*app.User, error) {
	panic("postgres: UserByEmail is not written yet")
}

// PasswordHash is not written yet (sqlite/users.go).
func (db *DB) PasswordHash(ctx context.Context, email string) (*app.User, []byte, error) {
	panic("postgres: PasswordHash is not written yet")
}

// Users is not written yet (sqlite/users.go).
func (db *DB) Users(ctx context.Context, role app.Role, page app.Page) (app.List[app.User], error) {
	panic("postgres: Users is not written yet")
}

// PromoteToAdmin is not written yet (sqlite/users.go).
func (db *DB) PromoteToAdmin(ctx context.Context, id int64, audit *app.AuditEntry) error {
	panic("postgres: PromoteToAdmin is not written yet")
}

// VerifySeller is not written yet (sqlite/users.go).
func (db *DB) VerifySeller(ctx context.Context, id int64, audit *app.AuditEntry) error {
	panic("postgres: VerifySeller is not written yet")
}

// DeleteUser is not written yet (sqlite/users.go).
func (db *DB) DeleteUser(ctx context.Context, id int64, audit *app.AuditEntry) error {
	panic("postgres: DeleteUser is not written yet")
}

// SetPassword is not written yet (sqlite/users.go).
func (db *DB) SetPassword(ctx context.Context, userID int64, passwordHash []byte) (*app.User, error) {
	panic("postgres: SetPassword is not written yet")
}

// EndSessions is not written yet (sqlite/users.go).
func (db *DB) EndSessions(ctx context.Context, userID int64) (*app.User, error) {
	panic("postgres: EndSessions is not written yet")
}

// UpdateProfile is not written yet (sqlite/users.go).
func (db *DB) UpdateProfile(ctx context.Context, userID int64, name, phone, location, image string, showPhone bool) (*app.User, error) {
	panic("postgres: UpdateProfile is not written yet")
}
