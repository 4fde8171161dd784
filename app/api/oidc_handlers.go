package api

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
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"rehome/app"
)

// OIDCConfig offers sign-in with an OpenID Connect provider: Google, or in
// tests a local one.
type OIDCConfig struct {
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

// The provider's name in URLs and in the identities the store keeps.
const oidcProvider = "google"

// Session keys of a sign-in in progress; taken out of the session at the
// callback, so a replayed callback finds nothing to match.
const (
	oidcStateKey    = "oidc_state"
	oidcNonceKey    = "oidc_nonce"
	oidcVerifierKey = "oidc_verifier"
	oidcNextKey     = "oidc_next"
	oidcStartedKey  = "oidc_started"
)

// oidcAttemptTTL is how long a person has at the provider.
const oidcAttemptTTL = 10 * time.Minute

// oidcClient discovers the provider on first use, so a marketplace whose
// provider is unreachable at start-up still starts.
type oidcClient struct {
	cfg    OIDCConfig
	client *http.Client

	mu       sync.Mutex
	oauth    *oauth2.Config
	verifier *oidc.IDTokenVerifier
}

func newOIDCClient(cfg *OIDCConfig) *oidcClient {
	if cfg == nil {
		return nil
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: 15 * time.Second}
	}
	return &oidcClient{cfg: *cfg, client: client}
}

func (c *oidcClient) discover(ctx context.Context) (*oauth2.Config, *oidc.IDTokenVerifier, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.oauth == nil {
		provider, err := oidc.NewProvider(oidc.ClientContext(ctx, c.client), c.cfg.Issuer)
		if err != nil {
			return nil, nil, fmt.Errorf("discover %s: %w", c.cfg.Issuer, err)
		}
		c.oauth = &oauth2.Config{
			ClientID: c.cfg.ClientID, ClientSecret: c.cfg.ClientSecret, RedirectURL: c.cfg.RedirectURL,
			Endpoint: provider.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "email", "profile"},
		}
		// Checks the signature, the issuer, the audience (our client id) and expiry.
		c.verifier = provider.Verifier(&oidc.Config{ClientID: c.cfg.ClientID})
	}
	return c.oauth, c.verifier, nil
}

type providersBody struct {
	Google bool `json:"google"`
	// Mail: a forgotten password can be reset by email.
	Mail bool `json:"mail"`
}

// providers tells the web app which sign-in buttons to show.
func (s *Server) providers(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, providersBody{Google: s.oidc != nil, Mail: s.svc.SendsMail()})
}

// googleSignIn sends the browser to the provider, with a state that ties
// the answer to this session, a nonce that ties the ID token to it, and a
// PKCE verifier that ties the code to it.
func (s *Server) googleSignIn(w http.ResponseWriter, r *http.Request) {
	if s.oidc == nil {
		s.signInFailed(w, r, "Sign-in with Google is not set up on this marketplace", nil)
		return
	}
	oauth, _, err := s.oidc.discover(r.Context())
	if err != nil {
		s.signInFailed(w, r, "Google cannot be reached right now. Try again later.", err)
		return
	}
	state, nonce, verifier := randomToken(), randomToken(), oauth2.GenerateVerifier()
	ctx := r.Context()
	s.sessions.Put(ctx, oidcStateKey, state)
	s.sessions.Put(ctx, oidcNonceKey, nonce)
	s.sessions.Put(ctx, oidcVerifierKey, verifier)
	s.sessions.Put(ctx, oidcNextKey, sameSitePath(r.URL.Query().Get("next")))
	s.sessions.Put(ctx, oidcStartedKey, time.Now().Unix())
	http.Redirect(w, r, oauth.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)), http.StatusFound)
}

// googleCallback is where the provider sends the browser back.
func (s *Server) googleCallback(w http.ResponseWriter, r *http.Request) {
	ctx, query := r.Context(), r.URL.Query()
	state, nonce := s.sessions.PopString(ctx, oidcStateKey), s.sessions.PopString(ctx, oidcNonceKey)
	verifier, next := s.sessions.PopString(ctx, oidcVerifierKey), s.sessions.PopString(ctx, oidcNextKey)
	started := time.Unix(s.sessions.GetInt64(ctx, oidcStartedKey), 0)
	s.sessions.Remove(ctx, oidcStartedKey)
	if s.oidc == nil {
		s.signInFailed(w, r, "Sign-in with Google is not set up on this marketplace", nil)
		return
	}
	switch {
	case query.Get("error") == "access_denied":
		s.signInFailed(w, r, "You did not allow signing in with Google", nil)
		return
	case query.Get("error") != "":
		s.signInFailed(w, r, "Google could not sign you in. Try again.", fmt.Errorf("provider error %q", query.Get("error")))
		return
	case state == "" || subtle.ConstantTimeCompare([]byte(state), []byte(query.Get("state"))) != 1:
		s.signInFailed(w, r, "This sign-in was not started here, or was already used. Try again.", errors.New("state does not match"))
		return
	case time.Since(started) > oidcAttemptTTL:
		s.signInFailed(w, r, "The sign-in took too long. Try again.", errors.New("state expired"))
		return
	}
	oauth, idVerifier, err := s.oidc.discover(ctx)
	if err != nil {
		s.signInFailed(w, r, "Google cannot be reached right now. Try again later.", err)
		return
	}
	token, err := oauth.Exchange(oidc.ClientContext(ctx, s.oidc.client), query.Get("code"), oauth2.VerifierOption(verifier))
	if err != nil {
		s.signInFailed(w, r, "Google could not sign you in. Try again.", err)
		return
	}
	raw, _ := token.Extra("id_token").(string)
	idToken, err := idVerifier.Verify(ctx, raw)
	if err == nil && subtle.ConstantTimeCompare([]byte(idToken.Nonce), []byte(nonce)) != 1 {
		err = errors.New("nonce does not match")
	}
	if err != nil {
		s.signInFailed(w, r, "Google's answer could not be trusted. Try again.", err)
		return
	}
	var claims struct {
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
		Name          string `json:"name"`
		Picture       string `json:"picture"`
	}
	if err := idToken.Claims(&claims); err != nil {
		s.signInFailed(w, r, "Google's answer could not be read. Try again.", err)
		return
	}
	signedIn, err := s.svc.SignInWith(ctx, app.Identity{
		Provider: oidcProvider, Subject: idToken.Subject,
		Email: claims.Email, EmailVerified: claims.EmailVerified, Name: claims.Name,
	}, s.oidc.picture(claims.Picture))
	if err == nil {
		err = s.signIn(r, signedIn.User)
	}
	if err != nil {
		s.signInFailed(w, r, app.ErrorMessage(err), err)
		return
	}
	if signedIn.PasswordRemoved {
		// Profile tells them, beside the form that sets a new password.
		next = passwordRemovedPath
	}
	if next == "" {
		next = "/"
	}
	http.Redirect(w, r, next, http.StatusFound)
}

// passwordRemovedPath is where a person lands who took over the account
// made with their email before anyone proved it, and whose password was
// removed: the web app's Profile shows the notice.
const passwordRemovedPath = "/dashboard/profile?notice=password-removed"

// signInFailed sends the browser to the login screen, which shows message
// under its form. A person following a link lands on a page, never on JSON.
func (s *Server) signInFailed(w http.ResponseWriter, r *http.Request, message string, cause error) {
	if cause != nil {
		s.log.Info("sign-in with Google failed", "reason", message, "err", cause)
	}
	http.Redirect(w, r, "/login?"+url.Values{"error": {message}}.Encode(), http.StatusFound)
}

// maxPictureBytes bounds a provider's picture: they are small thumbnails.
const maxPictureBytes = 5 << 20

// picture fetches the person's picture from the provider, or is nil when
// the token names none. Only https addresses are fetched.
func (c *oidcClient) picture(address string) app.PictureFetcher {
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

// sameSitePath is next when it is a path on this site, and otherwise /:
// never another host (//host, /\host, a URL), so the sign-in cannot be used
// to send people elsewhere.
func sameSitePath(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, `/\`) ||
		strings.ContainsAny(next, "\r\n\t") {
		return "/"
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return "/"
	}
	return next
}

// randomToken is 256 random bits, URL-safe.
func randomToken() string {
	var b [32]byte
	rand.Read(b[:]) // never fails
	return base64.RawURLEncoding.EncodeToString(b[:])
}
