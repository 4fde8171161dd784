package api

import (
	"net/http"
	"time"

	"rehome/api/clientaddr"
	"rehome/api/sessions"
	"rehome/app"
	"rehome/internal/webroutes"
)

func (s *Server) register(w http.ResponseWriter, r *http.Request) error {
	image, err := formImage(w, r)
	if err != nil {
		return err
	}
	n := app.NewUser{
		Name:     r.PostFormValue("name"),
		Email:    r.PostFormValue("email"),
		Password: r.PostFormValue("password"),
		Role:     app.Role(r.PostFormValue("role")),
		Phone:    r.PostFormValue("phone"),
		Location: r.PostFormValue("location"),
	}
	if image != nil {
		defer image.Close()
	}
	user, err := s.signingIn.Register(r.Context(), n, image, clientaddr.Address(r))
	return s.answerSignIn(w, r, user, err, http.StatusCreated)
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var req loginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	user, err := s.signingIn.Login(r.Context(), req.Email, req.Password, clientaddr.Address(r), deviceToken(r))
	return s.answerSignIn(w, r, user, err, http.StatusOK)
}

// answerSignIn signs in the user that registering or logging in gave, and
// answers with the account; or returns the error either gave.
func (s *Server) answerSignIn(w http.ResponseWriter, r *http.Request, user *app.User, err error, status int) error {
	if err == nil {
		err = s.signIn(w, r, user)
	}
	if err != nil {
		return err
	}
	writeJSON(w, status, user.JSON())
	return nil
}

// signIn gives the session a new token before storing the user in it, so a
// token planted before login is worthless after, and gives the browser a
// fresh device token.
func (s *Server) signIn(w http.ResponseWriter, r *http.Request, user *app.User) error {
	if err := s.sessions.RenewToken(r.Context()); err != nil {
		return err
	}
	if err := s.giveDeviceCookie(w, r, user); err != nil {
		return err
	}
	now := time.Now().Unix()
	s.sessions.Put(r.Context(), sessions.UserKey, user.ID)
	s.sessions.Put(r.Context(), sessions.EpochKey, user.SessionEpoch)
	s.sessions.Put(r.Context(), sessions.SignedInKey, now)
	s.sessions.Put(r.Context(), sessions.SeenKey, now)
	return nil
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	if err := s.sessions.Destroy(r.Context()); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// me answers who is signed in: the user, or 204 for nobody. Nobody is an
// answer, not an error: the web app asks on every start, and a 401 there
// would be logged in every signed-out visitor's console. Nor is it a 200 of
// null, which a client generated from the document (oapi-codegen) reads as
// a user of zero values.
func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	user := actor(r)
	if user == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeJSON(w, http.StatusOK, user.JSON())
}

// makeResetLink gives an admin a one-time password reset link for an account.
func (s *Server) makeResetLink(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(pathParam(r, "id"))
	if err != nil {
		return err
	}
	token, err := s.passwordResets.MakeResetLink(r.Context(), actor(r), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]string{"url": s.linkTo(r, webroutes.Path(app.Link{Screen: app.ScreenResetPassword, Token: token}))})
	return nil
}

type resetPasswordRequest struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// resetPassword spends a reset link on a new password and signs the person in.
func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) error {
	var req resetPasswordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	user, err := s.passwordResets.ResetPassword(r.Context(), req.Token, req.Password)
	return s.answerSignIn(w, r, user, err, http.StatusOK)
}

// linkTo is an absolute link to path in the web app: under PublicURL, or
// the origin the request came to.
func (s *Server) linkTo(r *http.Request, path string) string {
	if s.publicURL != "" {
		return s.publicURL + path
	}
	scheme := "http"
	if clientaddr.Of(r).HTTPS {
		scheme = "https"
	}
	return scheme + "://" + r.Host + path
}

type changePasswordRequest struct {
	CurrentPassword string `json:"current_password"`
	NewPassword     string `json:"new_password"`
}

// changePassword sets a new password; every other session of the account ends.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) error {
	var req changePasswordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	user, err := s.signingIn.ChangePassword(r.Context(), actor(r), req.CurrentPassword, req.NewPassword, clientaddr.Address(r), deviceToken(r))
	return s.answerSignIn(w, r, user, err, http.StatusOK)
}

// endOtherSessions signs the account out everywhere but here.
func (s *Server) endOtherSessions(w http.ResponseWriter, r *http.Request) error {
	user, err := s.signingIn.EndOtherSessions(r.Context(), actor(r))
	if err == nil {
		err = s.signIn(w, r, user)
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// updateProfile changes the signed-in person's name, phone, location or picture.
func (s *Server) updateProfile(w http.ResponseWriter, r *http.Request) error {
	var in app.ProfileInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	user, err := s.profiles.UpdateProfile(r.Context(), actor(r), in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, user.JSON())
	return nil
}

type leaveRequest struct {
	Password string `json:"password"`
}

// leave deletes the signed-in person's own account and ends this session
// (the others end with the account).
func (s *Server) leave(w http.ResponseWriter, r *http.Request) error {
	var req leaveRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	err := s.profiles.LeaveMarketplace(r.Context(), actor(r), req.Password, clientaddr.Address(r), deviceToken(r))
	if err == nil {
		err = s.sessions.Destroy(r.Context())
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// exportAccount answers everything the marketplace holds about the
// signed-in person, as a file to keep.
func (s *Server) exportAccount(w http.ResponseWriter, r *http.Request) error {
	export, err := s.exports.ExportAccount(r.Context(), actor(r))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Disposition", `attachment; filename="rehome-account.json"`)
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, export)
	return nil
}

type emailRequest struct {
	Email string `json:"email"`
}

// forgotPassword mails a reset link to an account's email. The answer is
// the same whether the email has an account or not.
func (s *Server) forgotPassword(w http.ResponseWriter, r *http.Request) error {
	var req emailRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.passwordResets.ForgotPassword(r.Context(), req.Email, clientaddr.Address(r)); err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"message": app.ForgotPasswordMessage})
	return nil
}

type emailChangeRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// requestEmailChange mails a confirmation link to the new email.
func (s *Server) requestEmailChange(w http.ResponseWriter, r *http.Request) error {
	var req emailChangeRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.emailAddresses.RequestEmailChange(r.Context(), actor(r), req.Email, req.Password, clientaddr.Address(r), deviceToken(r)); err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"message": app.EmailChangeSentMessage(app.NormalizeEmail(req.Email))})
	return nil
}

type tokenRequest struct {
	Token string `json:"token"`
}

// confirmEmail spends a link mailed to an address: an email change's, or
// a "Confirm your email" link; kind says which.
func (s *Server) confirmEmail(w http.ResponseWriter, r *http.Request) error {
	var req tokenRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	u, kind, err := s.emailAddresses.ConfirmEmail(r.Context(), req.Token)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"email": u.Email, "kind": string(kind)})
	return nil
}

// sendEmailVerification mails the signed-in person a "Confirm your email" link.
func (s *Server) sendEmailVerification(w http.ResponseWriter, r *http.Request) error {
	user := actor(r)
	if err := s.emailAddresses.SendEmailVerification(r.Context(), user); err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"message": app.EmailVerificationSentMessage(user.Email)})
	return nil
}
