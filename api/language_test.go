package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rehome/api"
	"rehome/app"
	"rehome/internal/mailsink"
	"rehome/internal/wiring"
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

	// With neither, the marketplace's language: the server restarted in German.
	inGerman := serverSet(t, e.dir, api.Config{}, wiring.Settings{Language: app.German})
	expectError(t, inGerman.client().call("POST", "/api/auth/login", wrongLogin), http.StatusUnauthorized, "E-Mail-Adresse oder Passwort ist falsch", nil)
	english := inGerman.client()
	english.headers = []string{"Accept-Language", "en-GB"}
	expectError(t, english.call("POST", "/api/auth/login", wrongLogin), http.StatusUnauthorized, "Invalid email or password", nil)
}

// TestMailsSpeakTheRecipientsLanguage: a mail is written in its
// recipient's language, else the marketplace's (French here); names stay
// as written.
func TestMailsSpeakTheRecipientsLanguage(t *testing.T) {
	t.Parallel()
	e, sink := withMailSet(t, api.Config{}, wiring.Settings{Language: app.French})
	bea, _ := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	e.register("Cy Buyer", "cy@example.com", app.RoleBuyer)
	expectStatus(t, bea.call("PATCH", "/api/auth/me", map[string]any{"language": "de"}), http.StatusOK)
	// The mails after each sign-up's confirmation, which is in French.
	resetFor := func(to string) mailsink.Message {
		return nthMail(t, sink, to, 1, func(m mailsink.Message) bool { return !strings.Contains(m.Text, "/confirm-email?token=") })
	}

	expectStatus(t, forgot(e.client(), "bea@example.com"), http.StatusAccepted)
	m := resetFor("bea@example.com")
	if m.Subject != "Setze dein Passwort für Rehome zurück" || !strings.Contains(m.Text, "Hallo Bea Buyer,") ||
		!strings.Contains(m.Text, "Neues Passwort wählen:") || !strings.Contains(m.HTML, "Oder öffne diesen Link:") {
		t.Errorf("Bea's mail: %s\n%s", m.Subject, m.Text)
	}

	expectStatus(t, forgot(e.client(), "cy@example.com"), http.StatusAccepted)
	if m := resetFor("cy@example.com"); m.Subject != "Réinitialisez votre mot de passe Rehome" || !strings.Contains(m.Text, "Bonjour Cy Buyer,") {
		t.Errorf("Cy's mail, in the marketplace's French: %s\n%s", m.Subject, m.Text)
	}
}

// TestPushNotesSpeakTheRecipientsLanguage: a push note is written in the
// language of the person it goes to; a product's name stays as written.
func TestPushNotesSpeakTheRecipientsLanguage(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	rec := s.listen()
	product := s.mpProduct(t, "Tables")
	bea, beaUser := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	expectStatus(t, s.seller.call("PATCH", "/api/auth/me", map[string]any{"language": "fr"}), http.StatusOK)
	rec.take()

	booking := mpBook(t, bea, product)
	expectEvents(t, rec, "a booking",
		fmt.Sprintf(`%d booking {"booking_id":%d,"product_id":%d}`, beaUser.ID, booking.ID, product),
		fmt.Sprintf(`%d booking {"booking_id":%d,"product_id":%d} push booking %q %q /dashboard/mybuyers booking-%d`,
			s.sellerUser.ID, booking.ID, product, "Nouvelle réservation : Oak table", "Bea Buyer l'a réservé", booking.ID))
}
