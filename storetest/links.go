package storetest

import (
	"context"
	"testing"
	"time"

	"rehome/app"
)

// RunLinks: the one-time links (password resets, email changes, email
// confirmations) work once, while they last, and end with the credentials
// they were made for.
func RunLinks(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("CredentialChangesVoidLinks", func(t *testing.T) { runCredentialChangesVoidLinks(t, open) })
	t.Run("NewerLinkVoidsOlder", func(t *testing.T) { runNewerLinkVoidsOlder(t, open) })
	t.Run("ResetLinkBoundToEmail", func(t *testing.T) { runResetLinkBoundToEmail(t, open) })
	t.Run("EmailVerifiedBy", func(t *testing.T) { runEmailVerifiedBy(t, open) })
	t.Run("PasswordResetLinks", func(t *testing.T) { runPasswordResetLinks(t, open) })
}

// accountLinks is an account with one outstanding link of each kind.
type accountLinks struct {
	db Stores
	u  *app.User
}

func newAccountLinks(t *testing.T, open func(t *testing.T) Stores) *accountLinks {
	t.Helper()
	db := open(t)
	u := &app.User{Name: "Ann", Email: "ann@example.com", Role: app.RoleBuyer}
	must(t, db.CreateUser(context.Background(), u, []byte("old hash")))
	a := &accountLinks{db: db, u: u}
	a.create(t)
	return a
}

func (a *accountLinks) create(t *testing.T) {
	t.Helper()
	ctx, expires := context.Background(), time.Now().Add(time.Hour)
	must(t, a.db.CreatePasswordReset(ctx, app.PasswordReset{UserID: a.u.ID, Email: a.u.Email, TokenHash: []byte("reset"), Expires: expires}))
	must(t, a.db.CreateEmailChange(ctx, app.EmailChange{UserID: a.u.ID, NewEmail: "ann@new.test", TokenHash: []byte("change"), Expires: expires}))
	must(t, a.db.CreateEmailVerification(ctx, app.EmailVerification{UserID: a.u.ID, Email: a.u.Email, TokenHash: []byte("verify"), Expires: expires}))
}

// outstanding names the links of a that still work, spending them.
func (a *accountLinks) outstanding(t *testing.T) []string {
	t.Helper()
	ctx, now := context.Background(), time.Now()
	var works []string
	if _, err := a.db.UsePasswordReset(ctx, []byte("reset"), []byte("link hash"), now); err == nil {
		works = append(works, "reset")
	}
	if _, _, err := a.db.UseEmailChange(ctx, []byte("change"), now); err == nil {
		works = append(works, "change")
	}
	if _, err := a.db.UseEmailVerification(ctx, []byte("verify"), now); err == nil {
		works = append(works, "verify")
	}
	return works
}

// runCredentialChangesVoidLinks: whatever changes an account's password,
// email or session epoch voids every outstanding link of the account.
func runCredentialChangesVoidLinks(t *testing.T, open func(t *testing.T) Stores) {
	ctx := context.Background()
	tests := []struct {
		name   string
		change func(t *testing.T, a *accountLinks)
	}{
		{"a new password", func(t *testing.T, a *accountLinks) {
			_, err := a.db.SetPassword(ctx, a.u.ID, []byte("new hash"))
			must(t, err)
		}},
		{"signing out everywhere", func(t *testing.T, a *accountLinks) {
			_, err := a.db.EndSessions(ctx, a.u.ID)
			must(t, err)
		}},
		{"a password reset", func(t *testing.T, a *accountLinks) {
			_, err := a.db.UsePasswordReset(ctx, []byte("reset"), []byte("new hash"), time.Now())
			must(t, err)
		}},
		{"an email change", func(t *testing.T, a *accountLinks) {
			_, _, err := a.db.UseEmailChange(ctx, []byte("change"), time.Now())
			must(t, err)
		}},
		{"the account claimed by its email's owner", func(t *testing.T, a *accountLinks) {
			_, _, err := a.db.ClaimAccount(ctx, app.AccountClaim{UserID: a.u.ID, Email: a.u.Email, Provider: "google", Subject: "g-1"})
			must(t, err)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newAccountLinks(t, open)
			tt.change(t, a)
			if works := a.outstanding(t); len(works) > 0 {
				t.Errorf("after %s, these links still work: %v", tt.name, works)
			}
		})
	}
	t.Run("a profile change leaves them", func(t *testing.T) {
		a := newAccountLinks(t, open)
		_, err := a.db.UpdateProfile(ctx, a.u.ID, app.Profile{Name: "Annie"})
		must(t, err)
		// The reset, spent first, voids the other two.
		if works := a.outstanding(t); len(works) != 1 || works[0] != "reset" {
			t.Errorf("these links work: %v, want the reset link", works)
		}
	})
}

// runNewerLinkVoidsOlder: of each kind, only the newest link works.
func runNewerLinkVoidsOlder(t *testing.T, open func(t *testing.T) Stores) {
	ctx, expires := context.Background(), time.Now().Add(time.Hour)
	a := newAccountLinks(t, open)
	must(t, a.db.CreatePasswordReset(ctx, app.PasswordReset{UserID: a.u.ID, Email: a.u.Email, TokenHash: []byte("reset 2"), Expires: expires,
		Audit: &app.AuditEntry{ActorName: "Ada", ActorEmail: "ada@example.com", Action: app.AuditResetLink, TargetType: app.AuditTargetUser, TargetID: a.u.ID}}))
	must(t, a.db.CreateEmailChange(ctx, app.EmailChange{UserID: a.u.ID, NewEmail: "ann@new.test", TokenHash: []byte("change 2"), Expires: expires}))
	must(t, a.db.CreateEmailVerification(ctx, app.EmailVerification{UserID: a.u.ID, Email: a.u.Email, TokenHash: []byte("verify 2"), Expires: expires}))
	if _, err := a.db.UsePasswordReset(ctx, []byte("reset"), []byte("h"), time.Now()); app.ErrorKind(err) != app.KindNotFound {
		t.Errorf("the older reset link: %v, want not found", err)
	}
	if _, _, err := a.db.UseEmailChange(ctx, []byte("change"), time.Now()); app.ErrorKind(err) != app.KindNotFound {
		t.Errorf("the older email change link: %v, want not found", err)
	}
	if _, err := a.db.UseEmailVerification(ctx, []byte("verify"), time.Now()); app.ErrorKind(err) != app.KindNotFound {
		t.Errorf("the older confirmation link: %v, want not found", err)
	}
	if _, err := a.db.UseEmailVerification(ctx, []byte("verify 2"), time.Now()); err != nil {
		t.Errorf("the newer confirmation link: %v", err)
	}
}

// runResetLinkBoundToEmail: a reset link made for one email does not
// work once the account has another, even one set without the trigger's
// help (a link kept from before it).
func runResetLinkBoundToEmail(t *testing.T, open func(t *testing.T) Stores) {
	ctx := context.Background()
	db := open(t)
	u := &app.User{Name: "Ann", Email: "ann@example.com", Role: app.RoleBuyer}
	must(t, db.CreateUser(ctx, u, []byte("old hash")))
	must(t, db.CreatePasswordReset(ctx, app.PasswordReset{UserID: u.ID, Email: "ann@old.test", TokenHash: []byte("reset"), Expires: time.Now().Add(time.Hour)}))
	if _, err := db.UsePasswordReset(ctx, []byte("reset"), []byte("new hash"), time.Now()); app.ErrorKind(err) != app.KindNotFound {
		t.Errorf("a link for another email: %v, want not found", err)
	}
	if _, hash, _ := db.PasswordHash(ctx, u.Email); string(hash) != "old hash" {
		t.Errorf("the password is now %q", hash)
	}
}

// runEmailVerifiedBy: what proves an account's email, and what does not.
func runEmailVerifiedBy(t *testing.T, open func(t *testing.T) Stores) {
	ctx := context.Background()
	mail := &app.Mail{To: "ann@example.com", Subject: "Reset", Text: "Link", HTML: "<p>Link</p>"}
	tests := []struct {
		name string
		act  func(t *testing.T, db Stores, u *app.User) (*app.User, error)
		want bool
	}{
		{"a mailed reset link", func(t *testing.T, db Stores, u *app.User) (*app.User, error) {
			must(t, db.CreatePasswordReset(ctx, app.PasswordReset{UserID: u.ID, Email: u.Email, TokenHash: []byte("r"), Expires: time.Now().Add(time.Hour), Mail: mail}))
			return db.UsePasswordReset(ctx, []byte("r"), []byte("new hash"), time.Now())
		}, true},
		{"an admin's reset link", func(t *testing.T, db Stores, u *app.User) (*app.User, error) {
			must(t, db.CreatePasswordReset(ctx, app.PasswordReset{UserID: u.ID, Email: u.Email, TokenHash: []byte("r"), Expires: time.Now().Add(time.Hour)}))
			return db.UsePasswordReset(ctx, []byte("r"), []byte("new hash"), time.Now())
		}, false},
		{"an email change", func(t *testing.T, db Stores, u *app.User) (*app.User, error) {
			must(t, db.CreateEmailChange(ctx, app.EmailChange{UserID: u.ID, NewEmail: "ann@new.test", TokenHash: []byte("c"), Expires: time.Now().Add(time.Hour)}))
			got, _, err := db.UseEmailChange(ctx, []byte("c"), time.Now())
			return got, err
		}, true},
		{"a confirmation link", func(t *testing.T, db Stores, u *app.User) (*app.User, error) {
			must(t, db.CreateEmailVerification(ctx, app.EmailVerification{UserID: u.ID, Email: u.Email, TokenHash: []byte("v"), Expires: time.Now().Add(time.Hour)}))
			return db.UseEmailVerification(ctx, []byte("v"), time.Now())
		}, true},
		{"an expired confirmation link", func(t *testing.T, db Stores, u *app.User) (*app.User, error) {
			must(t, db.CreateEmailVerification(ctx, app.EmailVerification{UserID: u.ID, Email: u.Email, TokenHash: []byte("v"), Expires: time.Now().Add(time.Hour)}))
			_, err := db.UseEmailVerification(ctx, []byte("v"), time.Now().Add(2*time.Hour))
			if app.ErrorKind(err) != app.KindNotFound {
				t.Errorf("an expired link: %v, want not found", err)
			}
			return db.UserByID(ctx, u.ID)
		}, false},
		{"a confirmation link mailed to another address", func(t *testing.T, db Stores, u *app.User) (*app.User, error) {
			must(t, db.CreateEmailVerification(ctx, app.EmailVerification{UserID: u.ID, Email: "ann@old.test", TokenHash: []byte("v"), Expires: time.Now().Add(time.Hour)}))
			if _, err := db.UseEmailVerification(ctx, []byte("v"), time.Now()); app.ErrorKind(err) != app.KindNotFound {
				t.Errorf("a link for another address: %v, want not found", err)
			}
			return db.UserByID(ctx, u.ID)
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := open(t)
			u := &app.User{Name: "Ann", Email: "ann@example.com", Role: app.RoleBuyer}
			must(t, db.CreateUser(ctx, u, []byte("old hash")))
			got, err := tt.act(t, db, u)
			must(t, err)
			if got.EmailVerified != tt.want {
				t.Errorf("email_verified is %v, want %v", got.EmailVerified, tt.want)
			}
		})
	}
}

// runPasswordResetLinks: a link works once, and not after it expires; an
// expired one is spent all the same.
func runPasswordResetLinks(t *testing.T, open func(t *testing.T) Stores) {
	db := open(t)
	ctx := context.Background()
	u := &app.User{Name: "Ann", Email: "ann@example.com", Role: app.RoleBuyer}
	must(t, db.CreateUser(ctx, u, []byte("old hash")))
	now := time.Now()
	link := func(hash string, expires time.Time) app.PasswordReset {
		return app.PasswordReset{UserID: u.ID, Email: u.Email, TokenHash: []byte(hash), Expires: expires}
	}

	tests := []struct {
		name   string
		create *app.PasswordReset // made just before
		hash   string
		at     time.Time
		want   app.Kind
	}{
		{"an expired link", new(link("stale", now.Add(time.Minute))), "stale", now.Add(2 * time.Minute), app.KindNotFound},
		{"the expired link again", nil, "stale", now, app.KindNotFound},
		{"an unknown link", nil, "never", now, app.KindNotFound},
		{"a valid link", new(link("fresh", now.Add(time.Hour))), "fresh", now.Add(59 * time.Minute), ""},
		{"the same link again", nil, "fresh", now, app.KindNotFound},
	}
	for _, tt := range tests {
		if tt.create != nil {
			must(t, db.CreatePasswordReset(ctx, *tt.create))
		}
		got, err := db.UsePasswordReset(ctx, []byte(tt.hash), []byte("new hash"), tt.at)
		if app.ErrorKind(err) != tt.want {
			t.Fatalf("%s: %v, want %q", tt.name, err, tt.want)
		}
		if err == nil && (got.ID != u.ID || got.SessionEpoch != 1) {
			t.Errorf("%s: the account reads %+v, want epoch 1", tt.name, got)
		}
	}
	_, hash, err := db.PasswordHash(ctx, "ann@example.com")
	if err != nil || string(hash) != "new hash" {
		t.Errorf("the password hash is %q (%v)", hash, err)
	}
}
