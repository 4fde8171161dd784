package demo_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"rehome/internal/wiring"

	"golang.org/x/crypto/bcrypt"

	"rehome/app"
	"rehome/internal/demo"
)

func TestFill(t *testing.T) {
	ctx := context.Background()
	m, err := wiring.Open(ctx, wiring.Location{Dir: t.TempDir()}, wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	db, svc := m.DB, m.Services
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))

	start := time.Now()
	if err := demo.Fill(ctx, svc, m.Store, quiet); err != nil {
		t.Fatal(err)
	}
	t.Logf("Fill took %v", time.Since(start))

	// The people: an admin, two sellers (the first verified) and two buyers.
	user := func(email string) *app.User {
		t.Helper()
		u, err := db.UserByEmail(ctx, email)
		if err != nil {
			t.Fatalf("%s: %v", email, err)
		}
		return u
	}
	admin := user("admin@rehome.test")
	want := map[string]struct {
		role     app.Role
		verified bool
	}{
		"admin@rehome.test":   {app.RoleAdmin, false},
		"seller@rehome.test":  {app.RoleSeller, true},
		"seller2@rehome.test": {app.RoleSeller, false},
		"buyer@rehome.test":   {app.RoleBuyer, false},
		"buyer2@rehome.test":  {app.RoleBuyer, false},
	}
	accounts, err := svc.Moderation.Users(ctx, admin, "", app.Page{})
	if err != nil {
		t.Fatal(err)
	}
	if accounts.Total != len(want) {
		t.Errorf("%d accounts, want %d", accounts.Total, len(want))
	}
	for _, u := range accounts.Items {
		w, ok := want[u.Email]
		switch {
		case !ok:
			t.Errorf("unexpected account %s", u.Email)
		case u.Role != w.role || u.Verified != w.verified:
			t.Errorf("%s: %s, verified %v; want %s, verified %v", u.Email, u.Role, u.Verified, w.role, w.verified)
		}
	}

	// The site keeps its default texts, for the admin to write, with an
	// address to contact; visitors still cannot browse.
	site, err := svc.Site.Site(ctx)
	wantSite := app.DefaultSite()
	wantSite.ContactEmail, wantSite.Language = "admins@rehome.test", app.English
	if err != nil || site != wantSite {
		t.Errorf("site settings %+v, %v; want %+v", site, err, wantSite)
	}
	// Search knows the English words neighbours use for the same thing.
	if groups, err := svc.Site.Synonyms(ctx, admin); err != nil || len(groups) != len(demo.Synonyms[app.English]) {
		t.Errorf("synonyms %v, %v; want the English groups", groups, err)
	}

	categories, err := svc.Catalogue.Categories(ctx)
	if err != nil || len(categories) < 8 {
		t.Fatalf("%d categories, %v", len(categories), err)
	}
	for _, c := range categories {
		if c.Image == "" {
			t.Errorf("category %s has no picture", c.Name)
		}
	}

	// Every category lists products; with the sold ones, the sellers' own
	// lists hold them all.
	buyer, buyer2 := user("buyer@rehome.test"), user("buyer2@rehome.test")
	available := 0
	for _, c := range categories {
		list, err := svc.Catalogue.CategoryProducts(ctx, buyer, c.Name, app.Page{})
		if err != nil {
			t.Fatal(err)
		}
		if list.Total == 0 {
			t.Errorf("category %s lists no products", c.Name)
		}
		available += list.Total
	}
	sold, owned, galleries, measured := 0, 0, 0, 0
	for _, email := range []string{"seller@rehome.test", "seller2@rehome.test"} {
		seller := user(email)
		list, err := svc.Catalogue.SellerProducts(ctx, seller, email, app.Page{Limit: app.MaxPageLimit})
		if err != nil {
			t.Fatal(err)
		}
		if list.Total < 20 {
			t.Errorf("%s has %d products", email, list.Total)
		}
		owned += list.Total
		for _, p := range list.Items {
			if p.Status == app.StatusSold {
				sold++
			}
			if p.Image == "" || p.ThumbURL == "" || p.OriginalPrice == nil || p.ResalePrice >= *p.OriginalPrice || p.PurchaseYear == nil || *p.PurchaseYear > time.Now().Year() ||
				len(p.Images) == 0 || p.Images[0] != p.Image || len(p.Thumbs) != len(p.Images) {
				t.Errorf("implausible listing: %+v", p)
			}
			if len(p.Images) > 1 {
				galleries++
			}
			if p.Dimensions != nil {
				measured++
			}
		}
	}
	if galleries < 5 || measured < 5 {
		t.Errorf("%d listings with several photos and %d with measures: the product page's gallery and measures go unseen", galleries, measured)
	}
	if available+sold < 55 || owned != available+sold {
		t.Errorf("%d available and %d sold products, %d in the sellers' lists", available, sold, owned)
	}
	if sold == 0 {
		t.Error("no product is sold")
	}

	advertised, err := svc.Catalogue.AdvertisedProducts(ctx, app.Page{})
	if err != nil || advertised.Total < 4 {
		t.Errorf("%d advertised products, %v", advertised.Total, err)
	}

	paid := 0
	for _, b := range []*app.User{buyer, buyer2} {
		list, err := svc.Bookings.BuyerBookings(ctx, b, b.Email, app.Page{})
		if err != nil {
			t.Fatal(err)
		}
		if list.Total == 0 {
			t.Errorf("%s has no bookings", b.Email)
		}
		for _, booking := range list.Items {
			if booking.BuyerPhone == "" || booking.Location == "" {
				t.Errorf("booking without phone or meeting place: %+v", booking)
			}
			if booking.Status == app.BookingPaid {
				paid++
			}
		}
	}
	if paid != 2 {
		t.Errorf("%d paid bookings, want 2", paid)
	}

	// Trust: both handovers were reviewed by both sides, so the reviews
	// show; the buyer who missed a pickup has it on their profile. A
	// buyer's page is for the sellers they booked with and admins.
	for email, want := range map[string]app.Rating{"seller@rehome.test": {Average: 5, Count: 1}, "seller2@rehome.test": {Average: 4, Count: 1},
		"buyer@rehome.test": {Average: 5, Count: 1}, "buyer2@rehome.test": {Average: 4, Count: 1}} {
		profile, err := svc.Profiles.SellerProfile(ctx, admin, user(email).ID)
		if err != nil || profile.Rating != want {
			t.Errorf("%s's profile %+v, %v; want rating %+v", email, profile, err, want)
		}
		if reviews, err := svc.Profiles.Reviews(ctx, admin, user(email).ID, app.Page{}); err != nil || reviews.Total != 1 {
			t.Errorf("%s's reviews %+v, %v", email, reviews, err)
		}
	}
	if profile, err := svc.Profiles.SellerProfile(ctx, admin, buyer2.ID); err != nil || profile.NoShows != 1 {
		t.Errorf("the second buyer's profile %+v, %v; want one no-show", profile, err)
	}

	// Messages: each buyer talks with a seller, one agreed on a pickup
	// time that the booking keeps, and a question waits for its answer;
	// the second buyer's missed pickup was agreed in a conversation too.
	for b, want := range map[*app.User]int{buyer: 1, buyer2: 2} {
		list, err := svc.Conversations.Conversations(ctx, b, app.Page{})
		if err != nil || list.Total != want || list.Items[0].LastMessage == nil {
			t.Errorf("%s's conversations: %+v, %v", b.Email, list, err)
		}
	}
	talks, _ := svc.Conversations.Conversations(ctx, buyer2, app.Page{})
	for _, c := range talks.Items {
		if c.Booking == nil || c.Booking.PickupAt == nil {
			t.Errorf("the booking of %s has no pickup time: %+v", c.Product.Name, c.Booking)
		}
	}
	if unread, err := svc.Conversations.Unread(ctx, user("seller@rehome.test")); err != nil || unread.Unread == 0 {
		t.Errorf("the seller has %d unread messages, %v; want the question waiting", unread.Unread, err)
	}

	reported, err := svc.Reports.ReportedProducts(ctx, admin, app.Page{})
	if err != nil || reported.Total != 1 || reported.Items[0].Reason == "" {
		t.Errorf("reported products: %+v, %v", reported, err)
	}

	// Three posts by the admin, the swap day on top, each with a heading or a list.
	news, err := svc.Posts.Posts(ctx, app.Page{})
	if err != nil || news.Total != 3 {
		t.Fatalf("posts: %+v, %v", news, err)
	}
	if !strings.HasPrefix(news.Items[0].Slug, "swap-day-on-saturday-") {
		t.Errorf("newest post %q", news.Items[0].Slug)
	}
	for _, p := range news.Items {
		if p.Author.ID == nil || *p.Author.ID != admin.ID || !(strings.Contains(p.Body, "\n## ") || strings.Contains(p.Body, "\n- ") || strings.Contains(p.Body, "\n1. ")) {
			t.Errorf("post %q by %+v:\n%s", p.Title, p.Author, p.Body)
		}
	}

	// A second start finds the database filled and adds nothing.
	if err := demo.Fill(ctx, svc, m.Store, quiet); err != nil {
		t.Fatal(err)
	}
	again, _ := svc.Catalogue.Categories(ctx)
	if len(again) != len(categories) {
		t.Errorf("second fill: %d categories, want %d", len(again), len(categories))
	}
	accountsAgain, _ := svc.Moderation.Users(ctx, admin, "", app.Page{})
	if accountsAgain.Total != accounts.Total {
		t.Errorf("second fill: %d accounts, want %d", accountsAgain.Total, accounts.Total)
	}
	ownedAgain := 0
	for _, email := range []string{"seller@rehome.test", "seller2@rehome.test"} {
		list, _ := svc.Catalogue.SellerProducts(ctx, admin, email, app.Page{})
		ownedAgain += list.Total
	}
	if ownedAgain != owned {
		t.Errorf("second fill: %d products, want %d", ownedAgain, owned)
	}
}

// TestSynonymsOfEachLanguage: the demo has groups for every language the
// marketplace speaks, and each is as an admin could save it.
func TestSynonymsOfEachLanguage(t *testing.T) {
	for _, l := range app.Languages {
		groups, ok := demo.Synonyms[l]
		if !ok || len(groups) < 5 {
			t.Errorf("%s: %d groups", l, len(groups))
		}
		if _, err := app.CheckSynonyms(groups); err != nil {
			t.Errorf("%s: %v", l, err)
		}
	}
}

// TestFillInGerman: a marketplace started in German gets its categories,
// and its listings filed under them, in German, with the German synonyms.
func TestFillInGerman(t *testing.T) {
	ctx := context.Background()
	m, err := wiring.Open(ctx, wiring.Location{Dir: t.TempDir()},
		wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}, Language: app.German})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	svc := m.Services
	if err := demo.Fill(ctx, svc, m.Store, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
	categories, err := svc.Catalogue.Categories(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range categories {
		names = append(names, c.Name)
		if c.Count == 0 {
			t.Errorf("category %s lists no products", c.Name)
		}
	}
	if got := strings.Join(names, ", "); !strings.Contains(got, "Stühle") || !strings.Contains(got, "Betten") || strings.Contains(got, "Chairs") {
		t.Errorf("categories %s, want them in German", got)
	}
	admin, err := m.DB.UserByEmail(ctx, "admin@rehome.test")
	if err != nil {
		t.Fatal(err)
	}
	if groups, err := svc.Site.Synonyms(ctx, admin); err != nil || len(groups) != len(demo.Synonyms[app.German]) {
		t.Errorf("synonyms %v, %v; want the German groups", groups, err)
	}
}

// TestCategoriesOfEachLanguage: every demo category has a name in each
// language, one an admin could give it, and no two share one.
func TestCategoriesOfEachLanguage(t *testing.T) {
	for _, l := range app.Languages {
		seen := map[string]bool{}
		for _, name := range demo.CategoryNames(l) {
			n := app.NewCategory{Name: name}
			v := &app.Validator{}
			n.Validate(v)
			if err := v.Err(); err != nil || n.Name != name {
				t.Errorf("%s: %q: %v", l, name, err)
			}
			if key := strings.ToLower(name); seen[key] {
				t.Errorf("%s: %q twice", l, name)
			} else {
				seen[key] = true
			}
		}
		if len(seen) == 0 {
			t.Errorf("%s: no categories", l)
		}
	}
}
