package api_test

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"rehome/api"
	"rehome/app"
	"rehome/internal/testlog"
)

// behindProxies is a server that trusts the proxies at 127.0.50.0/24 (the
// one in front) and 10.0.0.0/8 (one further out), logging into the buffer.
func behindProxies(t *testing.T) (*env, *testlog.Buffer) {
	t.Helper()
	logs := &testlog.Buffer{}
	e := serverWith(t, t.TempDir(), api.Config{
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.50.0/24"), netip.MustParsePrefix("10.0.0.0/8")},
		Logger:         slog.New(slog.NewTextHandler(logs, nil)),
	})
	return e, logs
}

// The address clientaddr resolves is the one the request log names (the
// cases of forwarding are clientaddr's tests).
func TestTheLogNamesTheForwardedClient(t *testing.T) {
	t.Parallel()
	e, logs := behindProxies(t)
	c := e.clientFrom("127.0.50.1")
	c.headers = []string{"X-Forwarded-For", "198.51.100.7, 203.0.113.9"}
	expectStatus(t, c.call(http.MethodGet, "/api/no-such-thing", nil), http.StatusNotFound)
	if want := "path=/api/no-such-thing status=404 client=203.0.113.9 "; !strings.Contains(logs.String(), want) {
		t.Errorf("no log line with %q in\n%s", want, logs)
	}
}

func TestStrictTransportSecurityOnlyOverHTTPS(t *testing.T) {
	t.Parallel()
	e, _ := behindProxies(t)
	tests := []struct {
		name, peer, proto string
		want              bool
	}{
		{"plain HTTP", "127.0.60.1", "", false},
		{"a stranger claiming HTTPS", "127.0.60.1", "https", false},
		{"the proxy saying HTTPS", "127.0.50.1", "https", true},
		{"the proxy saying HTTP", "127.0.50.1", "http", false},
		{"the nearest proxy's word counts", "127.0.50.1", "http, https", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := e.clientFrom(tt.peer)
			if tt.proto != "" {
				c.headers = []string{"X-Forwarded-Proto", tt.proto}
			}
			r := c.call(http.MethodGet, "/", nil)
			if got := r.header.Get("Strict-Transport-Security"); (got != "") != tt.want {
				t.Errorf("Strict-Transport-Security %q, want it sent: %v", got, tt.want)
			}
		})
	}
}

// register signs someone up through c and returns the status.
func registerThrough(t *testing.T, c *client, n int) int {
	t.Helper()
	return c.form("/api/auth/register",
		registerForm(fmt.Sprintf("Buyer %d", n), fmt.Sprintf("buyer%d@example.com", n), "Buyer"), pngImage(t, 4, 4)).status
}

func TestSignUpLimitsCountTheForwardedClient(t *testing.T) {
	t.Parallel()
	t.Run("a stranger's forwarded-for changes nothing", func(t *testing.T) {
		t.Parallel()
		e, _ := behindProxies(t)
		for i := range app.RegistrationsPerAddressPerHour {
			c := e.clientFrom("127.0.60.2")
			c.headers = []string{"X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i+1)}
			if status := registerThrough(t, c, i); status != http.StatusCreated {
				t.Fatalf("sign-up %d: status %d", i+1, status)
			}
		}
		c := e.clientFrom("127.0.60.2")
		c.headers = []string{"X-Forwarded-For", "198.51.100.99"}
		if status := registerThrough(t, c, 999); status != http.StatusTooManyRequests {
			t.Errorf("a new forwarded-for from the same stranger: status %d, want 429", status)
		}
	})
	t.Run("two clients behind the proxy are limited apart", func(t *testing.T) {
		t.Parallel()
		e, _ := behindProxies(t)
		behind := func(addr string) *client {
			c := e.clientFrom("127.0.50.1")
			c.headers = []string{"X-Forwarded-For", addr}
			return c
		}
		for i := range app.RegistrationsPerAddressPerHour {
			if status := registerThrough(t, behind("203.0.113.1"), i); status != http.StatusCreated {
				t.Fatalf("sign-up %d: status %d", i+1, status)
			}
		}
		if status := registerThrough(t, behind("203.0.113.1"), 998); status != http.StatusTooManyRequests {
			t.Errorf("the busy client's next sign-up: status %d, want 429", status)
		}
		if status := registerThrough(t, behind("203.0.113.2"), 999); status != http.StatusCreated {
			t.Errorf("another client behind the same proxy: status %d, want 201", status)
		}
	})
}
