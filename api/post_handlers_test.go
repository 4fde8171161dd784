package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rehome/app"
)

func TestPosts(t *testing.T) {
	e := newEnv(t)
	admin, adminUser := e.admin("admin@example.com")
	visitor := e.client()

	r := admin.call("POST", "/api/posts", map[string]string{"title": "  Swap day, 14 June! ", "body": "## Bring\n\n- a lamp\n- a chair"})
	expectStatus(t, r, http.StatusCreated)
	created := decode[app.Post](t, r)
	if created.Slug != "swap-day-14-june" || created.Title != "Swap day, 14 June!" || created.Author.Name != adminUser.Name ||
		created.Author.ID == nil || *created.Author.ID != adminUser.ID || created.Created.IsZero() {
		t.Fatalf("created %+v", created)
	}
	if strings.Contains(string(r.body), "admin@example.com") {
		t.Fatalf("a post tells its author's email: %s", r.body)
	}
	for _, key := range []string{"id", "slug", "title", "body", "author", "created", "updated"} {
		if !strings.Contains(string(r.body), `"`+key+`":`) {
			t.Errorf("a post has no %q: %s", key, r.body)
		}
	}
	entries := decode[app.List[app.AuditEntry]](t, admin.call("GET", "/api/audit", nil)).Items
	if len(entries) == 0 || entries[0].Action != app.AuditCreatePost || entries[0].TargetType != app.AuditTargetPost ||
		entries[0].TargetID != created.ID || entries[0].Target != "Swap day, 14 June!" {
		t.Fatalf("audit log: %+v", entries)
	}

	// The same title again gets its own address.
	second := decode[app.Post](t, admin.call("POST", "/api/posts", map[string]string{"title": "Swap day, 14 June!", "body": "Moved indoors."}))
	if second.Slug != "swap-day-14-june-2" {
		t.Fatalf("second slug %q", second.Slug)
	}

	// Anyone reads them, newest first, without signing in.
	r = visitor.call("GET", "/api/posts?limit=1", nil)
	expectStatus(t, r, http.StatusOK)
	list := decode[app.List[app.Post]](t, r)
	if list.Total != 2 || len(list.Items) != 1 || list.Items[0].ID != second.ID {
		t.Fatalf("list %+v", list)
	}
	r = visitor.call("GET", "/api/posts/swap-day-14-june", nil)
	expectStatus(t, r, http.StatusOK)
	if got := decode[app.Post](t, r); got.ID != created.ID || got.Body != "## Bring\n\n- a lamp\n- a chair" {
		t.Fatalf("by slug %+v", got)
	}
	if strings.Contains(string(r.body), "admin@example.com") {
		t.Fatalf("a post tells its author's email: %s", r.body)
	}

	// An edit may change either field; the slug stays.
	r = admin.call("PATCH", fmt.Sprintf("/api/posts/%d", created.ID), map[string]string{"title": "Swap day moves to 21 June"})
	expectStatus(t, r, http.StatusOK)
	edited := decode[app.Post](t, r)
	if edited.Title != "Swap day moves to 21 June" || edited.Slug != created.Slug || edited.Body != created.Body {
		t.Fatalf("edited %+v", edited)
	}
	entries = decode[app.List[app.AuditEntry]](t, admin.call("GET", "/api/audit", nil)).Items
	if entries[0].Action != app.AuditEditPost || entries[0].TargetID != created.ID || entries[0].Target != "Swap day moves to 21 June" {
		t.Fatalf("audit log after the edit: %+v", entries[0])
	}
	// An edit that changes nothing records nothing.
	expectStatus(t, admin.call("PATCH", fmt.Sprintf("/api/posts/%d", created.ID), map[string]string{"body": created.Body}), http.StatusOK)
	if again := decode[app.List[app.AuditEntry]](t, admin.call("GET", "/api/audit", nil)).Items; len(again) != len(entries) {
		t.Fatalf("an unchanged edit was recorded: %+v", again[0])
	}

	bad := []struct {
		method, path string
		body         map[string]any
		status       int
		field        string
	}{
		{"POST", "/api/posts", map[string]any{"title": " ", "body": "Text"}, http.StatusUnprocessableEntity, "title"},
		{"POST", "/api/posts", map[string]any{"body": "Text"}, http.StatusUnprocessableEntity, "title"},
		{"POST", "/api/posts", map[string]any{"title": "Title"}, http.StatusUnprocessableEntity, "body"},
		{"POST", "/api/posts", map[string]any{"title": strings.Repeat("t", app.MaxPostTitleRunes+1), "body": "Text"}, http.StatusUnprocessableEntity, "title"},
		{"POST", "/api/posts", map[string]any{"title": "Title", "body": strings.Repeat("b", app.MaxPostBodyRunes+1)}, http.StatusUnprocessableEntity, "body"},
		{"POST", "/api/posts", map[string]any{"title": "Title", "body": "Text", "slug": "mine"}, http.StatusBadRequest, ""},
		{"PATCH", fmt.Sprintf("/api/posts/%d", created.ID), map[string]any{"body": "\u200b"}, http.StatusUnprocessableEntity, "body"},
		{"POST", "/api/posts", map[string]any{"title": "Title", "body": strings.Repeat("b", 256<<10)}, http.StatusRequestEntityTooLarge, ""},
		{"PATCH", "/api/posts/9999", map[string]any{"title": "Gone"}, http.StatusNotFound, ""},
		{"PATCH", "/api/posts/swap-day-14-june", map[string]any{"title": "By slug"}, http.StatusNotFound, ""},
		{"DELETE", "/api/posts/9999", nil, http.StatusNotFound, ""},
	}
	for _, b := range bad {
		r := admin.call(b.method, b.path, b.body)
		expectStatus(t, r, b.status)
		if b.field != "" && !strings.Contains(string(r.body), `"`+b.field+`":`) {
			t.Errorf("%s %s %v: no message for %s: %s", b.method, b.path, b.body, b.field, r.body)
		}
	}
	expectStatus(t, visitor.call("GET", "/api/posts/no-such-post", nil), http.StatusNotFound)
	expectStatus(t, visitor.call("GET", "/api/posts?limit=x", nil), http.StatusBadRequest)

	// The longest body, in a script of four bytes a character, is taken.
	long := strings.Repeat("🛋", app.MaxPostBodyRunes)
	r = admin.call("PATCH", fmt.Sprintf("/api/posts/%d", second.ID), map[string]string{"body": long})
	expectStatus(t, r, http.StatusOK)
	if got := decode[app.Post](t, r); got.Body != long {
		t.Fatalf("long body: %d characters kept", len([]rune(got.Body)))
	}

	r = admin.call("DELETE", fmt.Sprintf("/api/posts/%d", created.ID), nil)
	expectStatus(t, r, http.StatusNoContent)
	expectStatus(t, visitor.call("GET", "/api/posts/swap-day-14-june", nil), http.StatusNotFound)
	entries = decode[app.List[app.AuditEntry]](t, admin.call("GET", "/api/audit", nil)).Items
	if entries[0].Action != app.AuditDeletePost || entries[0].TargetID != created.ID || entries[0].Target != "Swap day moves to 21 June" {
		t.Fatalf("audit log after the delete: %+v", entries[0])
	}
	if list := decode[app.List[app.Post]](t, visitor.call("GET", "/api/posts", nil)); list.Total != 1 || list.Items[0].ID != second.ID {
		t.Fatalf("list after the delete %+v", list)
	}
}
