package api

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"rehome/api/clientaddr"
	"rehome/app"
	"rehome/internal/webroutes"
	"rehome/oidc"
	"rehome/translations"
)

// awaitPassword keeps a Google sign-in whose email is that of an account
// with a password, and sends the browser to the screen that asks for it:
// nobody is signed in until it is given (POST /api/auth/google/link).
func (s *Server) awaitPassword(w http.ResponseWriter, r *http.Request, id app.Identity, next string) {
	ctx := r.Context()
	email := app.NormalizeEmail(id.Email)
	s.sessions.Put(ctx, linkSubjectKey, id.Subject)
	s.sessions.Put(ctx, linkEmailKey, email)
	s.sessions.Put(ctx, linkStartedKey, s.now().Unix())
	query := url.Values{"email": {email}}
	if next != "" && next != "/" {
		query.Set("next", next)
	}
	http.Redirect(w, r, webroutes.Pattern("linkGoogle")+"?"+query.Encode(), http.StatusFound)
}

type linkGoogleRequest struct {
	Password string `json:"password"`
}

// linkGoogle links the Google sign-in waiting in this session to the
// account with its email, given that account's password, and signs in.
// A wrong password leaves the sign-in waiting, for another try within the
// login limits; a right one spends it.
func (s *Server) linkGoogle(w http.ResponseWriter, r *http.Request) error {
	var req linkGoogleRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	ctx := r.Context()
	user, err := s.signingIn.LinkWithPassword(ctx, s.pendingLink(ctx), req.Password, clientaddr.Address(r), deviceToken(r))
	if err == nil {
		s.dropPendingLink(ctx)
	}
	return s.answerSignIn(w, r, user, err, http.StatusOK)
}

// pendingLink is the Google sign-in waiting for a password, or an empty
// Identity when none is, or it waited longer than linkTTL.
func (s *Server) pendingLink(ctx context.Context) app.Identity {
	subject := s.sessions.GetString(ctx, linkSubjectKey)
	if subject == "" || s.now().Sub(time.Unix(s.sessions.GetInt64(ctx, linkStartedKey), 0)) > linkTTL {
		s.dropPendingLink(ctx)
		return app.Identity{}
	}
	return app.Identity{Provider: oidc.Provider, Subject: subject, Email: s.sessions.GetString(ctx, linkEmailKey), EmailVerified: true}
}

func (s *Server) dropPendingLink(ctx context.Context) {
	s.sessions.Remove(ctx, linkSubjectKey)
	s.sessions.Remove(ctx, linkEmailKey)
	s.sessions.Remove(ctx, linkStartedKey)
}

// linkFromProfile links Google to the account that started the sign-in
// from Profile, if it is still the one signed in here, and sends the
// browser back to Profile, which says how it went.
func (s *Server) linkFromProfile(w http.ResponseWriter, r *http.Request, userID int64, id app.Identity) {
	user := actor(r)
	var err error
	if user == nil || user.ID != userID {
		err = app.Errorf(app.KindUnauthorized, "Please log in")
	} else {
		_, err = s.signingIn.LinkProvider(r.Context(), user, id)
	}
	profile := webroutes.Pattern("profile")
	if err != nil {
		s.log.Info("linking Google failed", "err", err)
		message := translations.Translate(s.language(r), app.ErrorMessage(err))
		http.Redirect(w, r, profile+"?"+url.Values{"error": {message}}.Encode(), http.StatusFound)
		return
	}
	http.Redirect(w, r, profile+"?notice=google-linked", http.StatusFound)
}
