package api_test

import (
	"net/http"
	"testing"

	"rehome/app"
)

// TestErrorsSpeakTheRequestsLanguage: an error's message and its fields'
// are in the person's language, else their browser's, else the
// marketplace's; a message no catalog holds yet stays English.
func TestErrorsSpeakTheRequestsLanguage(t *testing.T) {
	e := newEnv(t)
	bea, _ := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	german := e.client()
	german.headers = []string{"Accept-Language", "de-CH,de;q=0.9,en;q=0.5"}
	wrongLogin := map[string]string{"email": "nobody@example.com", "password": "not the password"}

	expectError(t, german.call("POST", "/api/auth/login", wrongLogin), http.StatusUnauthorized, "E-Mail-Adresse oder Passwort ist falsch", nil)
	expectError(t, e.client().call("POST", "/api/auth/login", wrongLogin), http.StatusUnauthorized, "Invalid email or password", nil)

	// The person's choice wins over the browser's.
	expectStatus(t, bea.call("PATCH", "/api/auth/me", map[string]any{"language": "fr"}), http.StatusOK)
	bea.headers = append(bea.headers, "Accept-Language", "de")
	expectError(t, bea.call("PATCH", "/api/auth/me", map[string]any{"name": " ", "phone": "call me"}), http.StatusUnprocessableEntity,
		"Veuillez corriger les champs signalés", map[string]string{
			"name":  "Ce champ est obligatoire",
			"phone": "Saisissez un numéro de téléphone de 6 à 20 chiffres",
		})

	// With neither, the marketplace's language.
	e.svc.Site.UseLanguage(app.German)
	expectError(t, e.client().call("POST", "/api/auth/login", wrongLogin), http.StatusUnauthorized, "E-Mail-Adresse oder Passwort ist falsch", nil)
	english := e.client()
	english.headers = []string{"Accept-Language", "en-GB"}
	expectError(t, english.call("POST", "/api/auth/login", wrongLogin), http.StatusUnauthorized, "Invalid email or password", nil)
}
