package storecore

import (
	"context"
	"database/sql"

	"rehome/app"
)

// UserColumns are an account's columns. A password hash is never read
// with an account, only whether it has one.
const UserColumns = `id, name, email, role, image, phone, location, verified, created, session_epoch, email_verified, show_phone,
	coalesce(octet_length(password_hash), 0) > 0, suspended_until, suspend_reason, language`

// ScanUser reads a row of UserColumns and the columns after them into
// extra; no row is a user not found.
func ScanUser(row Row, extra ...any) (*app.User, error) {
	var u app.User
	var role, language string
	var created int64
	var suspendedUntil sql.NullInt64
	dest := append([]any{&u.ID, &u.Name, &u.Email, &role, &u.Image, &u.Phone, &u.Location, &u.Verified, &created, &u.SessionEpoch, &u.EmailVerified, &u.ShowPhone, &u.HasPassword,
		&suspendedUntil, &u.SuspendReason, &language}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, NotFound(err, "User")
	}
	u.Role, u.Language = app.Role(role), app.Language(language)
	u.Created = FromMillis(created)
	u.SuspendedUntil = NullTime(suspendedUntil)
	return &u, nil
}

// ScanUserRow is ScanUser for a list.
func ScanUserRow(row Row) (app.User, error) {
	u, err := ScanUser(row)
	if err != nil {
		return app.User{}, err
	}
	return *u, nil
}

// The accounts by key, and the account lists for admins, oldest first;
// see TestAccountQueriesUseIndexes.
const (
	UserByIDQuery        = `SELECT ` + UserColumns + ` FROM users WHERE id = ?`
	UserByEmailQuery     = `SELECT ` + UserColumns + ` FROM users WHERE email = ?`
	UserByIdentityQuery  = `SELECT ` + UserColumns + ` FROM users WHERE id = (SELECT user_id FROM identities WHERE provider = ? AND subject = ?)`
	UsersCount           = `SELECT count(*) FROM users`
	UsersPage            = `SELECT ` + UserColumns + ` FROM users ORDER BY id LIMIT ? + 0 OFFSET ? + 0`
	UsersByRoleCount     = `SELECT count(*) FROM users WHERE role = ?`
	UsersByRolePage      = `SELECT ` + UserColumns + ` FROM users WHERE role = ? ORDER BY id LIMIT ? + 0 OFFSET ? + 0`
	passwordHashQuery    = `SELECT ` + UserColumns + `, password_hash FROM users WHERE email = ?`
	accountExistsMessage = "An account with this email already exists"
)

// insertUser stores u with its password hash (empty for an account that
// signs in only through a provider) and fills in its ID.
func insertUser(ctx context.Context, d Dialect, tx Querier, u *app.User, passwordHash []byte, created int64) error {
	if passwordHash == nil {
		passwordHash = []byte{}
	}
	err := tx.QueryRow(ctx, `
		INSERT INTO users (name, email, password_hash, role, image, phone, location, verified, created, email_verified)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		u.Name, u.Email, passwordHash, string(u.Role), u.Image, u.Phone, u.Location, u.Verified, created, u.EmailVerified).Scan(&u.ID)
	if d.IsUniqueViolation(err) {
		return app.Errorf(app.KindConflict, "An account with this email already exists")
	}
	u.HasPassword = err == nil && len(passwordHash) > 0
	return err
}

func (s *Store) CreateUser(ctx context.Context, u *app.User, passwordHash []byte) error {
	created := s.now()
	if err := s.inTx(ctx, func(tx Querier) error { return insertUser(ctx, s.d, tx, u, passwordHash, created) }); err != nil {
		return err
	}
	u.Created = FromMillis(created)
	return nil
}

// UserByID reads the database each time; SQLite's store answers from its
// cache instead.
func (s *Store) UserByID(ctx context.Context, id int64) (*app.User, error) {
	return ScanUser(s.read.QueryRow(ctx, UserByIDQuery, id))
}

func (s *Store) UserByEmail(ctx context.Context, email string) (*app.User, error) {
	return ScanUser(s.read.QueryRow(ctx, UserByEmailQuery, email))
}

func (s *Store) PasswordHash(ctx context.Context, email string) (*app.User, []byte, error) {
	var hash []byte
	u, err := ScanUser(s.read.QueryRow(ctx, passwordHashQuery, email), &hash)
	if err != nil {
		return nil, nil, err
	}
	return u, hash, nil
}

func (s *Store) Users(ctx context.Context, role app.Role, page app.Page) (app.List[app.User], error) {
	if role == "" {
		return list(ctx, s, page, UsersCount, UsersPage, nil, ScanUserRow)
	}
	return list(ctx, s, page, UsersByRoleCount, UsersByRolePage, []any{string(role)}, ScanUserRow)
}

func (s *Store) PromoteToAdmin(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return s.changeUser(ctx, `UPDATE users SET role = 'Admin' WHERE id = ?`, id, "User not found", audit)
}

// VerifySeller also changes the seller_verified of the seller's listings.
func (s *Store) VerifySeller(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return s.changeUser(ctx, `UPDATE users SET verified = true WHERE id = ? AND role = 'Seller'`, id, "No seller with this id", audit)
}

// changeUser runs an update of one account, on the condition its WHERE
// states, and records audit in the same transaction; an update that
// changed no row is not found.
func (s *Store) changeUser(ctx context.Context, query string, id int64, notFoundMessage string, audit *app.AuditEntry) error {
	return s.recorded(ctx, audit, func(tx Querier) error {
		n, err := tx.Exec(ctx, query, id)
		return ChangedOne(n, err, notFoundMessage)
	})
}

// updateUser runs one UPDATE of an account that returns it (RETURNING
// UserColumns): the account as the update left it, read in the same
// statement. An account it did not change is not found.
func (s *Store) updateUser(ctx context.Context, query string, args ...any) (u *app.User, err error) {
	err = s.inTx(ctx, func(tx Querier) (err error) {
		u, err = ScanUser(tx.QueryRow(ctx, query+` RETURNING `+UserColumns, args...))
		return err
	})
	return u, err
}

func (s *Store) SetPassword(ctx context.Context, userID int64, passwordHash []byte) (*app.User, error) {
	if passwordHash == nil {
		passwordHash = []byte{}
	}
	return s.updateUser(ctx, `UPDATE users SET password_hash = ?, session_epoch = session_epoch + 1 WHERE id = ?`, passwordHash, userID)
}

func (s *Store) EndSessions(ctx context.Context, userID int64) (*app.User, error) {
	return s.updateUser(ctx, `UPDATE users SET session_epoch = session_epoch + 1 WHERE id = ?`, userID)
}

func (s *Store) UpdateProfile(ctx context.Context, userID int64, p app.Profile) (*app.User, error) {
	return s.updateUser(ctx, `UPDATE users SET name = ?, phone = ?, location = ?, image = ?, show_phone = ?, language = ? WHERE id = ?`,
		p.Name, p.Phone, p.Location, p.Image, p.ShowPhone, string(p.Language), userID)
}

// Identities: an account a provider's subject is linked to.

func (s *Store) UserByIdentity(ctx context.Context, provider, subject string) (*app.User, error) {
	u, err := ScanUser(s.read.QueryRow(ctx, UserByIdentityQuery, provider, subject))
	return u, NotFound(err, "Account")
}

// LinkIdentity links a provider's subject to an account; linking the same
// pair again changes nothing (ON CONFLICT DO NOTHING on the pair's key).
func (s *Store) LinkIdentity(ctx context.Context, provider, subject string, userID int64) error {
	return s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `INSERT INTO identities (provider, subject, user_id, created) VALUES (?, ?, ?, ?)
			ON CONFLICT (provider, subject) DO NOTHING`, provider, subject, userID, s.now())
		return s.d.ReferenceGone(err)
	})
}

// CreateUserWithIdentity stores u, who has no password, linked to the
// provider's subject, both or neither.
func (s *Store) CreateUserWithIdentity(ctx context.Context, u *app.User, provider, subject string) error {
	created := s.now()
	err := s.inTx(ctx, func(tx Querier) error {
		if err := insertUser(ctx, s.d, tx, u, []byte{}, created); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO identities (provider, subject, user_id, created) VALUES (?, ?, ?, ?)`,
			provider, subject, u.ID, created)
		return err
	})
	if err != nil {
		return err
	}
	u.Created = FromMillis(created)
	return nil
}

func (s *Store) UnsuspendUser(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return s.changeUser(ctx, `UPDATE users SET suspended_until = NULL, suspend_reason = '' WHERE id = ?`, id, "No such account", audit)
}
