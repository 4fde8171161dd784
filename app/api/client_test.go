package api_test

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"rehome/app"
	"rehome/app/api"
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

func TestTheClientAddressIsForwardedOnlyByTrustedProxies(t *testing.T) {
	t.Parallel()
	e, logs := behindProxies(t)
	const proxy, stranger = "127.0.50.1", "127.0.60.1"
	tests := []struct {
		name      string
		peer      string
		forwarded []string // X-Forwarded-For headers, in order
		want      string
	}{
		{"a stranger's header is ignored", stranger, []string{"203.0.113.9"}, stranger},
		{"the proxy without a header is the client", proxy, nil, proxy},
		{"the proxy names the client", proxy, []string{"203.0.113.9"}, "203.0.113.9"},
		{"what the client wrote left of it is ignored", proxy, []string{"198.51.100.7, 203.0.113.9"}, "203.0.113.9"},
		{"a chain of trusted proxies is walked", proxy, []string{"198.51.100.7, 203.0.113.9, 10.1.2.3"}, "203.0.113.9"},
		{"headers repeated are one list", proxy, []string{"198.51.100.7", "203.0.113.9", "10.1.2.3"}, "203.0.113.9"},
		{"every hop trusted: the first is the client", proxy, []string{"10.9.9.9, 10.1.2.3"}, "10.9.9.9"},
		{"an unreadable hop trusts nothing further", proxy, []string{"203.0.113.9, unknown"}, proxy},
		{"an IPv4-mapped address is written as IPv4", proxy, []string{"::ffff:203.0.113.9"}, "203.0.113.9"},
		{"IPv6 clients", proxy, []string{"2001:db8::1"}, "2001:db8::1"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := fmt.Sprintf("/api/no-such-thing-%d", i)
			c := e.clientFrom(tt.peer)
			for _, v := range tt.forwarded {
				c.headers = append(c.headers, "X-Forwarded-For", v)
			}
			expectStatus(t, c.call(http.MethodGet, path, nil), http.StatusNotFound)
			want := fmt.Sprintf("path=%s status=404 client=%s ", path, tt.want)
			if !strings.Contains(logs.String(), want) {
				t.Errorf("no log line with %q in\n%s", want, logs)
			}
		})
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
