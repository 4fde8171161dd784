package sqlite_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"rehome/app"
	"rehome/sqlite"
)

// TestMigrationSpellings: the listings kept before are the spellings a
// suggestion offers at once, as they spell them, and a listing deleted
// afterwards takes its words along.
func TestMigrationSpellings(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rehome.db")
	old := migratedBefore(t, path, "0034")
	for _, step := range []string{
		`PRAGMA user_version = 33`,
		`UPDATE search_language SET language = 'de'`,
		`INSERT INTO users (id, name, email, password_hash, role, created) VALUES (1, 'Sal', 'sal@example.com', x'01', 'Seller', 0)`,
		`INSERT INTO images (url, thumb_url, width, height, uploader_id, created) VALUES ('/images/a.jpg', '/images/a-thumb.jpg', 10, 10, 1, 0)`,
		`INSERT INTO categories (id, name, name_key, image, thumb_url, created) VALUES (1, 'Style', 'style', '/images/a.jpg', '/images/a-thumb.jpg', 0)`,
		`INSERT INTO products (id, category_id, seller_id, name, description, image, thumb_url, condition, location,
			resale_price, seller_phone, created) VALUES
			(7, 1, 1, 'Stühle aus Eiche', 'Zwei Stühle', '/images/a.jpg', '/images/a-thumb.jpg', 'Good', 'Stuttgart', 4550, '', 0),
			(8, 1, 1, 'Kommode', 'Drei Schubladen', '/images/a.jpg', '/images/a-thumb.jpg', 'Good', 'Stuttgart', 4550, '', 0)`,
	} {
		if _, err := old.ExecContext(ctx, step); err != nil {
			t.Fatalf("%s: %v", strings.Fields(step)[0], err)
		}
	}
	must(t, old.Close())

	db, err := sqlite.Open(ctx, path)
	must(t, err)
	defer db.Close()
	suggest := func(text string) string {
		t.Helper()
		search, err := app.CheckSearch(app.SearchInput{Text: text})
		must(t, err)
		got, err := db.SearchProducts(ctx, search, app.Page{Limit: 10})
		must(t, err)
		return got.Suggestion
	}
	for text, want := range map[string]string{"Stuehle": "Stühle", "Komode": "Kommode", "Stutgart": ""} {
		if got := suggest(text); got != want {
			t.Errorf("%s suggests %q, want %q", text, got, want)
		}
	}
	must(t, db.DeleteProduct(ctx, 8))
	if got := suggest("Komode"); got != "" {
		t.Errorf("with the chest of drawers deleted, Komode suggests %q", got)
	}
}
