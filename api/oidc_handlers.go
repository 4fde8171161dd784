package api

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"rehome/app"
	"rehome/internal/webroutes"
	"rehome/oidc"
)

// Session keys of a sign-in in progress; taken out of the session at the
// callback, so a replayed callback finds nothing to match.
const (
	oidcStateKey    = "oidc_state"
	oidcNonceKey    = "oidc_nonce"
	oidcVerifierKey = "oidc_verifier"
	oidcNextKey     = "oidc_next"
	oidcStartedKey  = "oidc_started"
	// oidcLinkUserKey: the sign-in was started from Profile, to link
	// Google to this signed-in account.
	oidcLinkUserKey = "oidc_link_user"
)

// Session keys of a Google sign-in waiting for the password of the account
// with its email (see app.SignedIn.PasswordNeeded): kept on the server, in
// the anonymous session, for linkTTL.
const (
	linkSubjectKey = "google_link_subject"
	linkEmailKey   = "google_link_email"
	linkStartedKey = "google_link_started"
)

// linkTTL is how long a person has to give the password.
const linkTTL = 10 * time.Minute

// oidcAttemptTTL is how long a person has at the provider.
const oidcAttemptTTL = 10 * time.Minute

type providersBody struct {
	Google bool `json:"google"`
	// Mail: a forgotten password can be reset by email.
	Mail bool `json:"mail"`
}

// providers tells the web app which sign-in buttons to show.
func (s *Server) providers(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, providersBody{Google: s.oidc != nil, Mail: s.signingIn.SendsMail()})
}

// googleSignIn sends the browser to the provider, with a state that ties
// the answer to this session, a nonce that ties the ID token to it, and a
// PKCE verifier that ties the code to it.
func (s *Server) googleSignIn(w http.ResponseWriter, r *http.Request) {
	if s.oidc == nil {
		s.signInFailed(w, r, "Sign-in with Google is not set up on this marketplace", nil)
		return
	}
	address, attempt, err := s.oidc.Start(r.Context())
	if err != nil {
		s.signInFailed(w, r, "Google cannot be reached right now. Try again later.", err)
		return
	}
	ctx := r.Context()
	s.sessions.Remove(ctx, oidcLinkUserKey)
	if r.URL.Query().Get("link") == "1" {
		user := actor(r)
		if user == nil {
			s.signInFailed(w, r, "Log in first, then link Google from your Profile", nil)
			return
		}
		s.sessions.Put(ctx, oidcLinkUserKey, user.ID)
	}
	s.sessions.Put(ctx, oidcStateKey, attempt.State)
	s.sessions.Put(ctx, oidcNonceKey, attempt.Nonce)
	s.sessions.Put(ctx, oidcVerifierKey, attempt.Verifier)
	s.sessions.Put(ctx, oidcNextKey, sameSitePath(r.URL.Query().Get("next")))
	s.sessions.Put(ctx, oidcStartedKey, time.Now().Unix())
	http.Redirect(w, r, address, http.StatusFound)
}

// googleCallback is where the provider sends the browser back.
func (s *Server) googleCallback(w http.ResponseWriter, r *http.Request) {
	ctx, query := r.Context(), r.URL.Query()
	attempt := oidc.Attempt{State: s.sessions.PopString(ctx, oidcStateKey), Nonce: s.sessions.PopString(ctx, oidcNonceKey),
		Verifier: s.sessions.PopString(ctx, oidcVerifierKey)}
	next := s.sessions.PopString(ctx, oidcNextKey)
	started := time.Unix(s.sessions.GetInt64(ctx, oidcStartedKey), 0)
	linkUser := s.sessions.GetInt64(ctx, oidcLinkUserKey)
	s.sessions.Remove(ctx, oidcStartedKey)
	s.sessions.Remove(ctx, oidcLinkUserKey)
	// A sign-in still waiting for a password is replaced by this one.
	s.dropPendingLink(ctx)
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
	case !attempt.StateMatches(query.Get("state")):
		s.signInFailed(w, r, "This sign-in was not started here, or was already used. Try again.", errors.New("state does not match"))
		return
	case time.Since(started) > oidcAttemptTTL:
		s.signInFailed(w, r, "The sign-in took too long. Try again.", errors.New("state expired"))
		return
	}
	claims, err := s.oidc.Finish(ctx, query.Get("code"), attempt)
	if err != nil {
		s.signInFailed(w, r, finishFailure(err), err)
		return
	}
	id := app.Identity{
		Provider: oidc.Provider, Subject: claims.Subject,
		Email: claims.Email, EmailVerified: claims.EmailVerified, Name: claims.Name,
	}
	if linkUser != 0 {
		s.linkFromProfile(w, r, linkUser, id)
		return
	}
	signedIn, err := s.signingIn.SignInWith(ctx, id, s.oidc.Picture(claims.Picture))
	if err == nil && signedIn.PasswordNeeded {
		s.awaitPassword(w, r, id, next)
		return
	}
	if err == nil {
		err = s.signIn(w, r, signedIn.User)
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
var passwordRemovedPath = webroutes.Pattern("profile") + "?notice=password-removed"

// signInFailed sends the browser to the login screen, which shows message
// under its form. A person following a link lands on a page, never on JSON.
func (s *Server) signInFailed(w http.ResponseWriter, r *http.Request, message string, cause error) {
	if cause != nil {
		s.log.Info("sign-in with Google failed", "reason", message, "err", cause)
	}
	http.Redirect(w, r, webroutes.Pattern("login")+"?"+url.Values{"error": {message}}.Encode(), http.StatusFound)
}

// finishFailure is what a person is told when the provider's answer
// fails oidc's checks.
func finishFailure(err error) string {
	switch {
	case errors.Is(err, oidc.ErrUnreachable):
		return "Google cannot be reached right now. Try again later."
	case errors.Is(err, oidc.ErrRefused):
		return "Google could not sign you in. Try again."
	case errors.Is(err, oidc.ErrUntrusted):
		return "Google's answer could not be trusted. Try again."
	}
	return "Google's answer could not be read. Try again."
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
