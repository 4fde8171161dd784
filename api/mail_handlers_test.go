package api_test

import (
	"net/http"
	netmail "net/mail"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"rehome/api"
	"rehome/app"
	"rehome/internal/mailsink"
	"rehome/internal/wiring"
	"rehome/mail"
)

// publicURL is where mailed links point: never the address a request came
// to, which a forged Host header would choose.
const publicURL = "https://market.example"

// withMail is a server that mails through an SMTP server in this process,
// as 'rehome serve --smtp-url' does.
func withMail(t *testing.T) (*env, *mailsink.Sink) {
	t.Helper()
	return withMailConfig(t, api.Config{})
}

// withMailConfig is withMail on a server configured with cfg.
func withMailConfig(t *testing.T, cfg api.Config) (*env, *mailsink.Sink) {
	t.Helper()
	return withMailSet(t, cfg, wiring.Settings{})
}

// withMailSet is withMailConfig, the marketplace run as set says besides
// its mail.
func withMailSet(t *testing.T, cfg api.Config, set wiring.Settings) (*env, *mailsink.Sink) {
	t.Helper()
	sink, err := mailsink.Start("127.0.0.1:0", mailsink.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sink.Close() })
	server, err := mail.ParseServer("smtp://" + sink.Addr)
	if err != nil {
		t.Fatal(err)
	}
	from := &netmail.Address{Name: "Rehome", Address: "noreply@market.example"}
	set.Mail = &wiring.Mail{Sender: server, From: from, PublicURL: publicURL}
	e := serverSet(t, t.TempDir(), cfg, set,
		func(m *wiring.Marketplace) { runUntilCleanup(t, m.Courier.Run) })
	return e, sink
}

// queuingMail is a server whose mail is queued and never sent (its courier
// does not run): enough to ask who may send it.
func queuingMail(t *testing.T) *env {
	t.Helper()
	return serverSet(t, t.TempDir(), api.Config{}, wiring.Settings{Mail: &wiring.Mail{PublicURL: publicURL}})
}

// mailFor waits for the nth mail to an address, leaving out the
// "Confirm your email" mail every sign-up gets (confirmationFor has it).
func mailFor(t *testing.T, sink *mailsink.Sink, to string, n int) mailsink.Message {
	t.Helper()
	return nthMail(t, sink, to, n, func(m mailsink.Message) bool { return m.Subject != confirmationSubject })
}

// confirmationFor waits for the nth "Confirm your email" mail to an address.
func confirmationFor(t *testing.T, sink *mailsink.Sink, to string, n int) mailsink.Message {
	t.Helper()
	return nthMail(t, sink, to, n, func(m mailsink.Message) bool { return m.Subject == confirmationSubject })
}

const confirmationSubject = "Confirm your email for Rehome"

func nthMail(t *testing.T, sink *mailsink.Sink, to string, n int, wanted func(mailsink.Message) bool) mailsink.Message {
	t.Helper()
	for all := n; ; all++ {
		got := sink.Wait(to, all, 10*time.Second)
		if len(got) < all {
			t.Fatalf("%d mails to %s arrived, want %d of the kind", len(got), to, n)
		}
		if kept := slices.DeleteFunc(got, func(m mailsink.Message) bool { return !wanted(m) }); len(kept) >= n {
			return kept[n-1]
		}
	}
}

// mailsTo are the mails an address has received but its sign-up's
// confirmation.
func mailsTo(sink *mailsink.Sink, to string) []mailsink.Message {
	return slices.DeleteFunc(sink.Messages(to), func(m mailsink.Message) bool { return m.Subject == confirmationSubject })
}

var linkInText = regexp.MustCompile(`https://market\.example/[a-z-]+\?token=[A-Za-z0-9%]+`)

// tokenOf finds the link a mail carries, checks where it leads, and
// returns its token.
func tokenOf(t *testing.T, m mailsink.Message, path string) string {
	t.Helper()
	found := linkInText.FindString(m.Text)
	link, err := url.Parse(found)
	if found == "" || err != nil || link.Path != path {
		t.Fatalf("no link to %s in:\n%s", path, m.Text)
	}
	if !strings.Contains(m.HTML, `href="`+found+`"`) {
		t.Errorf("the HTML part lacks the link:\n%s", m.HTML)
	}
	return link.Query().Get("token")
}

func forgot(c *client, email string) *response {
	return c.call("POST", "/api/auth/password/forgot", map[string]string{"email": email})
}

// TestForgottenPassword: the mailed link sets a new password, ends every
// other session and signs the person in, once.
func TestForgottenPassword(t *testing.T) {
	t.Parallel()
	e, sink := withMail(t)
	// A name is text, in the plain part as typed and escaped in the HTML.
	before, bea := e.register("Bea <i>Buyer</i> & Co", "bea@example.com", app.RoleBuyer)
	if got := decode[map[string]bool](t, e.client().call("GET", "/api/auth/providers", nil)); !got["mail"] {
		t.Errorf("providers say %v", got)
	}

	r := forgot(e.client(), "  Bea@Example.com ")
	expectStatus(t, r, http.StatusAccepted)
	if got := decode[map[string]string](t, r)["message"]; got != app.ForgotPasswordMessage {
		t.Errorf("the answer is %q", got)
	}
	m := mailFor(t, sink, "bea@example.com", 1)
	if m.Subject != "Reset your Rehome password" || m.From != "noreply@market.example" || !strings.Contains(m.Text, "Hello Bea <i>Buyer</i> & Co,") {
		t.Errorf("the mail: %s from %s\n%s", m.Subject, m.From, m.Text)
	}
	if !strings.Contains(m.HTML, "<p>Hello Bea &lt;i&gt;Buyer&lt;/i&gt; &amp; Co,</p>") {
		t.Errorf("the HTML part does not escape the name:\n%s", m.HTML)
	}
	token := tokenOf(t, m, "/reset-password")

	after := e.client()
	r = after.call("POST", "/api/auth/password/reset", map[string]string{"token": token, "password": "new password 1"})
	expectStatus(t, r, http.StatusOK)
	if u := decode[app.User](t, after.call("GET", "/api/auth/me", nil)); u.ID != bea.ID {
		t.Errorf("signed in as %+v", u)
	}
	expectNobody(t, before.call("GET", "/api/auth/me", nil))
	expectStatus(t, e.client().call("POST", "/api/auth/login", map[string]string{"email": "bea@example.com", "password": "new password 1"}), http.StatusOK)
	again := e.client().call("POST", "/api/auth/password/reset", map[string]string{"token": token, "password": "another password"})
	expectError(t, again, http.StatusUnprocessableEntity, "", map[string]string{"token": app.ResetLinkUsedMessage})
}

// TestForgotPasswordTellsNothing: an email with an account and one without
// get the same answer in the same time, and only the first gets mail.
func TestForgotPasswordTellsNothing(t *testing.T) {
	t.Parallel()
	e, sink := withMail(t)
	e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	answer := func(email string) (*response, time.Duration) {
		started := time.Now()
		r := forgot(e.client(), email)
		return r, time.Since(started)
	}
	known, knownTook := answer("bea@example.com")
	unknown, unknownTook := answer("nobody@example.com")
	if known.status != http.StatusAccepted || unknown.status != known.status || string(known.body) != string(unknown.body) {
		t.Errorf("answers differ: %d %s and %d %s", known.status, known.body, unknown.status, unknown.body)
	}
	for _, took := range []time.Duration{knownTook, unknownTook} {
		if took < app.ForgotPasswordTime {
			t.Errorf("an answer took %s, less than the %s every answer takes", took, app.ForgotPasswordTime)
		}
	}
	mailFor(t, sink, "bea@example.com", 1)
	// Mail goes in the order queued: once a later one has come, a mail to
	// the unknown email would have come before it.
	e.register("Cal Later", "cal@example.com", app.RoleBuyer)
	expectStatus(t, forgot(e.client(), "cal@example.com"), http.StatusAccepted)
	mailFor(t, sink, "cal@example.com", 1)
	if got := sink.Messages("nobody@example.com"); len(got) != 0 {
		t.Errorf("an email without an account got %d mails", len(got))
	}

	t.Run("a malformed email is refused", func(t *testing.T) {
		expectError(t, forgot(e.client(), "not an email"), http.StatusUnprocessableEntity, "", map[string]string{"email": "Enter a valid email address"})
	})
}

func TestForgotPasswordLimits(t *testing.T) {
	t.Parallel()
	e, sink := withMail(t)
	e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)

	// Many clients asking for one email: its inbox gets a few mails an hour.
	for range app.ForgotPasswordMailsPerHour + 2 {
		expectStatus(t, forgot(e.client(), "bea@example.com"), http.StatusAccepted)
	}
	// The courier sends in the order mail was queued: once a mail queued
	// after them has come, a mail too many to Bea would have come before it.
	e.register("Cal Later", "cal@example.com", app.RoleBuyer)
	expectStatus(t, forgot(e.client(), "cal@example.com"), http.StatusAccepted)
	mailFor(t, sink, "cal@example.com", 1)
	if got := len(mailsTo(sink, "bea@example.com")); got != app.ForgotPasswordMailsPerHour {
		t.Errorf("%d mails, want %d", got, app.ForgotPasswordMailsPerHour)
	}

	// One client asking for many emails is told to wait.
	c := e.client()
	for i := range app.ForgotPasswordPerAddressPerHour {
		expectStatus(t, forgot(c, "someone"+string(rune('a'+i))+"@example.com"), http.StatusAccepted)
	}
	r := forgot(c, "one.more@example.com")
	expectStatus(t, r, http.StatusTooManyRequests)
	if r.header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
}

func TestWithoutMailAnAdminMakesTheLink(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, _ := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	expectError(t, forgot(e.client(), "bea@example.com"), http.StatusConflict, app.NoMailMessage, nil)
	expectError(t, c.call("POST", "/api/auth/email", map[string]string{"email": "bea@new.example", "password": testPassword}),
		http.StatusConflict, app.NoMailMessage, nil)
}

func changeEmail(c *client, email, password string) *response {
	return c.call("POST", "/api/auth/email", map[string]string{"email": email, "password": password})
}

// TestChangingEmail: the new address confirms the change with its link, and
// the old one is told.
func TestChangingEmail(t *testing.T) {
	t.Parallel()
	e, sink := withMail(t)
	bea, _ := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	e.register("Sam Seller", "sam@example.com", app.RoleSeller)

	t.Run("refused", func(t *testing.T) {
		expectError(t, changeEmail(bea, "bea@new.example", "not it at all"), http.StatusUnprocessableEntity, "", map[string]string{"password": app.WrongPasswordMessage})
		expectError(t, changeEmail(bea, "bea@example.com", testPassword), http.StatusUnprocessableEntity, "", map[string]string{"email": "This is already your email"})
		expectError(t, changeEmail(bea, "nope", testPassword), http.StatusUnprocessableEntity, "", map[string]string{"email": "Enter a valid email address"})
		expectStatus(t, changeEmail(e.client(), "bea@new.example", testPassword), http.StatusUnauthorized)
	})

	// An address with an account: the same answer, and that address is told.
	taken := changeEmail(bea, "sam@example.com", testPassword)
	expectStatus(t, taken, http.StatusAccepted)
	if m := mailFor(t, sink, "sam@example.com", 1); m.Subject != "Someone tried to use your email on Rehome" {
		t.Errorf("the taken address got %q", m.Subject)
	}

	r := changeEmail(bea, "Bea@New.example", testPassword)
	expectStatus(t, r, http.StatusAccepted)
	if got, want := decode[map[string]string](t, r)["message"], app.EmailChangeSentMessage("bea@new.example"); got != want {
		t.Errorf("the answer is %q, want %q", got, want)
	}
	if strings.ReplaceAll(string(taken.body), "sam@example.com", "X") != strings.ReplaceAll(string(r.body), "bea@new.example", "X") {
		t.Errorf("a taken address is answered %s, a free one %s", taken.body, r.body)
	}
	token := tokenOf(t, mailFor(t, sink, "bea@new.example", 1), "/confirm-email")
	if u := decode[app.User](t, bea.call("GET", "/api/auth/me", nil)); u.Email != "bea@example.com" {
		t.Errorf("the email changed before the link was opened: %s", u.Email)
	}

	// The link works for whoever opens it, once.
	r = e.client().call("POST", "/api/auth/email/confirm", map[string]string{"token": token})
	expectStatus(t, r, http.StatusOK)
	if got := decode[map[string]string](t, r)["email"]; got != "bea@new.example" {
		t.Errorf("confirmed %q", got)
	}
	if u := decode[app.User](t, bea.call("GET", "/api/auth/me", nil)); u.Email != "bea@new.example" {
		t.Errorf("me reads %s", u.Email)
	}
	if m := mailFor(t, sink, "bea@example.com", 1); m.Subject != "Your Rehome email was changed" || !strings.Contains(m.Text, "bea@new.example") {
		t.Errorf("the old address got %q:\n%s", m.Subject, m.Text)
	}
	expectStatus(t, e.client().call("POST", "/api/auth/login", map[string]string{"email": "bea@new.example", "password": testPassword}), http.StatusOK)
	expectStatus(t, e.client().call("POST", "/api/auth/login", map[string]string{"email": "bea@example.com", "password": testPassword}), http.StatusUnauthorized)
	expectError(t, e.client().call("POST", "/api/auth/email/confirm", map[string]string{"token": token}),
		http.StatusUnprocessableEntity, "", map[string]string{"token": app.EmailLinkUsedMessage})

	t.Run("an address taken since the link was sent", func(t *testing.T) {
		expectStatus(t, changeEmail(bea, "late@example.com", testPassword), http.StatusAccepted)
		token := tokenOf(t, mailFor(t, sink, "late@example.com", 1), "/confirm-email")
		e.register("Late Comer", "late@example.com", app.RoleBuyer)
		expectError(t, e.client().call("POST", "/api/auth/email/confirm", map[string]string{"token": token}), http.StatusConflict, app.EmailTakenMessage, nil)
	})
}

const (
	firefoxOnLinux  = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"
	chromeOnAndroid = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36"
)

// TestSessionList: each device signed in is listed, this one marked, and
// one can be signed out from another.
func TestSessionList(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	laptop, _ := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	laptop.headers = []string{"User-Agent", firefoxOnLinux}
	phone := e.client()
	phone.headers = []string{"User-Agent", chromeOnAndroid}
	expectStatus(t, phone.call("POST", "/api/auth/login", map[string]string{"email": "bea@example.com", "password": testPassword}), http.StatusOK)
	sam, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)

	// The laptop signed up before it sent a User-Agent: it says which it is
	// on its next write of the session (here, a new sign-in).
	expectStatus(t, laptop.call("POST", "/api/auth/login", map[string]string{"email": "bea@example.com", "password": testPassword}), http.StatusOK)
	r := laptop.call("GET", "/api/auth/sessions", nil)
	expectStatus(t, r, http.StatusOK)
	list := decode[app.List[app.Session]](t, r)
	if list.Total != 2 || len(list.Items) != 2 {
		t.Fatalf("sessions: %s", r.body)
	}
	this, other := list.Items[0], list.Items[1]
	if !this.Current || this.Device != "Firefox on Linux" || other.Current || other.Device != "Chrome on Android" {
		t.Errorf("sessions: %+v", list.Items)
	}
	if time.Since(other.LastSeen) > time.Minute || time.Since(other.Created) > time.Minute {
		t.Errorf("times: %+v", other)
	}
	if strings.Contains(string(r.body), "rehome_session") {
		t.Error("a cookie in the list")
	}

	t.Run("another account's session is not found", func(t *testing.T) {
		expectStatus(t, sam.call("DELETE", "/api/auth/sessions/"+other.ID, nil), http.StatusNotFound)
		expectStatus(t, laptop.call("DELETE", "/api/auth/sessions/made-up", nil), http.StatusNotFound)
	})

	expectStatus(t, laptop.call("DELETE", "/api/auth/sessions/"+other.ID, nil), http.StatusNoContent)
	expectNobody(t, phone.call("GET", "/api/auth/me", nil))
	if list := decode[app.List[app.Session]](t, laptop.call("GET", "/api/auth/sessions", nil)); list.Total != 1 || !list.Items[0].Current {
		t.Errorf("after ending the phone's: %+v", list)
	}

	t.Run("ending this session signs out", func(t *testing.T) {
		expectStatus(t, laptop.call("DELETE", "/api/auth/sessions/"+this.ID, nil), http.StatusNoContent)
		expectNobody(t, laptop.call("GET", "/api/auth/me", nil))
	})
}

// TestSignOutEverywhereEmptiesTheList: sessions ended by a new epoch leave
// the list with them.
func TestSignOutEverywhereEmptiesTheList(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	laptop, _ := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	for range 2 {
		expectStatus(t, e.client().call("POST", "/api/auth/login", map[string]string{"email": "bea@example.com", "password": testPassword}), http.StatusOK)
	}
	if list := decode[app.List[app.Session]](t, laptop.call("GET", "/api/auth/sessions", nil)); list.Total != 3 {
		t.Fatalf("%d sessions, want 3", list.Total)
	}
	expectStatus(t, laptop.call("DELETE", "/api/auth/sessions", nil), http.StatusNoContent)
	if list := decode[app.List[app.Session]](t, laptop.call("GET", "/api/auth/sessions", nil)); list.Total != 1 || !list.Items[0].Current {
		t.Errorf("after signing out everywhere else: %+v", list)
	}
}
