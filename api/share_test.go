package api_test

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/net/html"

	"rehome/api"
	"rehome/app"
)

// shareWeb stands for the built web app: its index.html has a title and a
// description of its own, which the server replaces with each page's.
var shareWeb = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Built description" />
    <title>Built title</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body>
</html>
`)},
	"manifest.webmanifest": {Data: []byte(`{"name":"Rehome — second-hand marketplace","short_name":"Rehome","start_url":"/",` +
		`"display":"standalone","icons":[{"src":"/icons/icon-192.png","sizes":"192x192","type":"image/png"}]}`)},
}

// newShareShop is newShop on a server that serves shareWeb.
func newShareShop(t *testing.T, cfg api.Config) *shop {
	t.Helper()
	cfg.Web = shareWeb
	e := serverWith(t, t.TempDir(), cfg)
	admin, adminUser := e.admin("admin@example.com")
	expectStatus(t, admin.form("/api/categories", map[string]string{"name": "Tables"}, pngImage(t, 30, 20)), http.StatusCreated)
	seller, sellerUser := e.register("Sam Seller", "seller@example.com", app.RoleSeller)
	return &shop{env: e, admin: admin, adminUser: adminUser, seller: seller, sellerUser: sellerUser, picture: seller.upload(pngImage(t, 50, 50))}
}

func (s *shop) setSite(t *testing.T, fields map[string]any) {
	t.Helper()
	expectStatus(t, s.admin.call("PUT", "/api/site", fields), http.StatusOK)
}

// sharedPage is a page as a link preview reads it: no script runs.
type sharedPage struct {
	status int
	header http.Header
	body   string
	title  string
	meta   map[string]string // content by name or property
	data   []string          // the JSON-LD scripts' text
}

func readShared(t *testing.T, url string, headers ...string) sharedPage {
	t.Helper()
	res := get(t, url, headers...)
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	page := sharedPage{status: res.StatusCode, header: res.Header, body: string(body), meta: map[string]string{}}
	doc, err := html.Parse(strings.NewReader(page.body))
	if err != nil {
		t.Fatal(err)
	}
	attr := func(n *html.Node, key string) string {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val
			}
		}
		return ""
	}
	text := func(n *html.Node) string {
		var b strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				b.WriteString(c.Data)
			}
		}
		return b.String()
	}
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch n.Data {
		case "title":
			if page.title != "" {
				t.Errorf("a second <title> %q", text(n))
			}
			page.title = text(n)
		case "meta":
			key := attr(n, "property") + attr(n, "name")
			if _, twice := page.meta[key]; twice && key != "" {
				t.Errorf("a second meta %q", key)
			}
			page.meta[key] = attr(n, "content")
		case "script":
			if attr(n, "type") == "application/ld+json" {
				page.data = append(page.data, text(n))
			}
		}
	}
	return page
}

// siteCardOnly checks that page carries the site's own card and nothing of
// a listing, a category or a seller.
func siteCardOnly(t *testing.T, page sharedPage, siteURL, siteName string, secrets ...string) {
	t.Helper()
	if page.status != http.StatusOK || page.meta["og:title"] != siteName || page.meta["og:type"] != "website" ||
		page.meta["og:url"] != siteURL+"/" || page.meta["og:image"] != siteURL+"/icons/icon-512.png" {
		t.Errorf("status %d, card %v", page.status, page.meta)
	}
	if len(page.data) != 0 {
		t.Errorf("JSON-LD %q", page.data)
	}
	for _, secret := range secrets {
		if strings.Contains(page.body, secret) {
			t.Errorf("the page says %q", secret)
		}
	}
}

func TestSharedProductPage(t *testing.T) {
	s := newShareShop(t, api.Config{})
	name := `Oak </title><script>alert(1)</script> table`
	long := strings.Repeat("Solid oak, seats six. ", 12) + `</script><script>alert(2)</script>`
	body := productBody("Tables", s.picture.URL)
	body["product"], body["description"] = name, long
	r := s.seller.call("POST", "/api/products", body)
	expectStatus(t, r, http.StatusCreated)
	product := decode[app.Product](t, r)
	url := fmt.Sprintf("%s/products/%d", s.srv.URL, product.ID)

	t.Run("not public: the site's card only", func(t *testing.T) {
		page := readShared(t, url)
		siteCardOnly(t, page, s.srv.URL, "Rehome", "Oak", "Solid oak", "Sam Seller")
		if page.title != "Rehome — "+app.DefaultSite().Tagline {
			t.Errorf("title %q", page.title)
		}
	})

	s.setSite(t, map[string]any{"public_listings": true})
	page := readShared(t, url)

	t.Run("its title, description and card", func(t *testing.T) {
		if page.status != http.StatusOK || !strings.HasPrefix(page.header.Get("Content-Type"), "text/html") {
			t.Fatalf("status %d, type %q", page.status, page.header.Get("Content-Type"))
		}
		if want := name + " — $120.50 · Rehome"; page.title != want {
			t.Errorf("title %q, want %q", page.title, want)
		}
		description := page.meta["description"]
		if !strings.HasPrefix(description, "Solid oak, seats six. Solid oak") || !strings.HasSuffix(description, "…") ||
			len([]rune(description)) > 160 {
			t.Errorf("description %q", description)
		}
		want := map[string]string{
			"og:site_name": "Rehome", "og:type": "product", "og:title": name + " — $120.50", "og:description": description,
			"og:url": url, "og:image": s.srv.URL + product.ThumbURL, "og:image:alt": name,
			"product:price:amount": "120.50", "product:price:currency": "USD",
		}
		for key, value := range want {
			if page.meta[key] != value {
				t.Errorf("%s %q, want %q", key, page.meta[key], value)
			}
		}
		if strings.Contains(page.body, "Built title") || strings.Contains(page.body, "Built description") {
			t.Error("the built title or description is still there")
		}
	})
	t.Run("every value is escaped", func(t *testing.T) {
		if strings.Contains(page.body, "<script>alert") || strings.Count(strings.ToLower(page.body), "</script") != 2 {
			t.Errorf("a value came out as markup:\n%s", page.body)
		}
	})
	t.Run("never the seller's contact details", func(t *testing.T) {
		for _, secret := range []string{"seller@example.com", "555 0100"} {
			if strings.Contains(page.body, secret) {
				t.Errorf("the page says %q", secret)
			}
		}
	})

	type offer struct {
		Type, Price, PriceCurrency, Availability, URL string
	}
	readData := func(t *testing.T, page sharedPage) (data struct {
		Context     string `json:"@context"`
		Type        string `json:"@type"`
		Name        string
		Description string
		Image       []string
		Offers      offer
	}) {
		t.Helper()
		if len(page.data) != 1 {
			t.Fatalf("%d JSON-LD scripts", len(page.data))
		}
		if err := json.Unmarshal([]byte(page.data[0]), &data); err != nil {
			t.Fatalf("JSON-LD %q: %v", page.data[0], err)
		}
		return data
	}
	t.Run("JSON-LD Product with its Offer", func(t *testing.T) {
		data := readData(t, page)
		if data.Context != "https://schema.org" || data.Type != "Product" || data.Name != name ||
			data.Description != page.meta["description"] || len(data.Image) != 1 || data.Image[0] != s.srv.URL+product.Image {
			t.Errorf("product %+v", data)
		}
		want := offer{Price: "120.50", PriceCurrency: "USD", Availability: "https://schema.org/InStock", URL: url}
		if got := data.Offers; got.Price != want.Price || got.PriceCurrency != want.PriceCurrency ||
			got.Availability != want.Availability || got.URL != want.URL {
			t.Errorf("offer %+v, want %+v", got, want)
		}
	})

	t.Run("revalidated by its ETag, gzipped", func(t *testing.T) {
		etag := page.header.Get("ETag")
		if etag == "" || page.header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("ETag %q, Cache-Control %q", etag, page.header.Get("Cache-Control"))
		}
		if res := get(t, url, "If-None-Match", etag); res.StatusCode != http.StatusNotModified {
			t.Errorf("status %d, want 304", res.StatusCode)
		}
		if res := get(t, url, "Accept-Encoding", "gzip"); res.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("Content-Encoding %q", res.Header.Get("Content-Encoding"))
		}
		if home := get(t, s.srv.URL+"/").Header.Get("ETag"); home == etag {
			t.Error("the home page has the product page's ETag")
		}
	})

	t.Run("sold out once paid", func(t *testing.T) {
		buyer, _ := s.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
		booking := mpBook(t, buyer, product.ID)
		expectStatus(t, s.seller.call("POST", mpPath("/api/booked/%d/paid", booking.ID), nil), http.StatusOK)
		sold := readShared(t, url)
		if data := readData(t, sold); data.Offers.Availability != "https://schema.org/SoldOut" {
			t.Errorf("availability %q", data.Offers.Availability)
		}
		if sold.header.Get("ETag") == page.header.Get("ETag") {
			t.Error("the ETag stayed the same")
		}
	})

	t.Run("a product that is not there: the site's card", func(t *testing.T) {
		for _, path := range []string{"/products/424242", "/products/x", "/products/"} {
			siteCardOnly(t, readShared(t, s.srv.URL+path), s.srv.URL, "Rehome")
		}
	})

	t.Run("not public again: the site's card only", func(t *testing.T) {
		s.setSite(t, map[string]any{"public_listings": false})
		siteCardOnly(t, readShared(t, url), s.srv.URL, "Rehome", "Oak", "Solid oak")
	})
}

func TestSharedCategoryAndSellerPages(t *testing.T) {
	s := newShareShop(t, api.Config{})
	s.mpProduct(t, "Tables")
	_, buyer := s.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
	category := s.srv.URL + "/categories/Tables"
	seller := fmt.Sprintf("%s/sellers/%d", s.srv.URL, s.sellerUser.ID)

	t.Run("not public: the site's card only", func(t *testing.T) {
		siteCardOnly(t, readShared(t, category), s.srv.URL, "Rehome", "Tables")
		siteCardOnly(t, readShared(t, seller), s.srv.URL, "Rehome", "Sam Seller")
		if title := readShared(t, s.srv.URL+"/categories").title; !strings.HasPrefix(title, "Rehome — ") {
			t.Errorf("categories: title %q", title)
		}
	})

	s.setSite(t, map[string]any{"public_listings": true})
	categories := mpGet[app.Category](t, s.admin, "/api/categories")

	t.Run("a category's card", func(t *testing.T) {
		page := readShared(t, category)
		if page.title != "Tables · Rehome" || page.meta["og:title"] != "Tables" ||
			page.meta["description"] != "1 listing of Tables for sale on Rehome." ||
			page.meta["og:url"] != category || page.meta["og:image"] != s.srv.URL+categories.Items[0].Image {
			t.Errorf("title %q, card %v", page.title, page.meta)
		}
		if other := readShared(t, s.srv.URL+"/categories/Sofas"); other.meta["og:title"] != "Rehome" {
			t.Errorf("a category that is not there: %v", other.meta)
		}
		if page := readShared(t, s.srv.URL+"/categories"); page.title != "Categories · Rehome" {
			t.Errorf("categories: title %q", page.title)
		}
	})
	t.Run("a seller's card, never their email or phone", func(t *testing.T) {
		page := readShared(t, seller)
		if page.title != "Sam Seller · Rehome" || page.meta["og:type"] != "profile" ||
			page.meta["og:url"] != seller || page.meta["og:image"] != s.srv.URL+s.sellerUser.Image {
			t.Errorf("title %q, card %v", page.title, page.meta)
		}
		for _, secret := range []string{"seller@example.com", "555 0100"} {
			if strings.Contains(page.body, secret) {
				t.Errorf("the page says %q", secret)
			}
		}
	})
	t.Run("an account that does not sell: the site's card", func(t *testing.T) {
		siteCardOnly(t, readShared(t, fmt.Sprintf("%s/sellers/%d", s.srv.URL, buyer.ID)), s.srv.URL, "Rehome", "Bea Buyer")
	})
}

func TestSiteCard(t *testing.T) {
	s := newShareShop(t, api.Config{})
	before := readShared(t, s.srv.URL+"/dashboard/myorders")

	s.setSite(t, map[string]any{"name": `Swap & Share </title><b>`, "tagline": "Things from next door"})
	const name = `Swap & Share </title><b>`
	for _, path := range []string{"/", "/index.html", "/dashboard/myorders", "/login"} {
		page := readShared(t, s.srv.URL+path)
		if page.title != name+" — Things from next door" || page.meta["og:site_name"] != name ||
			page.meta["description"] != "Things from next door" {
			t.Errorf("%s: title %q, card %v", path, page.title, page.meta)
		}
		siteCardOnly(t, page, s.srv.URL, name)
		if strings.Contains(page.body, "<b>") {
			t.Errorf("%s: the name came out as markup", path)
		}
	}
	t.Run("the ETag follows the site's name", func(t *testing.T) {
		res := get(t, s.srv.URL+"/dashboard/myorders", "If-None-Match", before.header.Get("ETag"))
		if res.StatusCode != http.StatusOK {
			t.Errorf("status %d, want 200", res.StatusCode)
		}
	})
	t.Run("pages with a title of their own", func(t *testing.T) {
		for path, title := range map[string]string{"/about": "About", "/privacy": "Privacy", "/terms": "Terms", "/blogs": "Blogs"} {
			page := readShared(t, s.srv.URL+path)
			if page.title != title+" · "+name || page.meta["og:url"] != s.srv.URL+path {
				t.Errorf("%s: title %q, card %v", path, page.title, page.meta)
			}
		}
	})
}

func TestSharedLinksUsePublicURL(t *testing.T) {
	s := newShareShop(t, api.Config{PublicURL: "https://market.example/"})
	page := readShared(t, s.srv.URL+"/about")
	if page.meta["og:url"] != "https://market.example/about" || page.meta["og:image"] != "https://market.example/icons/icon-512.png" {
		t.Errorf("card %v", page.meta)
	}
	if robots := string(readBody(t, s.srv.URL+"/robots.txt")); !strings.Contains(robots, "Sitemap: https://market.example/sitemap.xml") {
		t.Errorf("robots.txt:\n%s", robots)
	}
}

// Without a public URL, links are on the scheme a trusted proxy says the
// request came over, and no other.
func TestSharedLinksBehindAProxy(t *testing.T) {
	s := newShareShop(t, api.Config{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	host := strings.TrimPrefix(s.srv.URL, "http://")
	if page := readShared(t, s.srv.URL+"/", "X-Forwarded-Proto", "https"); page.meta["og:url"] != "https://"+host+"/" {
		t.Errorf("behind the proxy: og:url %q", page.meta["og:url"])
	}
	untrusted := newShareShop(t, api.Config{})
	if page := readShared(t, untrusted.srv.URL+"/", "X-Forwarded-Proto", "https"); page.meta["og:url"] != untrusted.srv.URL+"/" {
		t.Errorf("not trusted: og:url %q", page.meta["og:url"])
	}
}

func TestManifestHasTheSiteName(t *testing.T) {
	s := newShareShop(t, api.Config{})
	read := func() (http.Header, map[string]any) {
		res := get(t, s.srv.URL+"/manifest.webmanifest")
		var manifest map[string]any
		if err := json.NewDecoder(res.Body).Decode(&manifest); err != nil {
			t.Fatal(err)
		}
		return res.Header, manifest
	}
	header, manifest := read()
	if header.Get("Content-Type") != "application/manifest+json" || manifest["name"] != "Rehome" || manifest["short_name"] != "Rehome" {
		t.Errorf("type %q, manifest %v", header.Get("Content-Type"), manifest)
	}
	for _, tc := range []struct{ name, short string }{
		{"Swap Shop", "Swap Shop"},
		{"Riverside Swap & Give", "Riverside"},
		{"Neighbourhoodmarket Riverside", "Neighbourho…"},
	} {
		s.setSite(t, map[string]any{"name": tc.name})
		_, manifest := read()
		if manifest["name"] != tc.name || manifest["short_name"] != tc.short {
			t.Errorf("name %q, short name %q; want %q, %q", manifest["name"], manifest["short_name"], tc.name, tc.short)
		}
		if manifest["display"] != "standalone" || manifest["start_url"] != "/" || len(manifest["icons"].([]any)) != 1 {
			t.Errorf("the built members changed: %v", manifest)
		}
	}
	if res := get(t, s.srv.URL+"/manifest.webmanifest", "If-None-Match", header.Get("ETag")); res.StatusCode != http.StatusOK {
		t.Errorf("an old ETag: status %d", res.StatusCode)
	}
}

type sitemapXML struct {
	XMLName xml.Name
	URLs    []struct {
		Loc     string `xml:"loc"`
		Lastmod string `xml:"lastmod"`
	} `xml:"url"`
	Sitemaps []struct {
		Loc string `xml:"loc"`
	} `xml:"sitemap"`
}

func readSitemap(t *testing.T, url string) sitemapXML {
	t.Helper()
	res := get(t, url)
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/xml") {
		t.Fatalf("%s: status %d, type %q", url, res.StatusCode, res.Header.Get("Content-Type"))
	}
	var sitemap sitemapXML
	if err := xml.NewDecoder(res.Body).Decode(&sitemap); err != nil {
		t.Fatal(err)
	}
	return sitemap
}

func (m sitemapXML) locs() []string {
	var locs []string
	for _, u := range m.URLs {
		locs = append(locs, u.Loc)
	}
	return locs
}

func TestSitemapAndRobots(t *testing.T) {
	s := newShareShop(t, api.Config{})
	expectStatus(t, s.admin.form("/api/categories", map[string]string{"name": "Living & dining"}, pngImage(t, 30, 20)), http.StatusCreated)
	products := []int64{s.mpProduct(t, "Tables"), s.mpProduct(t, "Tables"), s.mpProduct(t, "Tables")}
	buyer, _ := s.register("Bea Buyer", "buyer@example.com", app.RoleBuyer)
	booking := mpBook(t, buyer, products[2])
	expectStatus(t, s.seller.call("POST", mpPath("/api/booked/%d/paid", booking.ID), nil), http.StatusOK)
	site := s.srv.URL
	sitePages := []string{site + "/", site + "/about", site + "/privacy", site + "/terms", site + "/blogs"}

	t.Run("not public: the site's own pages", func(t *testing.T) {
		if got := readSitemap(t, site+"/sitemap.xml").locs(); strings.Join(got, " ") != strings.Join(sitePages, " ") {
			t.Errorf("sitemap %q", got)
		}
		robots := string(readBody(t, site+"/robots.txt"))
		for _, line := range []string{"Allow: /$", "Allow: /about", "Allow: /privacy", "Allow: /terms", "Allow: /blogs", "Disallow: /\n",
			"Sitemap: " + site + "/sitemap.xml"} {
			if !strings.Contains(robots, line) {
				t.Errorf("robots.txt lacks %q:\n%s", line, robots)
			}
		}
		if strings.Contains(robots, "Allow: /\n") || strings.Contains(robots, "Allow: /products") || strings.Contains(robots, "Allow: /images") {
			t.Errorf("robots.txt:\n%s", robots)
		}
	})

	s.setSite(t, map[string]any{"public_listings": true})
	want := append(sitePages, site+"/categories", site+"/categories/Living%20&%20dining", site+"/categories/Tables",
		fmt.Sprintf("%s/products/%d", site, products[1]), fmt.Sprintf("%s/products/%d", site, products[0]))

	t.Run("public: pages, categories and listings for sale", func(t *testing.T) {
		sitemap := readSitemap(t, site+"/sitemap.xml")
		if got := sitemap.locs(); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("sitemap\n%q\nwant\n%q", got, want)
		}
		if last := sitemap.URLs[len(sitemap.URLs)-1]; len(last.Lastmod) != len("2006-01-02") {
			t.Errorf("lastmod %q", last.Lastmod)
		}
		robots := string(readBody(t, site+"/robots.txt"))
		for _, line := range []string{"Allow: /\n", "Disallow: /api/", "Disallow: /dashboard", "Disallow: /link-google", "Sitemap: " + site + "/sitemap.xml"} {
			if !strings.Contains(robots, line) {
				t.Errorf("robots.txt lacks %q:\n%s", line, robots)
			}
		}
	})

	t.Run("past the limit, an index of sitemaps", func(t *testing.T) {
		defer api.SetSitemapURLs(4)()
		index := readSitemap(t, site+"/sitemap.xml")
		if index.XMLName.Local != "sitemapindex" || len(index.Sitemaps) != 3 || index.Sitemaps[2].Loc != site+"/sitemap-3.xml" {
			t.Fatalf("index %+v", index)
		}
		var all []string
		for _, file := range index.Sitemaps {
			part := readSitemap(t, file.Loc)
			if part.XMLName.Local != "urlset" || len(part.URLs) > 4 {
				t.Errorf("%s: %+v", file.Loc, part)
			}
			all = append(all, part.locs()...)
		}
		if strings.Join(all, " ") != strings.Join(want, " ") {
			t.Errorf("the sitemaps hold\n%q\nwant\n%q", all, want)
		}
		for _, path := range []string{"/sitemap-0.xml", "/sitemap-4.xml", "/sitemap-x.xml"} {
			if res := get(t, site+path); res.StatusCode != http.StatusNotFound {
				t.Errorf("%s: status %d", path, res.StatusCode)
			}
		}
	})
}

func readBody(t *testing.T, url string) []byte {
	t.Helper()
	res := get(t, url)
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("%s: status %d, %v", url, res.StatusCode, err)
	}
	return body
}

func TestDisplayPrice(t *testing.T) {
	for _, tc := range []struct {
		cents    int64
		currency string
		want     string
	}{
		{42000, "USD", "$420"}, {4550, "EUR", "€45.50"}, {5, "GBP", "£0.05"}, {12000, "CHF", "120 CHF"},
	} {
		if got := api.DisplayPrice(tc.cents, tc.currency); got != tc.want {
			t.Errorf("%d %s: %q, want %q", tc.cents, tc.currency, got, tc.want)
		}
	}
}

// A post is the community's news: its link has a card of its own and is in
// the sitemap whether or not the listings are public.
func TestSharedPostPage(t *testing.T) {
	s := newShareShop(t, api.Config{})
	r := s.admin.call("POST", "/api/posts", map[string]string{"title": "Swap day </title><script>",
		"body": "## Bring what you no longer need\n\nMeet us at the [town hall](https://town.example) on **Saturday**."})
	expectStatus(t, r, http.StatusCreated)
	post := decode[app.Post](t, r)

	page := readShared(t, s.srv.URL+"/blogs/"+post.Slug)
	if page.title != "Swap day </title><script> · Rehome" || page.meta["og:type"] != "article" ||
		page.meta["og:url"] != s.srv.URL+"/blogs/"+post.Slug ||
		page.meta["description"] != "Bring what you no longer need Meet us at the town hall on Saturday." {
		t.Errorf("title %q, card %v", page.title, page.meta)
	}
	if strings.Contains(page.body, "</title><script>") {
		t.Error("the post's title came out as markup")
	}
	if got := readSitemap(t, s.srv.URL+"/sitemap.xml").locs(); !slices.Contains(got, s.srv.URL+"/blogs/"+post.Slug) {
		t.Errorf("the sitemap lacks the post: %q", got)
	}
	// A slug of no post gets the site's card.
	siteCardOnly(t, readShared(t, s.srv.URL+"/blogs/no-such-post"), s.srv.URL, "Rehome")
}
