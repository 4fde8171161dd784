package api_test

import (
	"fmt"
	"net/http"
	"testing"

	"rehome/app"
)

// TestAuditLog records every admin action with who, what, whom and when,
// and nothing for an action refused. Who may read it: TestAuthorization.
func TestAuditLog(t *testing.T) {
	t.Parallel()
	s := newShop(t) // its admin added the categories Tables and Chairs
	other, _ := s.env.admin("other@example.com")
	buyer, buyerUser := s.register("Bea Buyer", "bea@example.com", app.RoleBuyer)
	_, leaver := s.register("Lee Leaver", "lee@example.com", app.RoleBuyer)

	created := s.seller.call("POST", "/api/products", productBody("Tables", s.picture.URL))
	expectStatus(t, created, http.StatusCreated)
	product := decode[app.Product](t, created).ID
	expectStatus(t, buyer.call("POST", "/api/reported", map[string]any{"product_id": product, "reason": "Looks broken"}), http.StatusCreated)
	report := decode[app.List[app.ReportedProduct]](t, s.admin.call("GET", "/api/reported", nil)).Items[0].ID

	expectStatus(t, s.admin.call("PUT", fmt.Sprintf("/api/sellers/%d", s.sellerUser.ID), nil), http.StatusOK)
	expectStatus(t, s.admin.call("PUT", fmt.Sprintf("/api/users/admin/%d", buyerUser.ID), nil), http.StatusOK)
	expectStatus(t, s.admin.call("DELETE", fmt.Sprintf("/api/reported/%d", report), nil), http.StatusNoContent)
	expectStatus(t, other.call("DELETE", fmt.Sprintf("/api/users/%d", leaver.ID), nil), http.StatusNoContent)
	// Refused: nothing to record.
	expectStatus(t, s.admin.call("PUT", fmt.Sprintf("/api/sellers/%d", leaver.ID), nil), http.StatusNotFound)
	expectStatus(t, s.admin.call("DELETE", fmt.Sprintf("/api/reported/%d", report), nil), http.StatusNotFound)
	expectStatus(t, s.admin.form("/api/categories", map[string]string{"name": "tables"}, pngImage(t, 30, 20)), http.StatusConflict)

	type entry struct{ actor, action, targetType, target string }
	want := []entry{
		{"other@example.com", "delete_user", "user", "Lee Leaver <lee@example.com>"},
		{"admin@example.com", "dismiss_report", "report", "Oak table"},
		{"admin@example.com", "promote_user", "user", "Bea Buyer <bea@example.com>"},
		{"admin@example.com", "verify_seller", "user", "Sam Seller <seller@example.com>"},
		{"admin@example.com", "create_category", "category", "Chairs"},
		{"admin@example.com", "create_category", "category", "Tables"},
	}
	r := other.call("GET", "/api/audit", nil)
	expectStatus(t, r, http.StatusOK)
	log := decode[app.List[app.AuditEntry]](t, r)
	if log.Total != len(want) || len(log.Items) != len(want) {
		t.Fatalf("the log holds %d entries (%d on the page), want %d: %s", log.Total, len(log.Items), len(want), r.body)
	}
	for i, e := range log.Items {
		got := entry{e.ActorEmail, string(e.Action), e.TargetType, e.Target}
		if got != want[i] {
			t.Errorf("entry %d is %+v, want %+v", i, got, want[i])
		}
		if e.ActorID == nil || e.Time.IsZero() || e.TargetID == 0 {
			t.Errorf("entry %d lacks its actor id, time or target id: %+v", i, e)
		}
		if i > 0 && e.ID >= log.Items[i-1].ID {
			t.Errorf("entry %d is not older than the one before it", i)
		}
	}
	if got := log.Items[0].TargetID; got != leaver.ID {
		t.Errorf("the deletion names user %d, want %d", got, leaver.ID)
	}
	if got := log.Items[1].TargetID; got != report {
		t.Errorf("the dismissal names report %d, want %d", got, report)
	}

	t.Run("paged", func(t *testing.T) {
		page := decode[app.List[app.AuditEntry]](t, other.call("GET", "/api/audit?limit=2&offset=1", nil))
		if page.Total != len(want) || len(page.Items) != 2 || page.Items[0].ID != log.Items[1].ID || page.Items[1].ID != log.Items[2].ID {
			t.Errorf("limit=2&offset=1 gave %+v", page)
		}
	})

	t.Run("an admin's entries outlive their account", func(t *testing.T) {
		expectStatus(t, other.call("DELETE", fmt.Sprintf("/api/users/%d", s.adminUser.ID), nil), http.StatusNoContent)
		after := decode[app.List[app.AuditEntry]](t, other.call("GET", "/api/audit", nil))
		if after.Total != len(want)+1 {
			t.Fatalf("%d entries after the deletion, want %d", after.Total, len(want)+1)
		}
		for _, e := range after.Items[2:] {
			if e.ActorID != nil || e.ActorEmail != "admin@example.com" || e.ActorName != "Admin" {
				t.Errorf("an entry of the deleted admin reads %+v", e)
			}
		}
	})
}
