package api_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"rehome/api"
	"rehome/app"
)

// sitemapLocs reads every URL the sitemap names, through its index when it
// has one, and checks that no file holds more than perFile or none.
func sitemapLocs(t *testing.T, site string, perFile int) []string {
	t.Helper()
	first := readSitemap(t, site+"/sitemap.xml")
	if first.XMLName.Local == "urlset" {
		return first.locs()
	}
	var all []string
	for _, file := range first.Sitemaps {
		part := readSitemap(t, file.Loc)
		if len(part.URLs) == 0 || len(part.URLs) > perFile {
			t.Errorf("%s holds %d URLs", file.Loc, len(part.URLs))
		}
		all = append(all, part.locs()...)
	}
	return all
}

// TestSuspendedSellerLeavesCrawlersAndProfile: while a seller is suspended,
// their listings leave the sitemap (each numbered file of it too), the
// pages' heads and the counts of their profile, as they leave the API's
// lists; lifted or ended, they come back. Not parallel: it sets how many
// URLs a sitemap file holds.
func TestSuspendedSellerLeavesCrawlersAndProfile(t *testing.T) {
	defer api.SetSitemapURLs(4)()
	s := trustShopOf(t, newShareShop(t, api.Config{}))
	olga, olgaUser := s.register("Olga Other", "olga@example.com", app.RoleSeller)
	theirs := s.createProducts(t, olgaUser, "Tables", 3)
	forSale, sold := s.mpProduct(t, "Tables"), s.mpProduct(t, "Tables")
	expectStatus(t, s.seller.call("POST", mpPath("/api/booked/%d/paid", mpBook(t, s.buyer, sold).ID), nil), http.StatusOK)
	s.setSite(t, map[string]any{"public_listings": true})
	site := s.srv.URL
	productURL := func(id int64) string { return fmt.Sprintf("%s/products/%d", site, id) }
	profile := fmt.Sprintf("/api/users/%d/profile", s.sellerUser.ID)
	suspend := func(t *testing.T) {
		expectStatus(t, s.admin.call("POST", fmt.Sprintf("/api/users/%d/suspend", s.sellerUser.ID),
			map[string]any{"days": 1, "reason": "Spam"}), http.StatusOK)
	}

	// seen is what crawlers and others are shown of Sam's listings.
	type seen struct {
		sitemap, head  bool // the listing for sale in the sitemap; a card of its own at its page, and at the sold one's
		listings, sold int  // the profile's counts, to a buyer
	}
	look := func(t *testing.T) seen {
		t.Helper()
		locs := sitemapLocs(t, site, 4)
		for _, id := range theirs {
			if !slices.Contains(locs, productURL(id)) {
				t.Errorf("another seller's listing %d left the sitemap", id)
			}
		}
		var got seen
		got.sitemap = slices.Contains(locs, productURL(forSale))
		if slices.Contains(locs, productURL(sold)) {
			t.Errorf("the sitemap names a sold listing")
		}
		heads := 0
		for _, id := range []int64{forSale, sold} {
			page := readShared(t, productURL(id))
			if page.meta["og:type"] == "product" && len(page.data) == 1 {
				heads++
			} else {
				siteCardOnly(t, page, site, "Rehome", "Oak table")
			}
		}
		if heads == 1 {
			t.Errorf("one listing's page has its card, the other's not")
		}
		got.head = heads == 2
		p := decode[app.SellerProfile](t, s.buyer.call("GET", profile, nil))
		got.listings, got.sold = p.Listings, p.Sold
		if p.Name != "Sam Seller" || p.Rating.Count != 0 {
			t.Errorf("profile %+v", p)
		}
		// Admins see the listings of a suspended seller, and so their counts.
		if a := decode[app.SellerProfile](t, s.admin.call("GET", profile, nil)); a.Listings != 1 || a.Sold != 1 {
			t.Errorf("an admin sees %d listings and %d sold", a.Listings, a.Sold)
		}
		if other := decode[app.SellerProfile](t, olga.call("GET", fmt.Sprintf("/api/users/%d/profile", olgaUser.ID), nil)); other.Listings != 3 {
			t.Errorf("another seller's profile counts %d listings", other.Listings)
		}
		return got
	}
	shown, hidden := seen{sitemap: true, head: true, listings: 1, sold: 1}, seen{}

	for _, tc := range []struct {
		name   string
		change func(t *testing.T)
		want   seen
	}{
		{"before", func(*testing.T) {}, shown},
		{"suspended", suspend, hidden},
		{"lifted", func(t *testing.T) {
			expectStatus(t, s.admin.call("DELETE", fmt.Sprintf("/api/users/%d/suspend", s.sellerUser.ID), nil), http.StatusOK)
		}, shown},
		{"suspended again", suspend, hidden},
		{"its day is up", func(*testing.T) { s.later(24*time.Hour + time.Second) }, shown},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.change(t)
			if got := look(t); got != tc.want {
				t.Errorf("shown %+v, want %+v", got, tc.want)
			}
		})
	}
}
