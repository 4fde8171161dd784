package oidc_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"testing"

	"github.com/oauth2-proxy/mockoidc"

	"rehome/internal/oidcmock"
	"rehome/oidc"
)

// provider is a local OpenID Connect provider and a client of it.
func provider(t *testing.T) (*mockoidc.MockOIDC, *oidc.Client) {
	t.Helper()
	m := oidcmock.Start(t)
	return m, oidc.New(&oidc.Config{Issuer: m.Issuer(), ClientID: m.ClientID, ClientSecret: m.ClientSecret,
		RedirectURL: "http://127.0.0.1/callback"})
}

// code follows address at the provider to the callback, and returns the
// code and state it brings.
func code(t *testing.T, address string) (code, state string) {
	t.Helper()
	h := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := h.Get(address)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	back, err := url.Parse(res.Header.Get("Location"))
	if err != nil || back.Path != "/callback" {
		t.Fatalf("the provider sent the browser to %q (%v)", res.Header.Get("Location"), err)
	}
	return back.Query().Get("code"), back.Query().Get("state")
}

func TestSignIn(t *testing.T) {
	tests := []struct {
		name    string
		tamper  func(*oidc.Attempt)
		wantErr error
	}{
		{"OK", func(*oidc.Attempt) {}, nil},
		{"ErrUntrusted: another nonce", func(a *oidc.Attempt) { a.Nonce = "another" }, oidc.ErrUntrusted},
		{"ErrRefused: another verifier", func(a *oidc.Attempt) { a.Verifier = "another-verifier-of-at-least-43-characters-long" }, oidc.ErrRefused},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, c := provider(t)
			address, attempt, err := c.Start(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			got, state := code(t, address)
			if !attempt.StateMatches(state) || attempt.StateMatches("forged") {
				t.Errorf("the state %q does not match the attempt's alone", state)
			}
			tt.tamper(&attempt)
			claims, err := c.Finish(context.Background(), got, attempt)
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
				t.Fatalf("Finish: %v, want %v", err, tt.wantErr)
			}
			if err == nil && (claims.Email != mockoidc.DefaultUser().Email || !claims.EmailVerified || claims.Subject == "") {
				t.Errorf("claims %+v", claims)
			}
		})
	}
}

func TestAnUnreachableProvider(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	issuer := "http://" + l.Addr().String()
	l.Close()
	c := oidc.New(&oidc.Config{Issuer: issuer, ClientID: "id"})
	if _, _, err := c.Start(context.Background()); !errors.Is(err, oidc.ErrUnreachable) {
		t.Errorf("Start: %v, want ErrUnreachable", err)
	}
}

func TestPicturesAreFetchedOnlyOverHTTPS(t *testing.T) {
	c := oidc.New(&oidc.Config{})
	for address, want := range map[string]bool{
		"": false, "http://example.com/p.png": false, "ftp://example.com/p.png": false, "https://example.com/p.png": true,
	} {
		if got := c.Picture(address) != nil; got != want {
			t.Errorf("Picture(%q) fetches: %v, want %v", address, got, want)
		}
	}
}

func TestNoConfigNoClient(t *testing.T) {
	if oidc.New(nil) != nil {
		t.Error("a client without a provider")
	}
}
