package storetest

import (
	"fmt"
	"testing"

	"rehome/app"
)

// RunAdmin checks what admins change: roles, a seller's verification and
// the site's settings, each with its audit entry in the same transaction,
// and what a seller's profile counts.
func RunAdmin(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("PromoteToAdmin", func(t *testing.T) {
		w := newWorld(t, open)
		ada, bea := w.user(t, "ada", app.RoleAdmin), w.user(t, "bea", app.RoleBuyer)
		must(t, w.PromoteToAdmin(w.ctx, bea.ID, w.audit(ada, app.AuditPromoteUser, bea)))
		if got, err := w.UserByID(w.ctx, bea.ID); err != nil || got.Role != app.RoleAdmin {
			t.Errorf("after PromoteToAdmin: %+v, %v", got, err)
		}
		must(t, w.PromoteToAdmin(w.ctx, w.seller.ID, nil)) // the first admin, from the command line
		wantKind(t, w.PromoteToAdmin(w.ctx, 9999, w.audit(ada, app.AuditPromoteUser, &app.User{ID: 9999})), app.KindNotFound)
		w.wantAudit(t, app.AuditPromoteUser)
	})
	t.Run("VerifySeller", func(t *testing.T) {
		w := newWorld(t, open)
		ada, bea := w.user(t, "ada", app.RoleAdmin), w.user(t, "bea", app.RoleBuyer)
		must(t, w.VerifySeller(w.ctx, w.seller.ID, w.audit(ada, app.AuditVerifySeller, w.seller)))
		if got, err := w.UserByID(w.ctx, w.seller.ID); err != nil || !got.Verified {
			t.Errorf("after VerifySeller: %+v, %v", got, err)
		}
		for name, id := range map[string]int64{"a buyer": bea.ID, "an admin": ada.ID, "nobody": 9999} {
			err := w.VerifySeller(w.ctx, id, w.audit(ada, app.AuditVerifySeller, &app.User{ID: id}))
			if app.ErrorKind(err) != app.KindNotFound {
				t.Errorf("verifying %s: %v, want not found", name, err)
			}
		}
		if got, err := w.UserByID(w.ctx, bea.ID); err != nil || got.Verified {
			t.Errorf("a buyer was verified: %+v, %v", got, err)
		}
		w.wantAudit(t, app.AuditVerifySeller)
	})
	t.Run("SellerCounts", func(t *testing.T) {
		w := newWorld(t, open)
		bea := w.user(t, "bea", app.RoleBuyer)
		w.product(t, "Chair")
		w.book(t, w.product(t, "Table"), bea) // reserved is still for sale
		must(t, pay(w, w.book(t, w.product(t, "Lamp"), bea)))
		listings, sold, err := w.SellerCounts(w.ctx, w.seller.ID)
		if err != nil || listings != 2 || sold != 1 {
			t.Errorf("SellerCounts = %d for sale, %d sold, %v; want 2, 1", listings, sold, err)
		}
		listings, sold, err = w.SellerCounts(w.ctx, bea.ID)
		if err != nil || listings != 0 || sold != 0 {
			t.Errorf("a buyer's SellerCounts = %d, %d, %v; want 0, 0", listings, sold, err)
		}
	})
	t.Run("SiteDefaultUntilSaved", func(t *testing.T) {
		w := newWorld(t, open)
		got, err := w.Site(w.ctx)
		if err != nil || got != app.DefaultSite() {
			t.Errorf("a new store's site: %+v, %v; want %+v", got, err, app.DefaultSite())
		}
	})
	t.Run("SiteSavedWhole", func(t *testing.T) {
		w := newWorld(t, open)
		ada := w.user(t, "ada", app.RoleAdmin)
		site := func(i int) app.Site {
			s := fmt.Sprint(i)
			return app.Site{Name: "Name " + s, Tagline: "Tagline " + s, About: "About " + s, Rules: "Rules " + s,
				Privacy: "Privacy " + s, Terms: "Terms " + s, ContactEmail: s + "@example.com", PublicListings: i%2 == 0,
				Language: app.Languages[i%len(app.Languages)]}
		}
		saves := 0
		for round := range rounds {
			for _, err := range race(racers, round, func(i int) error {
				return w.SaveSite(w.ctx, site(round*racers+i), w.audit(ada, app.AuditUpdateSite, nil))
			}) {
				must(t, err)
			}
			saves += racers
			got, err := w.Site(w.ctx)
			must(t, err)
			whole := false
			for i := range racers {
				whole = whole || got == site(round*racers+i)
			}
			if !whole {
				t.Fatalf("round %d: the site reads %+v, no one save's whole", round, got)
			}
		}
		log, err := w.AuditLog(w.ctx, app.Page{Limit: 1})
		must(t, err)
		if log.Total != saves {
			t.Errorf("%d saves recorded %d audit entries", saves, log.Total)
		}
	})
}

// audit is the entry of actor's action on target (nil: the site).
func (w *world) audit(actor *app.User, action app.AuditAction, target *app.User) *app.AuditEntry {
	id := actor.ID
	e := &app.AuditEntry{ActorID: &id, ActorName: actor.Name, ActorEmail: actor.Email, Action: action,
		TargetType: app.AuditTargetSite}
	if target != nil {
		e.TargetType, e.TargetID, e.Target = app.AuditTargetUser, target.ID, target.Name
	}
	return e
}

// wantAudit fails unless the audit log holds one entry, of action: a
// change refused leaves none.
func (w *world) wantAudit(t *testing.T, action app.AuditAction) {
	t.Helper()
	log, err := w.AuditLog(w.ctx, app.Page{Limit: 10})
	must(t, err)
	if log.Total != 1 || len(log.Items) != 1 || log.Items[0].Action != action {
		t.Errorf("the audit log holds %+v, want one %s", log.Items, action)
	}
}
