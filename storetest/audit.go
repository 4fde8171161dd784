package storetest

import (
	"testing"

	"rehome/app"
)

// RunAudit checks the audit log: entries written by the actions
// themselves, in their transactions, listed newest first, and readable
// once their actor is gone.
func RunAudit(t *testing.T, open func(t *testing.T) Stores) {
	entry := func(actor *app.User, action app.AuditAction, targetType string, targetID int64, target string) *app.AuditEntry {
		id := actor.ID
		return &app.AuditEntry{ActorID: &id, ActorName: actor.Name, ActorEmail: actor.Email, Action: action,
			TargetType: targetType, TargetID: targetID, Target: target}
	}
	t.Run("Empty", func(t *testing.T) {
		w := newWorld(t, open)
		log, err := w.AuditLog(w.ctx, app.Page{Limit: 10})
		must(t, err)
		if len(log.Items) != 0 || log.Total != 0 {
			t.Errorf("a new store's log is %+v", log)
		}
	})
	t.Run("NewestFirstInPages", func(t *testing.T) {
		w := newWorld(t, open)
		ada := w.user(t, "ada", app.RoleAdmin)
		bea, cy := w.user(t, "bea", app.RoleBuyer), w.user(t, "cy", app.RoleBuyer)
		written := []*app.AuditEntry{entry(ada, app.AuditCreateCategory, app.AuditTargetCategory, 0, "Garden")}
		must(t, w.CreateCategory(w.ctx, &app.Category{Name: "Garden", Image: w.image.URL}, written[0]))
		written = append(written, entry(ada, app.AuditDeleteUser, app.AuditTargetUser, bea.ID, "bea <bea@example.com>"))
		must(t, w.DeleteUser(w.ctx, bea.ID, written[1]))
		written = append(written, entry(cy, app.AuditStartSelling, app.AuditTargetUser, cy.ID, "cy <cy@example.com>"))
		must(t, w.StartSelling(w.ctx, cy.ID, written[2]))
		for _, e := range written {
			if e.ID == 0 || e.Time.IsZero() {
				t.Errorf("recording %s filled in ID %d, Time %v", e.Action, e.ID, e.Time)
			}
		}
		for _, tc := range []struct {
			page app.Page
			want []*app.AuditEntry
		}{
			{app.Page{Limit: 10}, []*app.AuditEntry{written[2], written[1], written[0]}},
			{app.Page{Limit: 2}, []*app.AuditEntry{written[2], written[1]}},
			{app.Page{Limit: 2, Offset: 2}, []*app.AuditEntry{written[0]}},
			{app.Page{Limit: 2, Offset: 3}, nil},
		} {
			log, err := w.AuditLog(w.ctx, tc.page)
			must(t, err)
			if len(log.Items) != len(tc.want) || log.Total != len(written) {
				t.Fatalf("page %+v: %d entries of %d, want %d of %d", tc.page, len(log.Items), log.Total, len(tc.want), len(written))
			}
			for i, got := range log.Items {
				want := tc.want[i]
				if got.ID != want.ID || !sameMoment(got.Time, want.Time) || got.ActorID == nil || *got.ActorID != *want.ActorID ||
					got.ActorName != want.ActorName || got.ActorEmail != want.ActorEmail || got.Action != want.Action ||
					got.TargetType != want.TargetType || got.TargetID != want.TargetID || got.Target != want.Target {
					t.Errorf("page %+v, entry %d: %+v, want %+v", tc.page, i, got, *want)
				}
			}
		}
	})
	t.Run("RefusedActionsRecordNothing", func(t *testing.T) {
		w := newWorld(t, open)
		ada := w.user(t, "ada", app.RoleAdmin)
		wantKind(t, w.DeleteUser(w.ctx, ada.ID, entry(ada, app.AuditDeleteUser, app.AuditTargetUser, ada.ID, "ada")), app.KindConflict)
		wantKind(t, w.CreateCategory(w.ctx, &app.Category{Name: w.category.Name, Image: w.image.URL},
			entry(ada, app.AuditCreateCategory, app.AuditTargetCategory, 0, w.category.Name)), app.KindConflict)
		log, err := w.AuditLog(w.ctx, app.Page{Limit: 10})
		must(t, err)
		if log.Total != 0 {
			t.Errorf("refused actions recorded %+v", log.Items)
		}
	})
	t.Run("ReadableOnceTheActorIsGone", func(t *testing.T) {
		w := newWorld(t, open)
		ada, ben := w.user(t, "ada", app.RoleAdmin), w.user(t, "ben", app.RoleAdmin)
		must(t, w.CreateCategory(w.ctx, &app.Category{Name: "Garden", Image: w.image.URL},
			entry(ada, app.AuditCreateCategory, app.AuditTargetCategory, 0, "Garden")))
		must(t, w.DeleteUser(w.ctx, ada.ID, entry(ben, app.AuditDeleteUser, app.AuditTargetUser, ada.ID, "ada <ada@example.com>")))
		log, err := w.AuditLog(w.ctx, app.Page{Limit: 10})
		must(t, err)
		if len(log.Items) != 2 {
			t.Fatalf("the log is %+v", log.Items)
		}
		if got := log.Items[1]; got.ActorID != nil || got.ActorName != "ada" || got.ActorEmail != "ada@example.com" || got.Target != "Garden" {
			t.Errorf("the entry of a deleted actor reads %+v", got)
		}
	})
}
