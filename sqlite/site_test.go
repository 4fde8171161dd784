package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"rehome/app"
	"rehome/sqlite"
)

// The settings an admin saved outlive the process; the ones never saved
// read as their defaults.
func TestSiteSettingsPersist(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rehome.db")
	db, err := sqlite.Open(ctx, path)
	must(t, err)
	site, err := db.Site(ctx)
	must(t, err)
	if site != app.DefaultSite() {
		t.Fatalf("new database: %+v", site)
	}
	site.Name, site.PublicListings = "Riverside Swap", true
	must(t, db.SaveSite(ctx, site, nil))
	must(t, db.Close())

	db, err = sqlite.Open(ctx, path)
	must(t, err)
	defer db.Close()
	got, err := db.Site(ctx)
	must(t, err)
	if got != site {
		t.Fatalf("after reopening: %+v, want %+v", got, site)
	}
}
