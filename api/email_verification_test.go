package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rehome/app"
)

func confirmEmail(c *client, token string) *response {
	return c.call("POST", "/api/auth/email/confirm", map[string]string{"token": token})
}

// me is who c is signed in as: the zero User when nobody is (204).
func me(t *testing.T, c *client) app.User {
	t.Helper()
	r := c.call("GET", "/api/auth/me", nil)
	if r.status == http.StatusNoContent {
		return app.User{}
	}
	return decode[app.User](t, r)
}

// TestConfirmingEmail: sign-up mails a link that proves the address; Profile
// asks for a fresh one, which voids the one before.
func TestConfirmingEmail(t *testing.T) {
	t.Parallel()
	e, sink := withMail(t)
	bea, u := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	if u.EmailVerified {
		t.Error("a new account's email counts as proven")
	}
	first := tokenOf(t, confirmationFor(t, sink, "bea@example.com", 1), "/confirm-email")

	r := bea.call("POST", "/api/auth/email/verify", nil)
	expectStatus(t, r, http.StatusAccepted)
	if got, want := decode[map[string]string](t, r)["message"], app.EmailVerificationSentMessage("bea@example.com"); got != want {
		t.Errorf("the answer is %q, want %q", got, want)
	}
	second := tokenOf(t, confirmationFor(t, sink, "bea@example.com", 2), "/confirm-email")
	expectError(t, confirmEmail(e.client(), first), http.StatusUnprocessableEntity, "", map[string]string{"token": app.EmailLinkUsedMessage})
	if me(t, bea).EmailVerified {
		t.Fatal("a voided link proved the email")
	}

	// Whoever opens it, once.
	r = confirmEmail(e.client(), second)
	expectStatus(t, r, http.StatusOK)
	if got := decode[map[string]string](t, r); got["email"] != "bea@example.com" || got["kind"] != "verification" {
		t.Errorf("confirmed %v", got)
	}
	if !me(t, bea).EmailVerified {
		t.Error("the email is not proven after its link was opened")
	}
	expectError(t, confirmEmail(e.client(), second), http.StatusUnprocessableEntity, "", map[string]string{"token": app.EmailLinkUsedMessage})
	expectError(t, bea.call("POST", "/api/auth/email/verify", nil), http.StatusConflict, app.AlreadyVerifiedMessage, nil)
	expectStatus(t, e.client().call("POST", "/api/auth/email/verify", nil), http.StatusUnauthorized)

	t.Run("so many mails an hour", func(t *testing.T) {
		sam, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
		for range app.EmailVerificationsPerHour {
			expectStatus(t, sam.call("POST", "/api/auth/email/verify", nil), http.StatusAccepted)
		}
		r := sam.call("POST", "/api/auth/email/verify", nil)
		expectStatus(t, r, http.StatusTooManyRequests)
		if r.header.Get("Retry-After") == "" {
			t.Error("no Retry-After")
		}
	})

	t.Run("an email change proves the new address and voids the sign-up's link", func(t *testing.T) {
		pat, _ := e.register("Pat", "pat@example.com", app.RoleBuyer)
		signUp := tokenOf(t, confirmationFor(t, sink, "pat@example.com", 1), "/confirm-email")
		expectStatus(t, changeEmail(pat, "pat@new.example", testPassword), http.StatusAccepted)
		r := confirmEmail(e.client(), tokenOf(t, mailFor(t, sink, "pat@new.example", 1), "/confirm-email"))
		expectStatus(t, r, http.StatusOK)
		if got := decode[map[string]string](t, r); got["email"] != "pat@new.example" || got["kind"] != "change" {
			t.Errorf("confirmed %v", got)
		}
		if u := me(t, pat); u.Email != "pat@new.example" || !u.EmailVerified {
			t.Errorf("me reads %+v", u)
		}
		expectError(t, confirmEmail(e.client(), signUp), http.StatusUnprocessableEntity, "", map[string]string{"token": app.EmailLinkUsedMessage})
	})

	t.Run("a mailed reset link proves the address", func(t *testing.T) {
		_, _ = e.register("Ria", "ria@example.com", app.RoleBuyer)
		expectStatus(t, forgot(e.client(), "ria@example.com"), http.StatusAccepted)
		c := e.client()
		token := tokenOf(t, mailFor(t, sink, "ria@example.com", 1), "/reset-password")
		expectStatus(t, c.call("POST", "/api/auth/password/reset", map[string]string{"token": token, "password": "new password 1"}), http.StatusOK)
		if !me(t, c).EmailVerified {
			t.Error("the reset did not prove the email")
		}
	})
}

func TestConfirmingEmailWithoutMail(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, _ := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	expectError(t, c.call("POST", "/api/auth/email/verify", nil), http.StatusConflict, app.NoMailMessage, nil)
}

// TestLinksEndWithTheirPurpose: an admin's reset link stops working once
// the account's password, email or sessions change, or a newer link comes.
func TestLinksEndWithTheirPurpose(t *testing.T) {
	t.Parallel()
	e, sink := withMail(t)
	admin, _ := e.admin("admin@example.com")
	bea, u := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	resetLink := func() string {
		t.Helper()
		r := admin.call("POST", fmt.Sprintf("/api/users/%d/reset-link", u.ID), nil)
		expectStatus(t, r, http.StatusCreated)
		return linkToken(t, decode[map[string]string](t, r)["url"])
	}
	spend := func(token string) *response {
		return e.client().call("POST", "/api/auth/password/reset", map[string]string{"token": token, "password": "a newer password"})
	}
	voided := func(t *testing.T, token string) {
		t.Helper()
		expectError(t, spend(token), http.StatusUnprocessableEntity, "", map[string]string{"token": app.ResetLinkUsedMessage})
	}
	password := testPassword

	t.Run("a password change", func(t *testing.T) {
		token := resetLink()
		r := bea.call("POST", "/api/auth/password", map[string]string{"current_password": password, "new_password": "changed password"})
		expectStatus(t, r, http.StatusOK)
		password = "changed password"
		voided(t, token)
	})
	t.Run("signing out everywhere else", func(t *testing.T) {
		token := resetLink()
		expectStatus(t, bea.call("DELETE", "/api/auth/sessions", nil), http.StatusNoContent)
		voided(t, token)
	})
	t.Run("a newer link", func(t *testing.T) {
		token := resetLink()
		newer := resetLink()
		voided(t, token)
		expectStatus(t, spend(newer), http.StatusOK)
		password = "a newer password"
		bea = e.client()
		expectStatus(t, bea.call("POST", "/api/auth/login", map[string]string{"email": "bea@example.com", "password": password}), http.StatusOK)
	})
	t.Run("a reset voids an email change waiting for its link", func(t *testing.T) {
		expectStatus(t, changeEmail(bea, "bea@new.example", password), http.StatusAccepted)
		change := tokenOf(t, mailFor(t, sink, "bea@new.example", 1), "/confirm-email")
		expectStatus(t, spend(resetLink()), http.StatusOK)
		password = "a newer password"
		expectError(t, confirmEmail(e.client(), change), http.StatusUnprocessableEntity, "", map[string]string{"token": app.EmailLinkUsedMessage})
		bea = e.client()
		expectStatus(t, bea.call("POST", "/api/auth/login", map[string]string{"email": "bea@example.com", "password": password}), http.StatusOK)
	})
	t.Run("an email change", func(t *testing.T) {
		token := resetLink()
		expectStatus(t, changeEmail(bea, "bea@other.example", password), http.StatusAccepted)
		expectStatus(t, confirmEmail(e.client(), tokenOf(t, mailFor(t, sink, "bea@other.example", 1), "/confirm-email")), http.StatusOK)
		voided(t, token)
	})
}

// linkToken is the token of a link to the web app.
func linkToken(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Query().Get("token") == "" {
		t.Fatalf("no token in %q", link)
	}
	return u.Query().Get("token")
}

// TestEmailVerifiedStaysPrivate: whether an email is confirmed is the
// person's own fact, and admins': no public answer, nor another person's
// view of a listing, carries it.
func TestEmailVerifiedStaysPrivate(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	id := s.mpProduct(t, "Tables")
	buyer, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	for _, c := range []*client{s.client(), buyer} {
		for _, path := range []string{
			fmt.Sprintf("/api/products/%d", id), "/api/products?q=oak", "/api/categories", "/api/categories/Tables",
			"/api/advertised", "/api/myproducts/seller@example.com",
		} {
			r := c.call("GET", path, nil)
			if strings.Contains(string(r.body), "email_verified") {
				t.Errorf("GET %s (status %d) shows email_verified: %s", path, r.status, r.body)
			}
		}
	}
	if !strings.Contains(string(s.admin.call("GET", "/api/sellers", nil).body), `"email_verified":false`) {
		t.Error("the admin's list of sellers does not say whether their emails are confirmed")
	}
}
