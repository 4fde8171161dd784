package api_test

import (
	"net/http"
	"strings"
	"testing"

	"rehome/app"
)

// TestMailsCarryTheSiteName: a mail names the marketplace as its admins
// call it at the time it is sent, in the subject, the text and the HTML.
func TestMailsCarryTheSiteName(t *testing.T) {
	t.Parallel()
	e, sink := withMail(t)
	admin, _ := e.admin("admin@example.com")
	e.register("Bea", "bea@example.com", app.RoleBuyer)

	expectStatus(t, admin.call("PUT", "/api/site", map[string]any{"name": "Riverside <Swap>"}), http.StatusOK)
	expectStatus(t, forgot(e.client(), "bea@example.com"), http.StatusAccepted)
	m := mailFor(t, sink, "bea@example.com", 1)
	if m.Subject != "Reset your Riverside <Swap> password" {
		t.Errorf("subject %q", m.Subject)
	}
	if !strings.Contains(m.Text, "your Riverside <Swap> account") || !strings.Contains(m.Text, "account on Riverside <Swap>,") {
		t.Errorf("the text does not name the site:\n%s", m.Text)
	}
	if !strings.Contains(m.HTML, ">Riverside &lt;Swap&gt;</p>") || strings.Contains(m.HTML+m.Text, "Rehome") {
		t.Errorf("the HTML does not name the site, escaped, alone:\n%s", m.HTML)
	}
}
