package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"rehome/app"
)

// TestResetLink: an admin's one-time link sets a new password, ends every
// other session of the account and signs the person in; it works once.
func TestResetLink(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin, _ := e.admin("admin@example.com")
	before, bea := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	expectStatus(t, before.call("GET", "/api/auth/me", nil), http.StatusOK)

	r := admin.call("POST", fmt.Sprintf("/api/users/%d/reset-link", bea.ID), nil)
	expectStatus(t, r, http.StatusCreated)
	link, err := url.Parse(decode[map[string]string](t, r)["url"])
	if err != nil || link.Path != "/reset-password" || link.Query().Get("token") == "" || !strings.HasPrefix(link.Scheme, "http") {
		t.Fatalf("the link is %v (%v)", link, err)
	}
	token := link.Query().Get("token")
	if log := decode[app.List[app.AuditEntry]](t, admin.call("GET", "/api/audit", nil)); log.Items[0].Action != app.AuditResetLink ||
		log.Items[0].Target != "Bea Buyer <bea@example.com>" {
		t.Errorf("the audit log begins with %+v", log.Items[0])
	}

	reset := func(c *client, token, password string) *response {
		return c.call("POST", "/api/auth/password/reset", map[string]string{"token": token, "password": password})
	}
	t.Run("a short password keeps the link", func(t *testing.T) {
		expectError(t, reset(e.client(), token, "short"), http.StatusUnprocessableEntity, "", map[string]string{"password": "Use at least 8 characters"})
	})

	after := e.client()
	r = reset(after, token, "new password 1")
	expectStatus(t, r, http.StatusOK)
	if u := decode[app.User](t, r); u.ID != bea.ID {
		t.Errorf("signed in as %+v", u)
	}
	if u := decode[app.User](t, after.call("GET", "/api/auth/me", nil)); u.ID != bea.ID {
		t.Errorf("after the reset, me is %+v", u)
	}
	t.Run("the other sessions ended", func(t *testing.T) {
		expectNobody(t, before.call("GET", "/api/auth/me", nil))
	})
	t.Run("the new password works, the old one not", func(t *testing.T) {
		login := func(password string) *response {
			return e.client().call("POST", "/api/auth/login", map[string]string{"email": "bea@example.com", "password": password})
		}
		expectStatus(t, login(testPassword), http.StatusUnauthorized)
		expectStatus(t, login("new password 1"), http.StatusOK)
	})
	t.Run("the link works once", func(t *testing.T) {
		expectError(t, reset(e.client(), token, "another password"), http.StatusUnprocessableEntity, app.ResetLinkUsedMessage,
			map[string]string{"token": app.ResetLinkUsedMessage})
	})
	t.Run("a missing account", func(t *testing.T) {
		expectStatus(t, admin.call("POST", "/api/users/999999/reset-link", nil), http.StatusNotFound)
	})
}

// TestChangePassword: the current password is checked, the new one set, and
// every other session ends while this one stays signed in.
func TestChangePassword(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	here, bea := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	elsewhere := e.client()
	expectStatus(t, elsewhere.call("POST", "/api/auth/login", map[string]string{"email": "bea@example.com", "password": testPassword}), http.StatusOK)
	change := func(current, next string) *response {
		return here.call("POST", "/api/auth/password", map[string]string{"current_password": current, "new_password": next})
	}
	signedIn := func(c *client) bool {
		r := c.call("GET", "/api/auth/me", nil)
		return r.status == http.StatusOK
	}

	for _, tc := range []struct {
		name, current, next string
		fields              map[string]string
	}{
		{"a wrong current password", "wrong password", "new password 1", map[string]string{"current_password": app.WrongPasswordMessage}},
		{"no current password", "", "new password 1", map[string]string{"current_password": app.RequiredMessage}},
		{"a short new password", testPassword, "short", map[string]string{"new_password": "Use at least 8 characters"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expectError(t, change(tc.current, tc.next), http.StatusUnprocessableEntity, "", tc.fields)
			if !signedIn(elsewhere) {
				t.Error("a refused change ended the other session")
			}
		})
	}

	r := change(testPassword, "new password 1")
	expectStatus(t, r, http.StatusOK)
	if u := decode[app.User](t, r); u.ID != bea.ID {
		t.Errorf("answered %+v", u)
	}
	if !signedIn(here) || signedIn(elsewhere) {
		t.Errorf("after the change: here signed in %v (want true), elsewhere %v (want false)", signedIn(here), signedIn(elsewhere))
	}
	expectStatus(t, e.client().call("POST", "/api/auth/login", map[string]string{"email": "bea@example.com", "password": "new password 1"}), http.StatusOK)

	t.Run("sign out everywhere else", func(t *testing.T) {
		other := e.client()
		expectStatus(t, other.call("POST", "/api/auth/login", map[string]string{"email": "bea@example.com", "password": "new password 1"}), http.StatusOK)
		expectStatus(t, here.call("DELETE", "/api/auth/sessions", nil), http.StatusNoContent)
		if !signedIn(here) || signedIn(other) {
			t.Errorf("here signed in %v (want true), the other %v (want false)", signedIn(here), signedIn(other))
		}
	})
}

// TestUpdateProfile: the fields given change, checked as at registration;
// the picture must be one the person uploaded.
func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	bea, _ := e.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	sam, _ := e.register("Sam Seller", "sam@example.com", app.RoleSeller)
	mine, theirs := bea.upload(pngImage(t, 20, 20)), sam.upload(pngImage(t, 20, 20))

	r := bea.call("PATCH", "/api/auth/me", map[string]any{"name": "  Beatrice  ", "location": "Hillside", "image": mine.URL})
	expectStatus(t, r, http.StatusOK)
	got := decode[app.User](t, r)
	if got.Name != "Beatrice" || got.Location != "Hillside" || got.Image != mine.URL || got.Phone != "+1 555 0100" || got.Email != "bea@example.com" {
		t.Errorf("after the edit: %+v", got)
	}
	if me := decode[app.User](t, bea.call("GET", "/api/auth/me", nil)); me != got {
		t.Errorf("me reads %+v, the edit answered %+v", me, got)
	}
	for _, tc := range []struct {
		name   string
		body   map[string]any
		fields map[string]string
	}{
		{"a blank name", map[string]any{"name": "  "}, map[string]string{"name": app.RequiredMessage}},
		{"a bad phone", map[string]any{"phone": "call me"}, map[string]string{"phone": app.PhoneMessage}},
		{"someone else's picture", map[string]any{"image": theirs.URL}, map[string]string{"image": "Upload the image first"}},
		{"a language not spoken", map[string]any{"language": "es"}, map[string]string{"language": app.LanguageMessage}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expectError(t, bea.call("PATCH", "/api/auth/me", tc.body), http.StatusUnprocessableEntity, "", tc.fields)
		})
	}
	t.Run("the email is not changed here", func(t *testing.T) {
		expectStatus(t, bea.call("PATCH", "/api/auth/me", map[string]any{"email": "other@example.com"}), http.StatusBadRequest)
	})
	if me := decode[app.User](t, bea.call("GET", "/api/auth/me", nil)); me != got {
		t.Errorf("refused edits changed the account: %+v", me)
	}

	t.Run("a language is chosen, kept and forgotten", func(t *testing.T) {
		if got.Language != "" {
			t.Fatalf("a new account has the language %q, want none chosen", got.Language)
		}
		for _, language := range []app.Language{app.German, app.French, ""} {
			r := bea.call("PATCH", "/api/auth/me", map[string]any{"language": language})
			expectStatus(t, r, http.StatusOK)
			if me := decode[app.User](t, bea.call("GET", "/api/auth/me", nil)); me.Language != language || me.Name != got.Name {
				t.Errorf("after choosing %q: %+v", language, me)
			}
		}
	})
}

// TestLeaveMarketplace: a person deletes their own account with its
// password, by the rules of an admin's deletion.
func TestLeaveMarketplace(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	elsewhere := s.client()
	expectStatus(t, elsewhere.call("POST", "/api/auth/login", map[string]string{"email": "seller@example.com", "password": testPassword}), http.StatusOK)
	buyer, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	created := s.seller.call("POST", "/api/products", productBody("Tables", s.picture.URL))
	expectStatus(t, created, http.StatusCreated)
	product := decode[app.Product](t, created).ID
	booked := buyer.call("POST", "/api/booked", map[string]any{"product_id": product, "location": "Riverside", "buyer_phone": "+1 555 0199"})
	expectStatus(t, booked, http.StatusCreated)
	booking := decode[map[string]any](t, booked)["id"]

	leave := func(c *client, password string) *response {
		return c.call("DELETE", "/api/auth/me", map[string]string{"password": password})
	}
	expectError(t, leave(s.seller, "not my password"), http.StatusUnprocessableEntity, app.WrongPasswordMessage,
		map[string]string{"password": app.WrongPasswordMessage})
	expectError(t, leave(s.seller, ""), http.StatusUnprocessableEntity, "", map[string]string{"password": app.RequiredMessage})
	expectStatus(t, s.seller.call("GET", fmt.Sprintf("/api/products/%d", product), nil), http.StatusOK)

	expectStatus(t, leave(s.seller, testPassword), http.StatusNoContent)
	for name, c := range map[string]*client{"this session": s.seller, "another session": elsewhere} {
		if r := c.call("GET", "/api/auth/me", nil); r.status != http.StatusNoContent {
			t.Errorf("%s still reads %d %s", name, r.status, r.body)
		}
	}
	expectStatus(t, s.client().call("POST", "/api/auth/login", map[string]string{"email": "seller@example.com", "password": testPassword}), http.StatusUnauthorized)
	expectStatus(t, buyer.call("GET", fmt.Sprintf("/api/products/%d", product), nil), http.StatusNotFound)
	r := buyer.call("GET", fmt.Sprintf("/api/booked/%v", booking), nil)
	expectStatus(t, r, http.StatusOK)
	if b := decode[map[string]any](t, r); b["product"] != "Oak table" || b["status"] != "Cancelled" {
		t.Errorf("the buyer's booking reads %v", b)
	}

	t.Run("the last admin stays", func(t *testing.T) {
		expectStatus(t, leave(s.admin, testPassword), http.StatusConflict)
		expectStatus(t, s.admin.call("GET", "/api/audit", nil), http.StatusOK)
	})
}

// TestExportAccount: a person's export holds their account, listings,
// bookings both ways and reports, and nobody else's.
func TestExportAccount(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	buyer, _ := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	other, _ := s.register("Otto Other", "otto@example.com", app.RoleBuyer)
	var ids []int64
	for range 2 {
		r := s.seller.call("POST", "/api/products", productBody("Tables", s.picture.URL))
		expectStatus(t, r, http.StatusCreated)
		ids = append(ids, decode[app.Product](t, r).ID)
	}
	expectStatus(t, buyer.call("POST", "/api/booked", map[string]any{"product_id": ids[0], "location": "Riverside", "buyer_phone": "+1 555 0199"}), http.StatusCreated)
	expectStatus(t, buyer.call("POST", "/api/reported", map[string]any{"product_id": ids[1], "reason": "Looks broken"}), http.StatusCreated)
	expectStatus(t, other.call("POST", "/api/reported", map[string]any{"product_id": ids[0], "reason": "Not oak"}), http.StatusCreated)
	const phone = "https://push.example.net/send/bea-phone"
	expectStatus(t, buyer.call("POST", "/api/push/subscriptions", browserSubscription(t, phone)), http.StatusCreated)
	expectStatus(t, other.call("POST", "/api/push/subscriptions", browserSubscription(t, "https://push.example.net/send/otto")), http.StatusCreated)
	expectStatus(t, buyer.call("PUT", "/api/push/preferences", map[string]bool{"reply": false}), http.StatusOK)

	export := func(c *client) app.Export {
		t.Helper()
		r := c.call("GET", "/api/auth/me/export", nil)
		expectStatus(t, r, http.StatusOK)
		if got := r.header.Get("Content-Disposition"); !strings.HasPrefix(got, "attachment") {
			t.Errorf("Content-Disposition %q", got)
		}
		return decode[app.Export](t, r)
	}
	mine := export(buyer)
	if account, _ := mine.Account.(map[string]any); account["email"] != "bea@example.com" {
		t.Errorf("the buyer's export names %v", mine.Account)
	}
	if len(mine.Listings) != 0 || len(mine.BookingsMade) != 1 || mine.BookingsMade[0].Product != "Oak table" || len(mine.BookingsReceived) != 0 ||
		len(mine.ReportsMade) != 1 || mine.ReportsMade[0].ProductID == nil || *mine.ReportsMade[0].ProductID != ids[1] || mine.ReportsMade[0].Reason != "Looks broken" ||
		len(mine.Sessions) != 1 || mine.Sessions[0].LastSeen.IsZero() {
		t.Errorf("the buyer's export: %+v", mine)
	}
	if !slices.Equal(mine.PushDevices, []string{phone}) || mine.PushPreferences[app.PushReply] || !mine.PushPreferences[app.PushMessage] {
		t.Errorf("the buyer's export: push devices %v, preferences %v; want only %s, and replies off", mine.PushDevices, mine.PushPreferences, phone)
	}
	theirs := export(s.seller)
	if len(theirs.Listings) != 2 || len(theirs.Listings[0].Images) == 0 || len(theirs.BookingsReceived) != 1 || len(theirs.BookingsMade) != 0 ||
		len(theirs.ReportsMade) != 0 || len(theirs.PushDevices) != 0 || !theirs.PushPreferences[app.PushReply] {
		t.Errorf("the seller's export: %+v", theirs)
	}
}
