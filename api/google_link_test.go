package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/oauth2-proxy/mockoidc"

	"rehome/api"
	"rehome/app"
	"rehome/internal/mailsink"
)

// clock is a server's clock that a test moves forward.
type clock struct{ ahead atomic.Int64 }

func (c *clock) now() time.Time          { return time.Now().Add(time.Duration(c.ahead.Load())) }
func (c *clock) forward(d time.Duration) { c.ahead.Add(int64(d)) }

func linkGoogle(c *client, password string) *response {
	return c.call("POST", "/api/auth/google/link", map[string]string{"password": password})
}

// TestGoogleAsksForThePasswordOfAProvenAccount: someone signed up with
// another person's email, and its owner confirmed the "Confirm your email"
// mail. When the owner signs in with Google, the account's password is
// still the one its maker set, so Google alone does not open it: the
// password does, once, and only within the login limits.
func TestGoogleAsksForThePasswordOfAProvenAccount(t *testing.T) {
	t.Parallel()
	var sink *mailsink.Sink
	clk := &clock{}
	p := withProviderAnd(t, func(t *testing.T, cfg api.Config) *env {
		cfg.Now = clk.now
		e, s := withMailConfig(t, cfg)
		sink = s
		return e
	})
	e := p.env
	maker, account := e.register("Maker", "owner@example.com", app.RoleSeller)
	expectStatus(t, confirmEmail(e.client(), tokenOf(t, confirmationFor(t, sink, "owner@example.com", 1), "/confirm-email")), http.StatusOK)
	owner := &person{MockUser: mockoidc.MockUser{Subject: "owner-at-google", Email: "owner@example.com", EmailVerified: true}}

	t.Run("Google alone signs nobody in, and the screen asks for the password", func(t *testing.T) {
		c := e.client()
		at := p.signIn(t, c, owner, "/dashboard/myorders")
		if at.Path != "/link-google" || at.Query().Get("email") != "owner@example.com" || at.Query().Get("next") != "/dashboard/myorders" {
			t.Errorf("ended at %s, want /link-google with the email and where to go next", at)
		}
		expectNobody(t, c.call("GET", "/api/auth/me", nil))
		if u := me(t, maker); u.ID != account.ID || !u.HasPassword {
			t.Errorf("the maker's session reads %+v", u)
		}
	})

	t.Run("a password is required", func(t *testing.T) {
		c := e.client()
		p.signIn(t, c, owner, "/")
		expectError(t, linkGoogle(c, ""), http.StatusUnprocessableEntity, "", map[string]string{"password": app.RequiredMessage})
	})

	t.Run("without a Google sign-in waiting, there is nothing to link", func(t *testing.T) {
		expectError(t, linkGoogle(e.client(), testPassword), http.StatusConflict, app.LinkExpiredMessage, nil)
	})

	t.Run("the waiting sign-in expires", func(t *testing.T) {
		c := e.client()
		p.signIn(t, c, owner, "/")
		clk.forward(11 * time.Minute)
		expectError(t, linkGoogle(c, testPassword), http.StatusConflict, app.LinkExpiredMessage, nil)
		expectNobody(t, c.call("GET", "/api/auth/me", nil))
	})

	t.Run("another Google sign-in in the same browser replaces the waiting one", func(t *testing.T) {
		c := e.client()
		p.signIn(t, c, owner, "/")
		p.signIn(t, c, jane(), "/")
		expectError(t, linkGoogle(c, testPassword), http.StatusConflict, app.LinkExpiredMessage, nil)
		if u := me(t, c); u.Email != "jane.doe@example.com" {
			t.Errorf("signed in as %+v, want Jane", u)
		}
	})

	t.Run("the right password links Google and signs in, once", func(t *testing.T) {
		c := e.client()
		p.signIn(t, c, owner, "/")
		expectError(t, linkGoogle(c, "not the password"), http.StatusUnauthorized, app.WrongAccountPasswordMessage,
			map[string]string{"password": app.WrongAccountPasswordMessage})
		expectNobody(t, c.call("GET", "/api/auth/me", nil))
		r := linkGoogle(c, testPassword)
		expectStatus(t, r, http.StatusOK)
		if sessionCookie(r) == nil {
			t.Error("signing in kept the session's token")
		}
		if u := decode[app.User](t, r); u.ID != account.ID || !u.HasPassword {
			t.Errorf("answered %+v, want the account with its password", u)
		}
		if u := me(t, c); u.ID != account.ID {
			t.Errorf("signed in as %+v", u)
		}
		expectError(t, linkGoogle(c, testPassword), http.StatusConflict, app.LinkExpiredMessage, nil)

		again := e.client()
		if at := p.signIn(t, again, owner, "/"); at.Path != "/" {
			t.Errorf("a later Google sign-in ended at %s, want straight in", at)
		}
		if u := me(t, again); u.ID != account.ID {
			t.Errorf("a later Google sign-in is %+v", u)
		}
	})
}

// TestLinkingGoogleCountsAsLoggingIn: wrong passwords given to link Google
// are failed logins, and the login limits stop them as they stop logins.
func TestLinkingGoogleCountsAsLoggingIn(t *testing.T) {
	t.Parallel()
	p := withProvider(t)
	e := p.env
	e.admin("ada@example.com")
	c := e.client()
	p.signIn(t, c, &person{MockUser: mockoidc.MockUser{Subject: "ada-at-google", Email: "ada@example.com", EmailVerified: true}}, "/")
	for i := 1; i <= app.LoginFailuresPerAccountAndAddress; i++ {
		expectStatus(t, linkGoogle(c, fmt.Sprintf("guess number %d", i)), http.StatusUnauthorized)
	}
	expectError(t, linkGoogle(c, testPassword), http.StatusTooManyRequests, "Too many failed attempts. Try again later.", nil)
	expectError(t, c.call("POST", "/api/auth/login", map[string]string{"email": "ada@example.com", "password": testPassword}),
		http.StatusTooManyRequests, "", nil)
	expectNobody(t, c.call("GET", "/api/auth/me", nil))
	// As with logins, the owner elsewhere is not locked out by the guesses.
	expectStatus(t, e.client().call("POST", "/api/auth/login", map[string]string{"email": "ada@example.com", "password": testPassword}),
		http.StatusOK)
}

// TestLinkingGoogleFromProfile: a signed-in person links to their account
// the Google account with its email; one with another email is refused
// (else whoever made an account with another person's email could keep a
// way in through a password reset), and one linked to another account
// stays there.
func TestLinkingGoogleFromProfile(t *testing.T) {
	t.Parallel()
	p := withProvider(t)
	e := p.env
	bea, account := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	beaAtGoogle := &person{MockUser: mockoidc.MockUser{Subject: "bea-at-google", Email: "Bea@example.com", EmailVerified: true}}

	link := func(t *testing.T, c *client, who *person) *url.URL {
		t.Helper()
		p.QueueUser(who)
		res, err := c.http.Get(c.base + "/api/auth/google?link=1")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.Request.URL
	}

	at := link(t, bea, beaAtGoogle)
	if at.Path != "/dashboard/profile" || at.Query().Get("notice") != "google-linked" {
		t.Errorf("ended at %s, want Profile saying Google is linked", at)
	}
	if u := me(t, bea); u.ID != account.ID || !u.HasPassword {
		t.Errorf("after linking, the session reads %+v", u)
	}
	c := e.client()
	if at := p.signIn(t, c, beaAtGoogle, "/"); at.Path != "/" {
		t.Errorf("signing in with the linked Google account ended at %s", at)
	}
	if u := me(t, c); u.ID != account.ID {
		t.Errorf("signing in with the linked Google account gave %+v", u)
	}

	t.Run("a Google account with another email, or one Google has not verified, is refused", func(t *testing.T) {
		olga, _ := e.register("Olga Other", "olga@example.com", app.RoleBuyer)
		for _, who := range []*person{
			{MockUser: mockoidc.MockUser{Subject: "someone-at-google", Email: "someone@gmail.example", EmailVerified: true}},
			{MockUser: mockoidc.MockUser{Subject: "unverified-at-google", Email: "olga@example.com", EmailVerified: false}},
		} {
			if at := link(t, olga, who); at.Path != "/dashboard/profile" || at.Query().Get("error") != app.OtherEmailMessage {
				t.Errorf("%s: ended at %s, want Profile with the reason", who.Email, at)
			}
			c := e.client()
			p.signIn(t, c, who, "/")
			if u := me(t, c); u.Email == "olga@example.com" {
				t.Errorf("%s signs in to Olga's account", who.Subject)
			}
		}
	})

	t.Run("linking the same Google account again changes nothing", func(t *testing.T) {
		if at := link(t, bea, beaAtGoogle); at.Query().Get("notice") != "google-linked" {
			t.Errorf("ended at %s", at)
		}
	})

	t.Run("a Google account linked to another account is refused", func(t *testing.T) {
		pia, _ := e.register("Pia Other", "pia@example.com", app.RoleBuyer)
		at := link(t, pia, beaAtGoogle)
		if at.Path != "/dashboard/profile" || at.Query().Get("error") != app.IdentityTakenMessage {
			t.Errorf("ended at %s, want Profile with the reason", at)
		}
		c := e.client()
		p.signIn(t, c, beaAtGoogle, "/")
		if u := me(t, c); u.ID != account.ID {
			t.Errorf("the Google account now signs in as %+v", u)
		}
	})

	t.Run("nobody signed in has nothing to link to", func(t *testing.T) {
		c := e.client()
		at, err := c.http.Get(c.base + "/api/auth/google?link=1")
		if err != nil {
			t.Fatal(err)
		}
		at.Body.Close()
		expectLoginError(t, at.Request.URL, "Log in first")
		expectNobody(t, c.call("GET", "/api/auth/me", nil))
	})

	t.Run("another account signed in meanwhile in the same browser gets nothing", func(t *testing.T) {
		dora, _ := e.register("Dora", "dora@example.com", app.RoleBuyer)
		h := stopAt(dora)
		authorize := step(t, h, dora.base+"/api/auth/google?link=1")
		p.QueueUser(&person{MockUser: mockoidc.MockUser{Subject: "dora-at-google", Email: "dora@gmail.example", EmailVerified: true}})
		callback := step(t, h, authorize.String())
		expectStatus(t, dora.call("POST", "/api/auth/login", map[string]string{"email": "bea@example.com", "password": testPassword}), http.StatusOK)
		if at := step(t, h, callback.String()); at.Path != "/dashboard/profile" || at.Query().Get("error") == "" {
			t.Errorf("ended at %s, want Profile with the reason", at)
		}
		c := e.client()
		p.signIn(t, c, &person{MockUser: mockoidc.MockUser{Subject: "dora-at-google", Email: "dora@gmail.example", EmailVerified: true}}, "/")
		if u := me(t, c); u.Email != "dora@gmail.example" {
			t.Errorf("the Google account signs in as %+v, want a new account of its own", u)
		}
	})
}
