// Package oidc is the marketplace's OpenID Connect client: "Sign in with
// Google", or in tests a local provider. It discovers the provider, sends
// people there with a state, a nonce and a PKCE verifier, checks what comes
// back, and fetches the person's picture. The sign-in's routes and what is
// kept in the session are api's.
package oidc

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sync"
	"time"

	gooidc "github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"rehome/app"
)

// Config offers sign-in with an OpenID Connect provider.
type Config struct {
	Issuer       string // https://accounts.google.com
	ClientID     string
	ClientSecret string
	// RedirectURL is where the provider sends people back: the public
	// address followed by /api/auth/google/callback, registered with it.
	RedirectURL string
	// HTTPClient talks to the provider and fetches pictures; nil is a
	// client with a timeout.
	HTTPClient *http.Client
}

// Provider is the provider's name in URLs and in the identities the store
// keeps.
const Provider = "google"

// The ways a sign-in fails; each error returned wraps one with its cause.
var (
	ErrUnreachable = errors.New("oidc: the provider cannot be reached")
	ErrRefused     = errors.New("oidc: the provider refused the code")
	ErrUntrusted   = errors.New("oidc: the ID token cannot be trusted")
	ErrUnreadable  = errors.New("oidc: the ID token's claims cannot be read")
)

// Client discovers the provider on first use, so a marketplace whose
// provider is unreachable at start-up still starts.
type Client struct {
	cfg    Config
	client *http.Client

	mu       sync.Mutex
	oauth    *oauth2.Config
	verifier *gooidc.IDTokenVerifier
}

// New is a client of the provider cfg names; nil without one.
func New(cfg *Config) *Client {
	if cfg == nil {
		return nil
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: 15 * time.Second}
	}
	return &Client{cfg: *cfg, client: client}
}

func (c *Client) discover(ctx context.Context) (*oauth2.Config, *gooidc.IDTokenVerifier, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.oauth == nil {
		provider, err := gooidc.NewProvider(gooidc.ClientContext(ctx, c.client), c.cfg.Issuer)
		if err != nil {
			return nil, nil, fmt.Errorf("%w: discover %s: %w", ErrUnreachable, c.cfg.Issuer, err)
		}
		c.oauth = &oauth2.Config{
			ClientID: c.cfg.ClientID, ClientSecret: c.cfg.ClientSecret, RedirectURL: c.cfg.RedirectURL,
			Endpoint: provider.Endpoint(), Scopes: []string{gooidc.ScopeOpenID, "email", "profile"},
		}
		// Checks the signature, the issuer, the audience (our client id) and expiry.
		c.verifier = provider.Verifier(&gooidc.Config{ClientID: c.cfg.ClientID})
	}
	return c.oauth, c.verifier, nil
}

// Attempt is what ties the provider's answer to the browser that asked:
// a state for the callback, a nonce for the ID token and a PKCE verifier
// for the code. It is kept in the person's session until the callback.
type Attempt struct {
	State, Nonce, Verifier string
}

// Start begins a sign-in: the address to send the browser to, and the
// attempt to keep until it comes back.
func (c *Client) Start(ctx context.Context) (address string, a Attempt, err error) {
	oauth, _, err := c.discover(ctx)
	if err != nil {
		return "", Attempt{}, err
	}
	a = Attempt{State: randomToken(), Nonce: randomToken(), Verifier: oauth2.GenerateVerifier()}
	return oauth.AuthCodeURL(a.State, gooidc.Nonce(a.Nonce), oauth2.S256ChallengeOption(a.Verifier)), a, nil
}

// StateMatches says whether the state the callback brought is the
// attempt's.
func (a Attempt) StateMatches(state string) bool {
	return a.State != "" && subtle.ConstantTimeCompare([]byte(a.State), []byte(state)) == 1
}

// Claims are what the ID token says of the person.
type Claims struct {
	Subject       string `json:"-"`
	Email         string `json:"email"`
	EmailVerified bool   `json:"email_verified"`
	Name          string `json:"name"`
	Picture       string `json:"picture"`
}

// Finish trades the callback's code for an ID token, checks it against
// the attempt and reads its claims.
func (c *Client) Finish(ctx context.Context, code string, a Attempt) (Claims, error) {
	oauth, idVerifier, err := c.discover(ctx)
	if err != nil {
		return Claims{}, err
	}
	token, err := oauth.Exchange(gooidc.ClientContext(ctx, c.client), code, oauth2.VerifierOption(a.Verifier))
	if err != nil {
		return Claims{}, fmt.Errorf("%w: %w", ErrRefused, err)
	}
	raw, _ := token.Extra("id_token").(string)
	idToken, err := idVerifier.Verify(ctx, raw)
	if err == nil && subtle.ConstantTimeCompare([]byte(idToken.Nonce), []byte(a.Nonce)) != 1 {
		err = errors.New("nonce does not match")
	}
	if err != nil {
		return Claims{}, fmt.Errorf("%w: %w", ErrUntrusted, err)
	}
	var claims Claims
	if err := idToken.Claims(&claims); err != nil {
		return Claims{}, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	claims.Subject = idToken.Subject
	return claims, nil
}

// maxPictureBytes bounds a provider's picture: they are small thumbnails.
const maxPictureBytes = 5 << 20

// Picture fetches the person's picture from the provider, or is nil when
// the token names none. Only https addresses are fetched.
func (c *Client) Picture(address string) app.PictureFetcher {
	u, err := url.Parse(address)
	if address == "" || err != nil || u.Scheme != "https" {
		return nil
	}
	return func(ctx context.Context) (io.ReadCloser, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
		if err != nil {
			return nil, err
		}
		res, err := c.client.Do(req)
		if err != nil {
			return nil, err
		}
		if res.StatusCode != http.StatusOK {
			res.Body.Close()
			return nil, fmt.Errorf("picture: status %d", res.StatusCode)
		}
		return struct {
			io.Reader
			io.Closer
		}{io.LimitReader(res.Body, maxPictureBytes), res.Body}, nil
	}
}

// randomToken is 256 random bits, URL-safe.
func randomToken() string {
	var b [32]byte
	rand.Read(b[:]) // never fails
	return base64.RawURLEncoding.EncodeToString(b[:])
}
