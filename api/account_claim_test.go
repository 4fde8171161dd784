package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/oauth2-proxy/mockoidc"

	"rehome/api"
	"rehome/app"
	"rehome/internal/mailsink"
)

// TestGoogleTakesOverAnUnprovenAccount: someone signed up with another
// person's email; when that person signs in with Google, which verified
// it, the account is theirs alone: the first person's password, sessions
// and links stop working, and the audit log says what happened.
func TestGoogleTakesOverAnUnprovenAccount(t *testing.T) {
	t.Parallel()
	p := withProvider(t)
	e := p.env
	admin, _ := e.admin("admin@example.com")
	squatter, account := e.register("Squatter", "victim@example.com", app.RoleSeller)
	r := admin.call("POST", fmt.Sprintf("/api/users/%d/reset-link", account.ID), nil)
	expectStatus(t, r, http.StatusCreated)
	resetToken := linkToken(t, decode[map[string]string](t, r)["url"])

	owner := e.client()
	who := &person{MockUser: mockoidc.MockUser{Subject: "victim-at-google", Email: "victim@example.com", EmailVerified: true}}
	at := p.signIn(t, owner, who, "/dashboard")
	if at.Path != "/dashboard/profile" || at.Query().Get("notice") != "password-removed" {
		t.Errorf("ended at %s, want the Profile with the notice", at)
	}
	got := me(t, owner)
	if got.ID != account.ID || !got.EmailVerified || got.HasPassword {
		t.Errorf("signed in as %+v, want the account, its email proven and without a password", got)
	}

	expectNobody(t, squatter.call("GET", "/api/auth/me", nil))
	expectError(t, e.client().call("POST", "/api/auth/login", map[string]string{"email": "victim@example.com", "password": testPassword}),
		http.StatusUnauthorized, "Invalid email or password", nil)
	expectError(t, e.client().call("POST", "/api/auth/password/reset", map[string]string{"token": resetToken, "password": "squatter's new one"}),
		http.StatusUnprocessableEntity, "", map[string]string{"token": app.ResetLinkUsedMessage})

	log := decode[app.List[app.AuditEntry]](t, admin.call("GET", "/api/audit", nil))
	if len(log.Items) == 0 || log.Items[0].Action != app.AuditClaimAccount || log.Items[0].TargetID != account.ID {
		t.Errorf("the audit log reads %+v", log.Items)
	}

	// The owner sets a password of their own from Profile, with no current one.
	r = owner.call("POST", "/api/auth/password", map[string]string{"new_password": "the owner's password"})
	expectStatus(t, r, http.StatusOK)
	expectStatus(t, e.client().call("POST", "/api/auth/login", map[string]string{"email": "victim@example.com", "password": "the owner's password"}),
		http.StatusOK)
	if !me(t, owner).HasPassword {
		t.Error("GET /api/auth/me says the account still has no password")
	}

	t.Run("signing in again is an ordinary sign-in", func(t *testing.T) {
		again := e.client()
		if at := p.signIn(t, again, who, "/dashboard"); at.Path != "/dashboard" {
			t.Errorf("ended at %s", at)
		}
		if me(t, owner).ID != account.ID {
			t.Error("signing in again ended the owner's session")
		}
	})
}

// TestAccountTakeoverIsMailed: with mail, the address is told what became
// of the account, and the squatter's pending links die with the takeover.
func TestAccountTakeoverIsMailed(t *testing.T) {
	t.Parallel()
	var sink *mailsink.Sink
	p := withProviderAnd(t, func(t *testing.T, cfg api.Config) *env {
		e, s := withMailConfig(t, cfg)
		sink = s
		return e
	})
	e := p.env
	squatter, _ := e.register("Squatter", "victim@example.com", app.RoleBuyer)
	signUpLink := tokenOf(t, confirmationFor(t, sink, "victim@example.com", 1), "/confirm-email")
	expectStatus(t, changeEmail(squatter, "squatter@example.com", testPassword), http.StatusAccepted)
	change := tokenOf(t, mailFor(t, sink, "squatter@example.com", 1), "/confirm-email")

	owner := e.client()
	who := &person{MockUser: mockoidc.MockUser{Subject: "victim-at-google", Email: "victim@example.com", EmailVerified: true}}
	p.signIn(t, owner, who, "/")
	m := mailFor(t, sink, "victim@example.com", 1)
	if m.Subject != "Your Rehome account is now signed in with Google" || !strings.Contains(m.Text, "Any password set on it before was removed") {
		t.Errorf("the owner got %q:\n%s", m.Subject, m.Text)
	}
	expectError(t, confirmEmail(e.client(), change), http.StatusUnprocessableEntity, "", map[string]string{"token": app.EmailLinkUsedMessage})
	expectError(t, confirmEmail(e.client(), signUpLink), http.StatusUnprocessableEntity, "", map[string]string{"token": app.EmailLinkUsedMessage})
	if u := me(t, owner); u.Email != "victim@example.com" || !u.EmailVerified {
		t.Errorf("the owner's account reads %+v", u)
	}
}
