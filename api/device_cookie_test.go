package api_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"rehome/app"
)

// deviceCookieOf is the rehome_device cookie an answer sets, or nil.
func deviceCookieOf(r *response) *http.Cookie {
	for _, c := range (&http.Response{Header: r.header}).Cookies() {
		if c.Name == "rehome_device" {
			return c
		}
	}
	return nil
}

func (c *client) login(email, password string) *response {
	c.t.Helper()
	return c.call("POST", "/api/auth/login", map[string]string{"email": email, "password": password})
}

// withDevice is a new browser on its own address holding only the device
// cookie token, as one copied from another browser would be.
func (e *env) withDevice(token string) *client {
	c := e.client()
	c.http.Jar = nil
	c.headers = []string{"Cookie", "rehome_device=" + token}
	return c
}

// signedInDevice signs email in from a new browser and returns it with the
// device token it was given.
func (e *env) signedInDevice(t *testing.T, email string) (*client, string) {
	t.Helper()
	c := e.client()
	r := c.login(email, testPassword)
	expectStatus(t, r, http.StatusOK)
	device := deviceCookieOf(r)
	if device == nil || device.Value == "" {
		t.Fatalf("a login set no device cookie: %v", r.header.Values("Set-Cookie"))
	}
	return c, device.Value
}

// strangersLockOut fails the account-wide limit's worth of logins to email,
// each from a new browser on its own address.
func (e *env) strangersLockOut(t *testing.T, email string) {
	t.Helper()
	for i := 1; i <= app.LoginFailuresPerAccount; i++ {
		if r := e.client().login(email, fmt.Sprintf("stranger's guess %d", i)); r.status != http.StatusUnauthorized {
			t.Fatalf("stranger's guess %d: status %d, want 401; body %s", i, r.status, r.body)
		}
	}
}

// TestDeviceCookieLetsTheOwnerInPastStrangers: strangers spread over many
// addresses reach the account-wide limit; the browser the owner signed in
// on before still signs in, and no other cookie helps.
func TestDeviceCookieLetsTheOwnerInPastStrangers(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	_, victim := e.register("Vic Victim", "victim@example.com", app.RoleBuyer)
	e.register("Oli Other", "other@example.com", app.RoleBuyer)
	owner, token := e.signedInDevice(t, "victim@example.com")
	_, othersToken := e.signedInDevice(t, "other@example.com")
	e.strangersLockOut(t, "victim@example.com")
	const tooMany = "Too many failed attempts. Try again later."

	t.Run("strangers are refused, the right password too", func(t *testing.T) {
		expectError(t, e.client().login("victim@example.com", testPassword), http.StatusTooManyRequests, tooMany, nil)
	})

	t.Run("the owner's browser signs in", func(t *testing.T) {
		r := owner.login("victim@example.com", testPassword)
		expectStatus(t, r, http.StatusOK)
		if fresh := deviceCookieOf(r); fresh == nil || fresh.Value == token {
			t.Errorf("the login gave no fresh device cookie: %v", r.header.Values("Set-Cookie"))
		}
		expectStatus(t, owner.call("GET", "/api/auth/me", nil), http.StatusOK)
	})

	t.Run("the owner's cookie signs in from another address", func(t *testing.T) {
		expectStatus(t, e.withDevice(token).login("victim@example.com", testPassword), http.StatusOK)
	})

	issued, rest, _ := strings.Cut(token, ".")
	nonce, mac, _ := strings.Cut(rest, ".")
	seconds, _ := strconv.ParseInt(issued, 10, 64)
	flip := func(s string) string {
		if s[len(s)-1] == 'A' {
			return s[:len(s)-1] + "B"
		}
		return s[:len(s)-1] + "A"
	}
	forged := []struct{ name, token string }{
		{"another account's cookie", othersToken},
		{"a changed signature", issued + "." + nonce + "." + flip(mac)},
		{"a later issue time", strconv.FormatInt(seconds+int64(time.Hour/time.Second), 10) + "." + nonce + "." + mac},
		{"another nonce", issued + "." + flip(nonce) + "." + mac},
		{"no signature", issued + "." + nonce},
		{"garbage", "victim@example.com"},
	}
	for _, tc := range forged {
		t.Run(tc.name+" does not help", func(t *testing.T) {
			expectError(t, e.withDevice(tc.token).login("victim@example.com", testPassword), http.StatusTooManyRequests, tooMany, nil)
		})
	}

	t.Run("a cookie issued over a year ago is a stranger's", func(t *testing.T) {
		key, err := e.db.ServerKey(context.Background(), "device cookies")
		if err != nil {
			t.Fatal(err)
		}
		// Signed as the server signs, so that only its age differs.
		signed := func(issued time.Time) string {
			head := strconv.FormatInt(issued.Unix(), 10) + ".OLDBROWSERNONCE"
			m := hmac.New(sha256.New, key)
			fmt.Fprintf(m, "rehome device token\x00%d\x00%d\x00%s", victim.ID, victim.SessionEpoch, head)
			return head + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
		}
		expectStatus(t, e.withDevice(signed(time.Now().Add(-app.DeviceTokenLifetime+time.Hour))).login("victim@example.com", testPassword), http.StatusOK)
		expectError(t, e.withDevice(signed(time.Now().Add(-app.DeviceTokenLifetime-time.Hour))).login("victim@example.com", testPassword),
			http.StatusTooManyRequests, tooMany, nil)
	})

	t.Run("the cookie alone signs nobody in", func(t *testing.T) {
		c := e.withDevice(token)
		expectNobody(t, c.call("GET", "/api/auth/me", nil))
		r := c.login("victim@example.com", "a wrong guess")
		expectError(t, r, http.StatusUnauthorized, "Invalid email or password", nil)
		if sessionCookie(r) != nil || deviceCookieOf(r) != nil {
			t.Errorf("a failed login set cookies: %v", r.header.Values("Set-Cookie"))
		}
		expectNobody(t, c.call("GET", "/api/auth/me", nil))
	})

	t.Run("a cookie that failed too often is a stranger's", func(t *testing.T) {
		r := owner.login("victim@example.com", testPassword)
		expectStatus(t, r, http.StatusOK)
		stolen := deviceCookieOf(r).Value
		// Copied to machines of its own, each within the limit per address.
		for i := 1; i <= app.LoginFailuresPerDevice; i++ {
			if r := e.withDevice(stolen).login("victim@example.com", fmt.Sprintf("thief's guess %d", i)); r.status != http.StatusUnauthorized {
				t.Fatalf("thief's guess %d: status %d, want 401; body %s", i, r.status, r.body)
			}
		}
		expectError(t, e.withDevice(stolen).login("victim@example.com", testPassword), http.StatusTooManyRequests, tooMany, nil)
		// The owner's other browsers keep cookies of their own.
		expectStatus(t, e.withDevice(token).login("victim@example.com", testPassword), http.StatusOK)
	})
}

// TestDeviceCookieMeetsTheLimitPerAccountAndAddress: a device cookie lifts
// only the account-wide limit; its browser's failures at its address stop
// it as they stop anyone.
func TestDeviceCookieMeetsTheLimitPerAccountAndAddress(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.register("Fay Forgetful", "fay@example.com", app.RoleBuyer)
	fay, token := e.signedInDevice(t, "fay@example.com")
	for i := 1; i <= app.LoginFailuresPerAccountAndAddress; i++ {
		if r := fay.login("fay@example.com", fmt.Sprintf("not it %d", i)); r.status != http.StatusUnauthorized {
			t.Fatalf("failure %d: status %d, want 401; body %s", i, r.status, r.body)
		}
	}
	expectError(t, fay.login("fay@example.com", testPassword), http.StatusTooManyRequests, "Too many failed attempts. Try again later.", nil)
	// From another address the same account and cookie sign in: it was the
	// limit per account and address that held the browser back.
	expectStatus(t, e.withDevice(token).login("fay@example.com", testPassword), http.StatusOK)
}

func TestDeviceCookieAttributes(t *testing.T) {
	t.Parallel()
	for _, secure := range []bool{false, true} {
		t.Run(fmt.Sprintf("SecureCookies=%v", secure), func(t *testing.T) {
			e := serverAt(t, t.TempDir(), secure)
			registered := e.client().form("/api/auth/register", registerForm("Cy Cookie", "cy@example.com", "Buyer"), nil)
			expectStatus(t, registered, http.StatusCreated)
			c := e.client()
			loggedIn := c.login("cy@example.com", testPassword)
			expectStatus(t, loggedIn, http.StatusOK)
			for name, r := range map[string]*response{"sign-up": registered, "login": loggedIn} {
				ck := deviceCookieOf(r)
				if ck == nil {
					t.Errorf("%s: no rehome_device cookie in %v", name, r.header.Values("Set-Cookie"))
					continue
				}
				if !ck.HttpOnly {
					t.Errorf("%s: the device cookie is not HttpOnly", name)
				}
				if ck.SameSite != http.SameSiteLaxMode {
					t.Errorf("%s: SameSite %v, want Lax", name, ck.SameSite)
				}
				if ck.Path != "/api/auth" {
					t.Errorf("%s: Path %q, want /api/auth", name, ck.Path)
				}
				if ck.Secure != secure {
					t.Errorf("%s: Secure %v, want %v", name, ck.Secure, secure)
				}
				if ck.MaxAge != int(app.DeviceTokenLifetime/time.Second) {
					t.Errorf("%s: Max-Age %d, want a year", name, ck.MaxAge)
				}
				if strings.Contains(ck.Value, "cy@example.com") {
					t.Errorf("%s: the device cookie %q shows the email", name, ck.Value)
				}
			}
			refused := c.login("cy@example.com", "wrong password")
			expectStatus(t, refused, http.StatusUnauthorized)
			if deviceCookieOf(refused) != nil {
				t.Errorf("a refused login set a device cookie")
			}
			// Signing out leaves the browser known.
			logout := c.call("POST", "/api/auth/logout", nil)
			expectStatus(t, logout, http.StatusNoContent)
			if ck := deviceCookieOf(logout); ck != nil {
				t.Errorf("logout changed the device cookie: %v", ck)
			}
		})
	}
}

// TestOwnersLoginKeepsStrangersFailures: the owner signing in, which their
// device cookie lets them do while strangers are refused, does not give
// strangers a fresh allowance.
func TestOwnersLoginKeepsStrangersFailures(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.register("Vic Victim", "victim@example.com", app.RoleBuyer)
	owner, _ := e.signedInDevice(t, "victim@example.com")
	for i := 1; i < app.LoginFailuresPerAccount; i++ {
		expectStatus(t, e.client().login("victim@example.com", fmt.Sprintf("stranger's guess %d", i)), http.StatusUnauthorized)
	}
	expectStatus(t, owner.login("victim@example.com", testPassword), http.StatusOK)
	expectStatus(t, e.client().login("victim@example.com", "the last stranger's guess"), http.StatusUnauthorized)
	expectStatus(t, e.client().login("victim@example.com", testPassword), http.StatusTooManyRequests)
}

// TestDeviceCookiesEndWithTheSessions: a new password ends the account's
// other sessions and their browsers' device cookies with them; the browser
// that changed it gets a fresh one.
func TestDeviceCookiesEndWithTheSessions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.register("Pat Profile", "pat@example.com", app.RoleBuyer)
	here, _ := e.signedInDevice(t, "pat@example.com")
	_, elsewhere := e.signedInDevice(t, "pat@example.com")
	const newPassword = "a brand new password"
	r := here.call("POST", "/api/auth/password", map[string]string{"current_password": testPassword, "new_password": newPassword})
	expectStatus(t, r, http.StatusOK)
	if deviceCookieOf(r) == nil {
		t.Errorf("the password change gave no fresh device cookie")
	}
	e.strangersLockOut(t, "pat@example.com")
	expectStatus(t, e.withDevice(elsewhere).login("pat@example.com", newPassword), http.StatusTooManyRequests)
	expectStatus(t, here.login("pat@example.com", newPassword), http.StatusOK)
}

// TestDeviceCookieLetsTheOwnerChangeWhatStrangersCallFor: strangers have
// run down the account-wide limit; signed in on their own browser, the
// owner still changes their email and password, or leaves, as they still
// sign in there. A signed-in session on a browser without the account's
// device cookie (one copied elsewhere) is refused like a stranger.
func TestDeviceCookieLetsTheOwnerChangeWhatStrangersCallFor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		call func(c *client) *response
		want int
	}{
		{"a new email", func(c *client) *response {
			return c.call("POST", "/api/auth/email", map[string]string{"email": "vic.new@example.com", "password": testPassword})
		}, http.StatusAccepted},
		{"a new password", func(c *client) *response {
			return c.call("POST", "/api/auth/password", map[string]string{"current_password": testPassword, "new_password": "a brand new password"})
		}, http.StatusOK},
		{"leaving", func(c *client) *response {
			return c.call("DELETE", "/api/auth/me", map[string]string{"password": testPassword})
		}, http.StatusNoContent},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, _ := withMail(t) // an email change is refused without mail
			e.register("Vic Victim", "victim@example.com", app.RoleBuyer)
			owner, _ := e.signedInDevice(t, "victim@example.com")
			copied, _ := e.signedInDevice(t, "victim@example.com")
			auth, err := url.Parse(copied.base + "/api/auth/")
			if err != nil {
				t.Fatal(err)
			}
			copied.http.Jar.SetCookies(auth, []*http.Cookie{{Name: "rehome_device", Value: "", MaxAge: -1, Path: "/api/auth"}})
			e.strangersLockOut(t, "victim@example.com")
			expectStatus(t, tc.call(copied), http.StatusTooManyRequests)
			expectStatus(t, tc.call(owner), tc.want)
		})
	}
}
