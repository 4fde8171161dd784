package api

import (
	"net/http"
	"time"

	"rehome/app"
)

// deviceCookie carries the device token a browser got when it last signed
// in (app.DeviceToken): a login from it is not refused by the account-wide
// failure limit. Only the sign-in routes under /api/auth receive it, and
// scripts cannot read it.
const deviceCookie = "rehome_device"

// deviceToken is the device token the request brings, or "".
func deviceToken(r *http.Request) string {
	c, err := r.Cookie(deviceCookie)
	if err != nil {
		return ""
	}
	return c.Value
}

// giveDeviceCookie gives the browser that user just signed in on a fresh
// device token, for as long as it is honoured.
func (s *Server) giveDeviceCookie(w http.ResponseWriter, r *http.Request, user *app.User) error {
	token, err := s.signingIn.DeviceToken(r.Context(), user)
	if err != nil {
		return err
	}
	// Secure is the session cookie's: set whenever the site is served over
	// HTTPS, and off only for plain HTTP on loopback.
	http.SetCookie(w, &http.Cookie{ // #nosec G124 -- Secure as the session cookie's, above
		Name: deviceCookie, Value: token, Path: "/api/auth",
		MaxAge:   int(app.DeviceTokenLifetime / time.Second),
		HttpOnly: true, Secure: s.sessions.Cookie.Secure, SameSite: http.SameSiteLaxMode,
	})
	return nil
}
