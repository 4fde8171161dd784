package api_test

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"rehome/app"
)

// sessionCookie is the rehome_session cookie an answer sets, or nil.
func sessionCookie(r *response) *http.Cookie {
	for _, c := range (&http.Response{Header: r.header}).Cookies() {
		if c.Name == "rehome_session" {
			return c
		}
	}
	return nil
}

// withCookie is a fresh client (no jar) that sends only the given session token.
func (e *env) withCookie(token string) func(method, path string) *response {
	c := e.client()
	c.http.Jar = nil
	return func(method, path string) *response {
		return c.send(method, path, "", nil, "Cookie", "rehome_session="+token)
	}
}

// expectError checks an error answer: status, message (when want is not
// empty) and exactly the given per-field messages.
func expectError(t *testing.T, r *response, status int, message string, fields map[string]string) {
	t.Helper()
	if r.status != status {
		t.Errorf("status %d, want %d; body %s", r.status, status, r.body)
		return
	}
	if ct := r.header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q, want application/json", ct)
	}
	got := decode[errorReply](t, r)
	if got.Error == "" {
		t.Errorf("error message is empty; body %s", r.body)
	}
	if message != "" && got.Error != message {
		t.Errorf("error %q, want %q", got.Error, message)
	}
	if len(fields) == 0 && len(got.Fields) != 0 {
		t.Errorf("fields %v, want none", got.Fields)
	}
	if len(fields) != 0 && !maps.Equal(got.Fields, fields) {
		t.Errorf("fields %v, want %v", got.Fields, fields)
	}
}

func registerForm(name, email, role string) map[string]string {
	return map[string]string{"name": name, "email": email, "password": testPassword, "role": role}
}

func TestRegisterCreatesTheAccountAndSignsIn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cases := []struct {
		role         app.Role
		email        string
		wantEmail    string
		wantVerified bool // the key is present, false, only for sellers
	}{
		{app.RoleBuyer, "  Bea.Buyer@Example.COM  ", "bea.buyer@example.com", false},
		{app.RoleSeller, "SAM.Seller@EXAMPLE.com", "sam.seller@example.com", true},
	}
	for _, tc := range cases {
		t.Run(string(tc.role), func(t *testing.T) {
			c := e.client()
			r := c.form("/api/auth/register", map[string]string{
				"name": "  Pat Person  ", "email": tc.email, "password": testPassword, "role": string(tc.role),
				"phone": " 020 7946 0000 ", "location": "  Riverside  ",
			}, pngImage(t, 40, 30))
			expectStatus(t, r, http.StatusCreated)
			expectNoPassword(t, r)
			got := decode[map[string]any](t, r)
			wantKeys := []string{"email", "email_verified", "has_password", "id", "image", "language", "location", "name", "phone", "role", "show_phone",
				"suspended_until", "suspend_reason"}
			if tc.wantVerified {
				wantKeys = append(wantKeys, "verified")
			}
			slices.Sort(wantKeys)
			if keys := slices.Sorted(maps.Keys(got)); !slices.Equal(keys, wantKeys) {
				t.Errorf("keys %v, want %v", keys, wantKeys)
			}
			if id, _ := got["id"].(float64); id <= 0 {
				t.Errorf("id %v, want a positive number", got["id"])
			}
			// Nothing proved the email yet: anyone could have typed it.
			want := map[string]any{"name": "Pat Person", "email": tc.wantEmail, "role": string(tc.role),
				"phone": "020 7946 0000", "location": "Riverside", "email_verified": false, "has_password": true}
			for k, v := range want {
				if got[k] != v {
					t.Errorf("%s = %#v, want %#v", k, got[k], v)
				}
			}
			if tc.wantVerified && got["verified"] != false {
				t.Errorf("verified = %#v, want false", got["verified"])
			}
			image, _ := got["image"].(string)
			if !strings.HasPrefix(image, "/images/") {
				t.Errorf("image %q, want a URL under /images/", image)
			} else if img := c.send("GET", image, "", nil); img.status != http.StatusOK {
				t.Errorf("GET %s: status %d", image, img.status)
			}

			me := c.call("GET", "/api/auth/me", nil)
			expectStatus(t, me, http.StatusOK)
			if mine := decode[map[string]any](t, me); !maps.Equal(mine, got) {
				t.Errorf("me = %v, want the registered user %v", mine, got)
			}
		})
	}
}

// TestRegisterWithoutAPicture: the picture is optional; the web app draws
// the initials instead.
func TestRegisterWithoutAPicture(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.client().form("/api/auth/register", registerForm("Nia New", "nia@example.com", "Buyer"), nil)
	expectStatus(t, r, http.StatusCreated)
	if got := decode[app.User](t, r); got.Image != "" || got.Name != "Nia New" {
		t.Errorf("registered %+v, want no picture", got)
	}
}

func TestRegisterRefusesBadInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.register("Dora Dup", "dup@example.com", app.RoleBuyer)
	picture := pngImage(t, 20, 20)
	with := func(key, value string) map[string]string {
		f := registerForm("Nia New", "nia@example.com", "Buyer")
		f[key] = value
		return f
	}
	required := app.RequiredMessage
	cases := []formRefusal{
		{"nothing sent", nil, nil, http.StatusUnprocessableEntity, "Please correct the highlighted fields",
			map[string]string{"name": required, "email": required, "password": required, "role": required}},
		{"blank name", with("name", "   "), picture, http.StatusUnprocessableEntity, "",
			map[string]string{"name": required}},
		{"role Admin", with("role", "Admin"), picture, http.StatusUnprocessableEntity, "",
			map[string]string{"role": "Choose Buyer or Seller"}},
		{"role in lower case", with("role", "seller"), picture, http.StatusUnprocessableEntity, "",
			map[string]string{"role": "Choose Buyer or Seller"}},
		{"password of 7 characters", with("password", "1234567"), picture, http.StatusUnprocessableEntity, "",
			map[string]string{"password": "Use at least 8 characters"}},
		{"password over 72 bytes", with("password", strings.Repeat("p", 73)), picture, http.StatusUnprocessableEntity, "",
			map[string]string{"password": "Use at most 72 bytes"}},
		{"email without @", with("email", "nia.example.com"), picture, http.StatusUnprocessableEntity, "",
			map[string]string{"email": "Enter a valid email address"}},
		{"email with a display name", with("email", "Nia <nia@example.com>"), picture, http.StatusUnprocessableEntity, "",
			map[string]string{"email": "Enter a valid email address"}},
		{"email without a dot in the domain", with("email", "nia@localhost"), picture, http.StatusUnprocessableEntity, "",
			map[string]string{"email": "Enter a valid email address"}},
		{"taken email in another case and spacing", with("email", "  DUP@Example.com "), picture, http.StatusConflict,
			"An account with this email already exists", map[string]string{"email": "An account with this email already exists"}},
		{"a text file as image", registerForm("Nia New", "nia@example.com", "Buyer"), []byte("just some text, not a picture\n"),
			http.StatusUnsupportedMediaType, "Use a JPEG, PNG, GIF or WebP image", map[string]string{"image": "Use a JPEG, PNG, GIF or WebP image"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := e.client()
			r := c.form("/api/auth/register", tc.form, tc.image)
			expectError(t, r, tc.status, tc.message, tc.fields)
			if sessionCookie(r) != nil {
				t.Errorf("a refused registration set a session cookie")
			}
			expectNobody(t, c.call("GET", "/api/auth/me", nil))
		})
	}

	t.Run("JSON instead of a multipart form", func(t *testing.T) {
		r := e.client().call("POST", "/api/auth/register", map[string]string{
			"name": "Jay Json", "email": "jay@example.com", "password": testPassword, "role": "Buyer"})
		expectError(t, r, http.StatusUnsupportedMediaType, "Send the form as multipart/form-data", nil)
	})

	t.Run("refusals left no account behind", func(t *testing.T) {
		// nia@example.com was refused above for its picture; it is still free.
		c := e.client()
		expectStatus(t, c.form("/api/auth/register", registerForm("Nia New", "nia@example.com", "Buyer"), picture), http.StatusCreated)
		expectStatus(t, e.client().call("POST", "/api/auth/login",
			map[string]string{"email": "jay@example.com", "password": testPassword}), http.StatusUnauthorized)
	})
}

func TestLogin(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	_, seller := e.register("Sam Seller", "seller@example.com", app.RoleSeller)
	login := func(body any) *response { return e.client().call("POST", "/api/auth/login", body) }

	t.Run("right password signs in", func(t *testing.T) {
		c := e.client()
		r := c.call("POST", "/api/auth/login", map[string]string{"email": "seller@example.com", "password": testPassword})
		expectStatus(t, r, http.StatusOK)
		expectNoPassword(t, r)
		got := decode[map[string]any](t, r)
		if got["id"] != float64(seller.ID) || got["email"] != "seller@example.com" || got["role"] != "Seller" || got["verified"] != false {
			t.Errorf("user %v, want the seller %+v with verified false", got, seller)
		}
		me := c.call("GET", "/api/auth/me", nil)
		expectStatus(t, me, http.StatusOK)
		if decode[app.User](t, me).ID != seller.ID {
			t.Errorf("me is %s, want the seller", me.body)
		}
	})

	t.Run("email matched ignoring case and spaces", func(t *testing.T) {
		r := login(map[string]string{"email": "  SELLER@Example.COM ", "password": testPassword})
		expectStatus(t, r, http.StatusOK)
		if decode[app.User](t, r).ID != seller.ID {
			t.Errorf("signed in as %s, want the seller", r.body)
		}
	})

	const invalid = "Invalid email or password"
	cases := []refusal{
		{"wrong password", func() *response {
			return login(map[string]string{"email": "seller@example.com", "password": "wrong password"})
		}, http.StatusUnauthorized, invalid, nil},
		{"password in another case", func() *response {
			return login(map[string]string{"email": "seller@example.com", "password": strings.ToUpper(testPassword)})
		}, http.StatusUnauthorized, invalid, nil},
		{"unknown email", func() *response {
			return login(map[string]string{"email": "nobody@example.com", "password": testPassword})
		}, http.StatusUnauthorized, invalid, nil},
		{"empty object", func() *response { return login(`{}`) }, http.StatusUnprocessableEntity, "",
			map[string]string{"email": app.RequiredMessage, "password": app.RequiredMessage}},
		{"no password", func() *response { return login(map[string]string{"email": "seller@example.com"}) },
			http.StatusUnprocessableEntity, "", map[string]string{"password": app.RequiredMessage}},
		{"blank email", func() *response { return login(map[string]string{"email": "  ", "password": testPassword}) },
			http.StatusUnprocessableEntity, "", map[string]string{"email": app.RequiredMessage}},
		{"malformed JSON", func() *response { return login(`{"email": "seller@example.com", "password": `) },
			http.StatusBadRequest, "", nil},
		{"not JSON at all", func() *response { return login(`email=seller@example.com`) },
			http.StatusBadRequest, "", nil},
		{"empty body", func() *response { return login(``) }, http.StatusBadRequest, "The request body is empty", nil},
		{"two objects", func() *response { return login(`{"email":"a@b.co"} {"password":"x"}`) },
			http.StatusBadRequest, "The request body must hold a single JSON object", nil},
		{"unknown field", func() *response {
			return login(map[string]any{"email": "seller@example.com", "password": testPassword, "remember": true})
		}, http.StatusBadRequest, `Unknown field "remember"`, map[string]string{"remember": "Unknown field"}},
		{"password of the wrong type", func() *response { return login(`{"email":"seller@example.com","password":12345678}`) },
			http.StatusBadRequest, `Field "password" has the wrong type`, map[string]string{"password": "Wrong type"}},
		{"form-encoded body", func() *response {
			return e.client().send("POST", "/api/auth/login", "application/x-www-form-urlencoded",
				strings.NewReader("email=seller%40example.com&password=correct+horse+battery"))
		}, http.StatusUnsupportedMediaType, "Send the request body as application/json", nil},
		{"no content type", func() *response {
			return e.client().send("POST", "/api/auth/login", "", strings.NewReader(`{"email":"seller@example.com","password":"correct horse battery"}`))
		}, http.StatusUnsupportedMediaType, "Send the request body as application/json", nil},
		{"body over 64 KiB", func() *response {
			return login(`{"email":"seller@example.com","password":"` + strings.Repeat("x", 65<<10) + `"}`)
		}, http.StatusRequestEntityTooLarge, "The request body is larger than 65536 bytes", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.send()
			expectError(t, r, tc.status, tc.message, tc.fields)
			if sessionCookie(r) != nil {
				t.Errorf("a refused login set a session cookie")
			}
		})
	}

	t.Run("JSON with a charset parameter is accepted", func(t *testing.T) {
		r := e.client().send("POST", "/api/auth/login", "application/json; charset=utf-8",
			strings.NewReader(`{"email":"seller@example.com","password":"correct horse battery"}`))
		expectStatus(t, r, http.StatusOK)
	})
}

func TestLoginRateLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.register("Vic Victim", "victim@example.com", app.RoleBuyer)
	e.register("Oli Other", "other@example.com", app.RoleBuyer)
	stranger := e.client()
	login := func(c *client, email, password string) *response {
		return c.call("POST", "/api/auth/login", map[string]string{"email": email, "password": password})
	}

	for i := 1; i <= app.LoginFailuresPerAccountAndAddress; i++ {
		if r := login(stranger, "victim@example.com", fmt.Sprintf("guess number %d", i)); r.status != http.StatusUnauthorized {
			t.Fatalf("failed attempt %d: status %d, want 401; body %s", i, r.status, r.body)
		}
	}

	t.Run("the 11th attempt from that client is refused even with the right password", func(t *testing.T) {
		r := login(stranger, "victim@example.com", testPassword)
		expectError(t, r, http.StatusTooManyRequests, "Too many failed attempts. Try again later.", nil)
		retry, err := strconv.Atoi(r.header.Get("Retry-After"))
		if err != nil || retry <= 0 || retry > int(app.LoginFailureWindow/time.Second) {
			t.Errorf("Retry-After %q, want a whole number of seconds in (0, 900]", r.header.Get("Retry-After"))
		}
		if sessionCookie(r) != nil {
			t.Errorf("a rate-limited login set a session cookie")
		}
	})

	t.Run("the same email in another case is limited too", func(t *testing.T) {
		expectError(t, login(stranger, " VICTIM@example.com", testPassword), http.StatusTooManyRequests, "", nil)
	})

	t.Run("another email from the same client is not limited", func(t *testing.T) {
		expectError(t, login(stranger, "other@example.com", "wrong password"), http.StatusUnauthorized, "Invalid email or password", nil)
		expectStatus(t, login(stranger, "other@example.com", testPassword), http.StatusOK)
	})

	t.Run("a forwarded-for header does not reset the limit", func(t *testing.T) {
		r := stranger.send("POST", "/api/auth/login", "application/json",
			strings.NewReader(`{"email":"victim@example.com","password":"correct horse battery"}`), "X-Forwarded-For", "203.0.113.9")
		expectStatus(t, r, http.StatusTooManyRequests)
	})

	t.Run("the owner signs in from another client all the same", func(t *testing.T) {
		expectStatus(t, login(e.client(), "victim@example.com", testPassword), http.StatusOK)
		expectStatus(t, login(stranger, "victim@example.com", testPassword), http.StatusTooManyRequests)
	})
}

// Guesses spread over many clients still meet a limit, per account, much
// higher than one client's.
func TestLoginRateLimitPerAccount(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.register("Vic Victim", "victim@example.com", app.RoleBuyer)
	body := map[string]string{"email": "victim@example.com", "password": "a wrong guess"}
	for i := 1; i <= app.LoginFailuresPerAccount; i++ {
		if r := e.client().call("POST", "/api/auth/login", body); r.status != http.StatusUnauthorized {
			t.Fatalf("failed attempt %d from a fresh client: status %d, want 401", i, r.status)
		}
	}
	r := e.client().call("POST", "/api/auth/login", map[string]string{"email": "victim@example.com", "password": testPassword})
	expectError(t, r, http.StatusTooManyRequests, "Too many failed attempts. Try again later.", nil)
}

func TestWrongCurrentPasswordsCountPerClient(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	owner, _ := e.register("Pat Profile", "pat@example.com", app.RoleBuyer)
	change := map[string]string{"current_password": "not it", "new_password": "a brand new password"}
	for i := 1; i <= app.LoginFailuresPerAccountAndAddress; i++ {
		expectStatus(t, owner.call("POST", "/api/auth/password", change), http.StatusUnprocessableEntity)
	}
	expectStatus(t, owner.call("POST", "/api/auth/password", change), http.StatusTooManyRequests)
	r := e.client().call("POST", "/api/auth/login", map[string]string{"email": "pat@example.com", "password": testPassword})
	expectStatus(t, r, http.StatusOK)
}

// TestWrongCurrentPasswordsCountTogether: a wrong current password counts
// against one limit wherever it is asked for, changing the password or the
// email.
func TestWrongCurrentPasswordsCountTogether(t *testing.T) {
	t.Parallel()
	e := queuingMail(t)
	owner, _ := e.register("Pat Profile", "pat@example.com", app.RoleBuyer)
	password := map[string]string{"current_password": "not it", "new_password": "a brand new password"}
	email := map[string]string{"email": "new@example.com", "password": "not it"}
	for i := 1; i <= app.LoginFailuresPerAccountAndAddress; i++ {
		change, body := "/api/auth/password", password
		if i%2 == 0 {
			change, body = "/api/auth/email", email
		}
		expectStatus(t, owner.call("POST", change, body), http.StatusUnprocessableEntity)
	}
	expectStatus(t, owner.call("POST", "/api/auth/password", password), http.StatusTooManyRequests)
	expectStatus(t, owner.call("POST", "/api/auth/email", email), http.StatusTooManyRequests)
}

func TestLoginSuccessClearsTheEmailsFailures(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.register("Fay Forgetful", "fay@example.com", app.RoleBuyer)
	fay := e.client()
	login := func(password string) *response {
		return fay.call("POST", "/api/auth/login", map[string]string{"email": "fay@example.com", "password": password})
	}
	for range app.LoginFailuresPerAccountAndAddress - 1 {
		expectStatus(t, login("wrong password"), http.StatusUnauthorized)
	}
	expectStatus(t, login(testPassword), http.StatusOK)
	// Nine more failures would have crossed the limit had the count not been reset.
	for i := range app.LoginFailuresPerAccountAndAddress - 1 {
		if r := login("wrong password"); r.status != http.StatusUnauthorized {
			t.Fatalf("failure %d after a success: status %d, want 401", i+1, r.status)
		}
	}
	expectStatus(t, login(testPassword), http.StatusOK)
}

func TestSessionCookieAttributes(t *testing.T) {
	t.Parallel()
	for _, secure := range []bool{false, true} {
		t.Run(fmt.Sprintf("SecureCookies=%v", secure), func(t *testing.T) {
			e := serverAt(t, t.TempDir(), secure)
			r := e.client().form("/api/auth/register", registerForm("Cy Cookie", "cy@example.com", "Buyer"), pngImage(t, 10, 10))
			expectStatus(t, r, http.StatusCreated)
			ck := sessionCookie(r)
			if ck == nil {
				t.Fatalf("no rehome_session cookie in %v", r.header.Values("Set-Cookie"))
			}
			if ck.Value == "" {
				t.Errorf("empty session token")
			}
			if !ck.HttpOnly {
				t.Errorf("cookie is not HttpOnly")
			}
			if ck.SameSite != http.SameSiteLaxMode {
				t.Errorf("SameSite %v, want Lax", ck.SameSite)
			}
			if ck.Path != "/" {
				t.Errorf("Path %q, want /", ck.Path)
			}
			if ck.Secure != secure {
				t.Errorf("Secure %v, want %v", ck.Secure, secure)
			}
			if !ck.Expires.After(time.Now().Add(24 * time.Hour)) {
				t.Errorf("Expires %v, want a persistent cookie lasting more than a day", ck.Expires)
			}
		})
	}
}

func TestSessionTokenChangesAtLogin(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.client()
	registered := c.form("/api/auth/register", registerForm("Tom Token", "tom@example.com", "Buyer"), pngImage(t, 10, 10))
	expectStatus(t, registered, http.StatusCreated)
	before := sessionCookie(registered)
	if before == nil {
		t.Fatal("registration set no session cookie")
	}

	loggedIn := c.call("POST", "/api/auth/login", map[string]string{"email": "tom@example.com", "password": testPassword})
	expectStatus(t, loggedIn, http.StatusOK)
	after := sessionCookie(loggedIn)
	if after == nil {
		t.Fatal("login set no session cookie")
	}
	if after.Value == before.Value {
		t.Errorf("the session token did not change at login")
	}
	expectStatus(t, e.withCookie(after.Value)("GET", "/api/auth/me"), http.StatusOK)
	// A token planted before login must be worthless after it.
	expectNobody(t, e.withCookie(before.Value)("GET", "/api/auth/me"))
}

func TestLogoutEndsTheSession(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.client()
	registered := c.form("/api/auth/register", registerForm("Lou Logout", "lou@example.com", "Seller"), pngImage(t, 10, 10))
	expectStatus(t, registered, http.StatusCreated)
	token := sessionCookie(registered).Value
	expectStatus(t, c.call("GET", "/api/auth/me", nil), http.StatusOK)

	r := c.call("POST", "/api/auth/logout", nil)
	expectStatus(t, r, http.StatusNoContent)
	if len(r.body) != 0 {
		t.Errorf("logout body %q, want none", r.body)
	}
	if ck := sessionCookie(r); ck == nil || ck.MaxAge >= 0 {
		t.Errorf("logout cookie %v, want one that deletes rehome_session", ck)
	}
	expectNobody(t, c.call("GET", "/api/auth/me", nil))
	// The old token was destroyed on the server, not just forgotten by the browser.
	expectNobody(t, e.withCookie(token)("GET", "/api/auth/me"))

	t.Run("logging out again is harmless", func(t *testing.T) {
		expectStatus(t, c.call("POST", "/api/auth/logout", nil), http.StatusNoContent)
	})
}

func TestSessionsSurviveARestart(t *testing.T) {
	t.Parallel()
	e := serverAt(t, t.TempDir(), false)
	registered := e.client().form("/api/auth/register", registerForm("Ray Restart", "ray@example.com", "Buyer"), pngImage(t, 10, 10))
	expectStatus(t, registered, http.StatusCreated)
	token := sessionCookie(registered).Value
	user := decode[app.User](t, registered)

	e.srv.Close()
	if err := e.db.Close(); err != nil {
		t.Fatal(err)
	}
	restarted := serverAt(t, e.dir, false)

	r := restarted.withCookie(token)("GET", "/api/auth/me")
	expectStatus(t, r, http.StatusOK)
	if got := decode[app.User](t, r); got.ID != user.ID || got.Email != "ray@example.com" {
		t.Errorf("me after restart = %+v, want %+v", got, user)
	}
}

func TestCrossOriginRequestsAreRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.register("Cora Cross", "cora@example.com", app.RoleBuyer)
	good := `{"email":"cora@example.com","password":"correct horse battery"}`
	post := func(headers ...string) *response {
		return e.client().send("POST", "/api/auth/login", "application/json", strings.NewReader(good), headers...)
	}
	const refused = "Cross-origin requests are not allowed"

	t.Run("Sec-Fetch-Site cross-site", func(t *testing.T) {
		r := post("Sec-Fetch-Site", "cross-site")
		expectError(t, r, http.StatusForbidden, refused, nil)
		if sessionCookie(r) != nil {
			t.Errorf("a refused login set a session cookie")
		}
	})
	t.Run("Sec-Fetch-Site same-site", func(t *testing.T) {
		expectError(t, post("Sec-Fetch-Site", "same-site"), http.StatusForbidden, refused, nil)
	})
	t.Run("foreign Origin without Sec-Fetch-Site", func(t *testing.T) {
		expectError(t, post("Origin", "https://evil.example"), http.StatusForbidden, refused, nil)
	})
	t.Run("same-origin request answers normally", func(t *testing.T) {
		expectStatus(t, post("Sec-Fetch-Site", "same-origin"), http.StatusOK)
		expectStatus(t, post("Sec-Fetch-Site", "same-origin", "Origin", "https://evil.example"), http.StatusOK)
		expectStatus(t, post("Origin", e.srv.URL), http.StatusOK)
	})
	t.Run("cross-site registration creates no account", func(t *testing.T) {
		var fields = registerForm("Eve Evil", "eve@example.com", "Buyer")
		c := e.client()
		c.http.Transport = headerTransport{"Sec-Fetch-Site": "cross-site"}
		expectError(t, c.form("/api/auth/register", fields, pngImage(t, 10, 10)), http.StatusForbidden, refused, nil)
		expectStatus(t, e.client().call("POST", "/api/auth/login",
			map[string]string{"email": "eve@example.com", "password": testPassword}), http.StatusUnauthorized)
	})
	t.Run("cross-site GET is allowed", func(t *testing.T) {
		expectStatus(t, e.client().send("GET", "/api/categories", "", nil, "Sec-Fetch-Site", "cross-site"), http.StatusOK)
		expectNobody(t, e.client().send("GET", "/api/auth/me", "", nil, "Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example"))
	})
}

// headerTransport adds fixed headers to every request.
type headerTransport map[string]string

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h {
		r.Header.Set(k, v)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// expectNoPassword fails when an account's answer mentions its password or
// hash beyond has_password, which says only whether there is one.
func expectNoPassword(t *testing.T, r *response) {
	t.Helper()
	body := strings.ReplaceAll(strings.ToLower(string(r.body)), `"has_password":true`, "")
	if strings.Contains(body, "password") || strings.Contains(body, "hash") {
		t.Errorf("body mentions a password or hash: %s", r.body)
	}
}
