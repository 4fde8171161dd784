// Package oidcmock runs a local OpenID Connect provider for the tests of
// "Sign in with Google".
package oidcmock

import (
	"net"
	"testing"

	"github.com/oauth2-proxy/mockoidc"
)

// Start runs a provider on a free loopback port until the test ends.
func Start(t testing.TB) *mockoidc.MockOIDC {
	t.Helper()
	m, err := mockoidc.NewServer(nil)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Start(l, nil); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Shutdown() })
	return m
}
