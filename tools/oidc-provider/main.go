// Command oidc-provider is a local OpenID Connect provider for the browser
// tests of "Sign in with Google": it signs in everyone who asks as Jane Doe
// (a verified email, a name) without asking anything. It prints its issuer,
// client id and secret as one JSON line, then serves until killed.
package main

import (
	"encoding/json"
	"log"
	"net"
	"net/http"
	"os"

	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"
)

// jane is the person at the provider, with the claims Google sends.
type jane struct{ mockoidc.MockUser }

func (j *jane) Claims(_ []string, claims *mockoidc.IDTokenClaims) (jwt.Claims, error) {
	return &struct {
		*mockoidc.IDTokenClaims
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
		Name          string `json:"name"`
	}{claims, j.Email, true, "Jane Doe"}, nil
}

func main() {
	m, err := mockoidc.NewServer(nil)
	if err != nil {
		log.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	// Every sign-in is Jane's: mockoidc hands out its queued users first.
	m.AddMiddleware(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == mockoidc.AuthorizationEndpoint {
				m.QueueUser(&jane{*mockoidc.DefaultUser()})
			}
			next.ServeHTTP(w, r)
		})
	})
	if err := m.Start(l, nil); err != nil {
		log.Fatal(err)
	}
	json.NewEncoder(os.Stdout).Encode(map[string]string{"issuer": m.Issuer(), "client_id": m.ClientID, "client_secret": m.ClientSecret})
	select {}
}
