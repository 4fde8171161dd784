package storetest

import (
	"testing"

	"rehome/app"
)

// RunRenameCategory checks a category's rename: the new name finds it and
// its listings at once, in look-ups and searches; the former name leads to
// it until a category is called that again; a taken name, an unknown
// category and a picture never issued are refused, leaving it as it was;
// and the audit entry is written with it.
func RunRenameCategory(t *testing.T, open func(t *testing.T) Stores) {
	w := newShopWindow(t, open)
	ada := w.user(t, "ada", app.RoleAdmin)
	find := func(t *testing.T, text string) string {
		t.Helper()
		search, err := app.CheckSearch(app.SearchInput{Text: text, Sort: app.SortNewest})
		must(t, err)
		got, err := w.SearchProducts(w.ctx, search, app.Page{Limit: 10})
		must(t, err)
		return listingNames(got.Items)
	}
	// Read before the rename, so that a store keeping them must forget them.
	if got := find(t, "illumination"); got != "" {
		t.Fatalf("before: illumination finds %q", got)
	}
	if _, err := w.Categories(w.ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := w.CategoryByName(w.ctx, "Lighting"); err != nil {
		t.Fatal(err)
	}

	renamed := *w.lighting
	renamed.Name = "Illumination"
	id := ada.ID
	audit := &app.AuditEntry{ActorID: &id, ActorName: ada.Name, ActorEmail: ada.Email, Action: app.AuditEditCategory,
		TargetType: app.AuditTargetCategory, TargetID: w.lighting.ID, Target: "Lighting → Illumination"}
	must(t, w.UpdateCategory(w.ctx, &renamed, "Lighting", audit))

	got, err := w.CategoryByName(w.ctx, "illumination")
	must(t, err)
	if got.ID != w.lighting.ID || got.Name != "Illumination" {
		t.Errorf("the new name finds %+v", got)
	}
	_, err = w.CategoryByName(w.ctx, "Lighting")
	wantKind(t, err, app.KindNotFound)
	former, err := w.CategoryRenamedFrom(w.ctx, "LIGHTING")
	must(t, err)
	if former.ID != w.lighting.ID || former.Name != "Illumination" {
		t.Errorf("the former name leads to %+v", former)
	}
	all, err := w.Categories(w.ctx)
	must(t, err)
	if got := names(all, func(c app.Category) string { return c.Name }); got != "Furniture Illumination" {
		t.Errorf("categories %q", got)
	}
	lamp, err := w.ProductByID(w.ctx, w.listed["Lamp"].ID)
	must(t, err)
	if lamp.Category != "Illumination" {
		t.Errorf("the lamp's category is %q", lamp.Category)
	}
	if got := find(t, "illumination"); got != "Lamp" {
		t.Errorf("after the rename, illumination finds %q", got)
	}
	// Only the pine chair's "Light" is left of "lighting".
	if got := find(t, "lighting"); got != "Pine chair" {
		t.Errorf("after the rename, lighting finds %q", got)
	}
	log, err := w.AuditLog(w.ctx, app.Page{Limit: 10})
	must(t, err)
	if len(log.Items) != 1 || log.Items[0].Action != app.AuditEditCategory || log.Items[0].Target != "Lighting → Illumination" {
		t.Errorf("audit log %+v", log.Items)
	}

	t.Run("ErrNameTaken", func(t *testing.T) {
		taken := renamed
		taken.Name = "FURNITURE"
		wantKind(t, w.UpdateCategory(w.ctx, &taken, "Illumination", nil), app.KindConflict)
		_, err := w.CategoryRenamedFrom(w.ctx, "Illumination")
		wantKind(t, err, app.KindNotFound)
	})
	t.Run("ErrImageNeverIssued", func(t *testing.T) {
		other := renamed
		other.Image = "/images/never-issued.jpg"
		wantKind(t, w.UpdateCategory(w.ctx, &other, "Illumination", nil), app.KindConflict)
		got, err := w.CategoryByName(w.ctx, "Illumination")
		must(t, err)
		if got.Image != w.image.URL {
			t.Errorf("image %q after a refused change", got.Image)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		wantKind(t, w.UpdateCategory(w.ctx, &app.Category{ID: 424242, Name: "Toys", Image: w.image.URL}, "Toys", nil), app.KindNotFound)
	})
	t.Run("TheFormerNameGivenAgain", func(t *testing.T) {
		back := renamed
		back.Name = "Lighting"
		must(t, w.UpdateCategory(w.ctx, &back, "Illumination", nil))
		_, err := w.CategoryRenamedFrom(w.ctx, "Lighting")
		wantKind(t, err, app.KindNotFound)
		former, err := w.CategoryRenamedFrom(w.ctx, "illumination")
		must(t, err)
		if former.Name != "Lighting" {
			t.Errorf("illumination leads to %+v", former)
		}
	})
}
