package api_test

import (
	"net/http"
	"strings"
	"testing"

	"rehome/api"
	"rehome/app"
	"rehome/internal/wiring"
)

func TestSiteSettings(t *testing.T) {
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	visitor := e.client()

	r := visitor.call("GET", "/api/site", nil)
	expectStatus(t, r, http.StatusOK)
	// Until an admin chooses, the language is the server's (--language, en by default).
	fresh := app.DefaultSite()
	fresh.Language = app.English
	if got := decode[app.Site](t, r); got != fresh {
		t.Fatalf("a new marketplace's settings: %+v", got)
	}
	for _, key := range []string{"name", "tagline", "about", "rules", "privacy", "terms", "contact_email", "public_listings", "language"} {
		if !strings.Contains(string(r.body), `"`+key+`":`) {
			t.Errorf("GET /api/site has no %q: %s", key, r.body)
		}
	}

	// Any subset of the fields; the others stay.
	r = admin.call("PUT", "/api/site", map[string]any{"name": "  Riverside Swap ", "contact_email": "Admins@Riverside.example",
		"public_listings": true})
	expectStatus(t, r, http.StatusOK)
	want := fresh
	want.Name, want.ContactEmail, want.PublicListings = "Riverside Swap", "admins@riverside.example", true
	if got := decode[app.Site](t, r); got != want {
		t.Fatalf("after the change: %+v, want %+v", got, want)
	}
	if got := decode[app.Site](t, visitor.call("GET", "/api/site", nil)); got != want {
		t.Fatalf("a visitor then reads %+v", got)
	}
	entries := decode[app.List[app.AuditEntry]](t, admin.call("GET", "/api/audit", nil)).Items
	if len(entries) == 0 || entries[0].Action != app.AuditUpdateSite || entries[0].Target != "contact_email, name, public_listings" {
		t.Fatalf("audit log: %+v", entries)
	}

	// Saving the same again changes nothing and records nothing.
	expectStatus(t, admin.call("PUT", "/api/site", map[string]any{"name": "Riverside Swap"}), http.StatusOK)
	if again := decode[app.List[app.AuditEntry]](t, admin.call("GET", "/api/audit", nil)).Items; len(again) != len(entries) {
		t.Fatalf("an unchanged save was recorded: %+v", again)
	}

	bad := []struct {
		body   map[string]any
		status int
		field  string
	}{
		{map[string]any{"name": " "}, http.StatusUnprocessableEntity, "name"},
		{map[string]any{"name": strings.Repeat("n", app.MaxSiteNameRunes+1)}, http.StatusUnprocessableEntity, "name"},
		{map[string]any{"tagline": strings.Repeat("t", app.MaxSiteTaglineRunes+1)}, http.StatusUnprocessableEntity, "tagline"},
		{map[string]any{"rules": strings.Repeat("r", app.MaxSiteTextRunes+1)}, http.StatusUnprocessableEntity, "rules"},
		{map[string]any{"contact_email": "not an email"}, http.StatusUnprocessableEntity, "contact_email"},
		{map[string]any{"public_listings": "yes"}, http.StatusBadRequest, ""},
		{map[string]any{"language": "es"}, http.StatusUnprocessableEntity, "language"},
		{map[string]any{"language": ""}, http.StatusUnprocessableEntity, "language"},
		{map[string]any{"colour": "teal"}, http.StatusBadRequest, ""},
	}
	for _, b := range bad {
		r := admin.call("PUT", "/api/site", b.body)
		expectStatus(t, r, b.status)
		if b.field != "" && !strings.Contains(string(r.body), `"`+b.field+`":`) {
			t.Errorf("%v: no message for %s: %s", b.body, b.field, r.body)
		}
	}
	if got := decode[app.Site](t, visitor.call("GET", "/api/site", nil)); got != want {
		t.Fatalf("a refused change changed the settings: %+v", got)
	}
	// An empty contact email takes the contact line away.
	r = admin.call("PUT", "/api/site", map[string]any{"contact_email": ""})
	expectStatus(t, r, http.StatusOK)
	if got := decode[app.Site](t, r); got.ContactEmail != "" {
		t.Fatalf("contact email kept: %+v", got)
	}
}

// TestSiteLanguage: the marketplace speaks the server's language until an
// admin chooses one, which is then the marketplace's whatever the server says.
func TestSiteLanguage(t *testing.T) {
	e := serverSet(t, t.TempDir(), api.Config{}, wiring.Settings{Language: app.German})
	admin, _ := e.admin("admin@example.com")
	language := func(e *env) app.Language {
		return decode[app.Site](t, e.client().call("GET", "/api/site", nil)).Language
	}

	if got := language(e); got != app.German {
		t.Fatalf("with the server's language German, the site speaks %q", got)
	}
	r := admin.call("PUT", "/api/site", map[string]any{"language": "fr"})
	expectStatus(t, r, http.StatusOK)
	if got := decode[app.Site](t, r).Language; got != app.French {
		t.Fatalf("the admin's change answers %q", got)
	}
	// The server restarted in English.
	if got := language(serverSet(t, e.dir, api.Config{}, wiring.Settings{Language: app.English})); got != app.French {
		t.Fatalf("after the admin chose French, the site speaks %q", got)
	}
	entries := decode[app.List[app.AuditEntry]](t, admin.call("GET", "/api/audit", nil)).Items
	if len(entries) == 0 || entries[0].Target != "language" {
		t.Fatalf("audit log: %+v", entries)
	}
}

// TestSiteDefaultTextsInItsLanguage: the about, rules, privacy and terms
// texts (and the tagline) no admin has written are the marketplace's
// language's, whichever language they were saved in; an admin's own stay
// as written.
func TestSiteDefaultTextsInItsLanguage(t *testing.T) {
	e := serverSet(t, t.TempDir(), api.Config{}, wiring.Settings{Language: app.German})
	admin, _ := e.admin("admin@example.com")
	visitor := e.client()
	site := func() app.Site { return decode[app.Site](t, visitor.call("GET", "/api/site", nil)) }
	english := app.DefaultSite()

	german := site()
	if !strings.HasPrefix(german.About, "Dieser Marktplatz wird von seiner Nachbarschaft") {
		t.Fatalf("a German marketplace's default About: %q", german.About)
	}
	for field, texts := range map[string][2]string{
		"tagline": {german.Tagline, english.Tagline},
		"rules":   {german.Rules, english.Rules},
		"privacy": {german.Privacy, english.Privacy},
		"terms":   {german.Terms, english.Terms},
	} {
		if texts[0] == texts[1] || texts[0] == "" {
			t.Errorf("a German marketplace's default %s is %q", field, texts[0])
		}
	}

	// A change of another setting saves the texts as they are: still the defaults, in the marketplace's language.
	r := admin.call("PUT", "/api/site", map[string]any{"name": "Flohmarkt", "about": german.About})
	expectStatus(t, r, http.StatusOK)
	entries := decode[app.List[app.AuditEntry]](t, admin.call("GET", "/api/audit", nil)).Items
	if len(entries) == 0 || entries[0].Target != "name" {
		t.Fatalf("the default About sent back unchanged was recorded as a change: %+v", entries)
	}
	expectStatus(t, admin.call("PUT", "/api/site", map[string]any{"language": "fr"}), http.StatusOK)
	if got := site(); !strings.HasPrefix(got.About, "Cette place de marché est tenue") || !strings.HasPrefix(got.Terms, "En utilisant cette place de marché") {
		t.Fatalf("after the admin chose French: about %q, terms %q", got.About, got.Terms)
	}

	own := "Run by the Riverside tenants' association."
	expectStatus(t, admin.call("PUT", "/api/site", map[string]any{"about": own}), http.StatusOK)
	if got := site(); got.About != own || !strings.HasPrefix(got.Rules, "- Soyez aimable") {
		t.Fatalf("an admin's own About: %q, the rules beside it %q", got.About, got.Rules)
	}
	expectStatus(t, admin.call("PUT", "/api/site", map[string]any{"language": "en"}), http.StatusOK)
	if got := site(); got.About != own || got.Rules != english.Rules {
		t.Fatalf("back in English: about %q, rules %q", got.About, got.Rules)
	}
}
