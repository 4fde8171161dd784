package api_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"

	"rehome/api"
	"rehome/app"
	"rehome/internal/oidcmock"
	"rehome/oidc"
)

// person is someone at the provider, with the claims Google sends.
type person struct {
	mockoidc.MockUser
	name, picture string
	audience      string // when set, the token says it is for another client
}

func (p *person) Claims(_ []string, claims *mockoidc.IDTokenClaims) (jwt.Claims, error) {
	if p.audience != "" {
		claims.Audience = jwt.ClaimStrings{p.audience}
	}
	return &struct {
		*mockoidc.IDTokenClaims
		Email         string `json:"email,omitempty"`
		EmailVerified bool   `json:"email_verified"`
		Name          string `json:"name,omitempty"`
		Picture       string `json:"picture,omitempty"`
	}{claims, p.Email, p.EmailVerified, p.name, p.picture}, nil
}

// provider is a local OpenID Connect provider and a server that trusts it.
type provider struct {
	*mockoidc.MockOIDC
	env     *env
	picture string // an https address of a picture the server can fetch
}

func withProvider(t *testing.T) *provider {
	t.Helper()
	return withProviderAnd(t, func(t *testing.T, cfg api.Config) *env { return serverWith(t, t.TempDir(), cfg) })
}

// withProviderAnd is withProvider on a server that start makes.
func withProviderAnd(t *testing.T, start func(*testing.T, api.Config) *env) *provider {
	t.Helper()
	m := oidcmock.Start(t)
	pictures := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write(pngImage(t, 96, 96))
	}))
	t.Cleanup(pictures.Close)
	e := start(t, api.Config{OIDC: &oidc.Config{
		Issuer: m.Issuer(), ClientID: m.ClientID, ClientSecret: m.ClientSecret,
		HTTPClient: pictures.Client(), // trusts the picture server's certificate; plain HTTP to the provider
	}})
	return &provider{MockOIDC: m, env: e, picture: pictures.URL + "/photo.png"}
}

// signIn runs the whole round trip for c as p, following every redirect,
// and returns where the browser ended up.
func (p *provider) signIn(t *testing.T, c *client, who *person, next string) *url.URL {
	t.Helper()
	if who != nil {
		p.QueueUser(who)
	}
	res, err := c.http.Get(c.base + "/api/auth/google?next=" + url.QueryEscape(next))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.Request.URL
}

// stopAt is a client that does not follow redirects: each answer is seen.
func stopAt(c *client) *http.Client {
	h := *c.http
	h.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &h
}

// step gets address with h and returns the redirect's target.
func step(t *testing.T, h *http.Client, address string) *url.URL {
	t.Helper()
	res, err := h.Get(address)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	checkAnswer(t, res, body)
	if res.StatusCode != http.StatusFound {
		t.Fatalf("GET %s: status %d, want a redirect", address, res.StatusCode)
	}
	loc, err := url.Parse(res.Header.Get("Location")) // as sent, not resolved
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// expectLoginError checks the browser was sent to /login with a message.
func expectLoginError(t *testing.T, at *url.URL, want string) {
	t.Helper()
	if at.Path != "/login" || !strings.Contains(at.Query().Get("error"), want) {
		t.Errorf("ended at %s, want /login with an error saying %q", at, want)
	}
}

func jane() *person {
	return &person{MockUser: *mockoidc.DefaultUser(), name: "Jane Doe"}
}

func TestProviders(t *testing.T) {
	t.Parallel()
	off := newEnv(t).client().call("GET", "/api/auth/providers", nil)
	expectStatus(t, off, http.StatusOK)
	if got := strings.TrimSpace(string(off.body)); got != `{"google":false,"mail":false}` {
		t.Errorf("without a provider: %s", got)
	}
	on := withProvider(t).env.client().call("GET", "/api/auth/providers", nil)
	if got := strings.TrimSpace(string(on.body)); got != `{"google":true,"mail":false}` {
		t.Errorf("with a provider: %s", got)
	}
}

func TestSignInWithGoogle(t *testing.T) {
	t.Parallel()
	p := withProvider(t)
	e := p.env

	t.Run("a new person becomes a Buyer with their name and picture", func(t *testing.T) {
		c := e.client()
		who := jane()
		who.picture = p.picture
		at := p.signIn(t, c, who, "/dashboard/my-orders?tab=1")
		if at.Path != "/dashboard/my-orders" || at.RawQuery != "tab=1" {
			t.Errorf("ended at %s, want /dashboard/my-orders?tab=1", at)
		}
		me := decode[app.User](t, c.call("GET", "/api/auth/me", nil))
		if me.Email != "jane.doe@example.com" || me.Role != app.RoleBuyer || me.Name != "Jane Doe" || !me.EmailVerified || me.HasPassword {
			t.Errorf("signed in as %+v, want a new buyer, its email proven, without a password", me)
		}
		if me.Image == "" {
			t.Fatal("the picture was not stored")
		}
		expectStatus(t, c.call("GET", me.Image, nil), http.StatusOK)
	})

	t.Run("the same person again, with a new email at Google, is the same account", func(t *testing.T) {
		c := e.client()
		who := jane()
		who.Email = "jane@newmail.example"
		p.signIn(t, c, who, "/")
		me := decode[app.User](t, c.call("GET", "/api/auth/me", nil))
		if me.Email != "jane.doe@example.com" {
			t.Errorf("signed in as %s, want the account first linked", me.Email)
		}
	})

	t.Run("a password account whose email was proven asks for its password, and keeps it", func(t *testing.T) {
		// The operator vouched for an admin's email.
		before, ada := e.admin("ada@example.com")
		c := e.client()
		who := &person{MockUser: mockoidc.MockUser{Subject: "ada-at-google", Email: "Ada@Example.com", EmailVerified: true}}
		if at := p.signIn(t, c, who, "/"); at.Path != "/link-google" || at.Query().Get("email") != "ada@example.com" {
			t.Errorf("ended at %s, want the screen that asks for the password", at)
		}
		expectNobody(t, c.call("GET", "/api/auth/me", nil))
		r := c.call("POST", "/api/auth/google/link", map[string]string{"password": testPassword})
		expectStatus(t, r, http.StatusOK)
		if me := decode[app.User](t, c.call("GET", "/api/auth/me", nil)); me.ID != ada.ID || me.Role != app.RoleAdmin || !me.HasPassword {
			t.Errorf("signed in as %+v, want Ada's account with its password", me)
		}
		expectStatus(t, e.client().call("POST", "/api/auth/login", map[string]string{"email": "ada@example.com", "password": testPassword}),
			http.StatusOK)
		if me := decode[app.User](t, before.call("GET", "/api/auth/me", nil)); me.ID != ada.ID {
			t.Errorf("the session from before reads %+v", me)
		}
	})

	t.Run("an unverified email that matches an account is refused", func(t *testing.T) {
		e.register("Olga Owner", "olga@example.com", app.RoleBuyer)
		c := e.client()
		who := &person{MockUser: mockoidc.MockUser{Subject: "not-olga", Email: "olga@example.com", EmailVerified: false}}
		expectLoginError(t, p.signIn(t, c, who, "/"), "Google has not verified the email")
		expectNobody(t, c.call("GET", "/api/auth/me", nil))
	})

	t.Run("a Google-only account has no password to guess", func(t *testing.T) {
		r := e.client().call("POST", "/api/auth/login", map[string]string{"email": "jane.doe@example.com", "password": ""})
		expectStatus(t, r, http.StatusUnprocessableEntity)
		r = e.client().call("POST", "/api/auth/login", map[string]string{"email": "jane.doe@example.com", "password": "anything at all"})
		expectError(t, r, http.StatusUnauthorized, "Invalid email or password", nil)
	})
}

func TestSignInWithGoogleRefusesForgeries(t *testing.T) {
	t.Parallel()
	p := withProvider(t)
	e := p.env

	// callbackOf starts a sign-in for c and returns the callback address the
	// provider sends the browser to, without following it.
	callbackOf := func(t *testing.T, c *client, change func(authorize *url.URL)) *url.URL {
		t.Helper()
		h := stopAt(c)
		authorize := step(t, h, c.base+"/api/auth/google?next=/")
		if change != nil {
			change(authorize)
		}
		return step(t, h, authorize.String())
	}

	t.Run("a tampered state", func(t *testing.T) {
		c := e.client()
		callback := callbackOf(t, c, nil)
		q := callback.Query()
		q.Set("state", q.Get("state")+"x")
		callback.RawQuery = q.Encode()
		expectLoginError(t, step(t, stopAt(c), callback.String()), "not started here")
		expectNobody(t, c.call("GET", "/api/auth/me", nil))
	})

	t.Run("a callback in another browser", func(t *testing.T) {
		callback := callbackOf(t, e.client(), nil)
		thief := e.client()
		expectLoginError(t, step(t, stopAt(thief), callback.String()), "not started here")
		expectNobody(t, thief.call("GET", "/api/auth/me", nil))
	})

	t.Run("a replayed callback", func(t *testing.T) {
		c := e.client()
		callback := callbackOf(t, c, nil)
		if at := step(t, stopAt(c), callback.String()); at.String() != "/" {
			t.Fatalf("first callback went to %s", at)
		}
		expectStatus(t, c.call("POST", "/api/auth/logout", nil), http.StatusNoContent)
		expectLoginError(t, step(t, stopAt(c), callback.String()), "already used")
		expectNobody(t, c.call("GET", "/api/auth/me", nil))
	})

	t.Run("a nonce changed on the way", func(t *testing.T) {
		c := e.client()
		callback := callbackOf(t, c, func(authorize *url.URL) {
			q := authorize.Query()
			q.Set("nonce", "chosen-by-an-attacker")
			authorize.RawQuery = q.Encode()
		})
		expectLoginError(t, step(t, stopAt(c), callback.String()), "could not be trusted")
		expectNobody(t, c.call("GET", "/api/auth/me", nil))
	})

	t.Run("a token for another client", func(t *testing.T) {
		c := e.client()
		who := jane()
		who.audience = "another-client"
		expectLoginError(t, p.signIn(t, c, who, "/"), "could not be trusted")
		expectNobody(t, c.call("GET", "/api/auth/me", nil))
	})

	t.Run("consent denied", func(t *testing.T) {
		c := e.client()
		callback := callbackOf(t, c, nil)
		q := url.Values{"error": {"access_denied"}, "state": {callback.Query().Get("state")}}
		callback.RawQuery = q.Encode()
		expectLoginError(t, step(t, stopAt(c), callback.String()), "You did not allow signing in with Google")
	})

	for _, next := range []string{"//evil.example/x", "https://evil.example/", `/\evil.example`, "evil.example", "/%2F%2Fevil.example", "javascript:alert(1)"} {
		t.Run("no redirect away: "+next, func(t *testing.T) {
			c := e.client()
			h := stopAt(c)
			authorize := step(t, h, c.base+"/api/auth/google?next="+url.QueryEscape(next))
			callback := step(t, h, authorize.String())
			at := step(t, h, callback.String()).String()
			if !strings.HasPrefix(at, "/") || strings.HasPrefix(at, "//") || strings.HasPrefix(at, `/\`) {
				t.Errorf("next %q sent the browser to %q", next, at)
			}
		})
	}
}

func TestSignInWithGoogleWhenNotSetUp(t *testing.T) {
	t.Parallel()
	c := newEnv(t).client()
	expectLoginError(t, step(t, stopAt(c), c.base+"/api/auth/google?next=/"), "not set up")
}
