package api

import (
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"rehome/api/webapp"
	"rehome/app"
	"rehome/internal/webroutes"
)

// What search engines read first: robots.txt says what they may crawl, and
// the sitemap lists the public pages and every listing for sale. With
// listings not public, both name only the site's own pages.

// sitemapURLs is the most URLs one sitemap file holds (the protocol's
// limit); past it, /sitemap.xml is an index of /sitemap-N.xml. A variable
// so that tests reach the limit with a few listings.
var sitemapURLs = 50_000

// sitePages are the pages every visitor may read.
var sitePages = patterns("home", "about", "privacy", "terms", "blogs")

// patterns are the paths of the web app's screens with these names.
func patterns(names ...string) []string {
	paths := make([]string, len(names))
	for i, name := range names {
		paths[i] = webroutes.Pattern(name)
	}
	return paths
}

func categoryPath(name string) string { return webroutes.PathTo("category", name) }

func postPath(slug string) string { return webroutes.PathTo("post", slug) }

func productPath(id int64) string {
	return webroutes.Path(app.Link{Screen: app.ScreenProduct, ID: id})
}

type sitemapEntry struct {
	loc     string
	lastmod time.Time // zero: not said
}

// sitemapSource is every URL of the sitemap: the pages first, then the
// listings for sale, read a page at a time.
type sitemapSource struct {
	pages    []sitemapEntry
	listings int
}

func (s *Server) sitemapSource(r *http.Request) (sitemapSource, error) {
	var src sitemapSource
	for _, path := range sitePages {
		src.pages = append(src.pages, sitemapEntry{loc: s.linkTo(r, path)})
	}
	if err := s.addPosts(r, &src); err != nil {
		return src, err
	}
	public, err := s.settings.PublicListings(r.Context())
	if err != nil || !public {
		return src, err
	}
	src.pages = append(src.pages, sitemapEntry{loc: s.linkTo(r, webroutes.Pattern("categories"))})
	categories, err := s.catalogue.Categories(r.Context())
	if err != nil {
		return src, err
	}
	for _, c := range categories {
		src.pages = append(src.pages, sitemapEntry{loc: s.linkTo(r, categoryPath(c.Name))})
	}
	listings, err := s.catalogue.SharedListings(r.Context(), app.Page{Limit: 0})
	src.listings = listings.Total
	return src, err
}

// addPosts adds every post, public whatever the listings are. A community
// writes a few posts a month, so they are read whole, a page at a time.
func (s *Server) addPosts(r *http.Request, src *sitemapSource) error {
	for offset := 0; ; offset += app.MaxPageLimit {
		posts, err := s.posts.Posts(r.Context(), app.Page{Limit: app.MaxPageLimit, Offset: offset})
		if err != nil {
			return err
		}
		for _, p := range posts.Items {
			src.pages = append(src.pages, sitemapEntry{loc: s.linkTo(r, postPath(p.Slug)), lastmod: p.Updated})
		}
		if len(posts.Items) == 0 || offset+len(posts.Items) >= posts.Total {
			return nil
		}
	}
}

func (src sitemapSource) total() int { return len(src.pages) + src.listings }

// files is how many sitemap files the URLs fill.
func (src sitemapSource) files() int { return (src.total() + sitemapURLs - 1) / sitemapURLs }

// sitemap answers the one sitemap, or the index of several.
func (s *Server) sitemap(w http.ResponseWriter, r *http.Request) error {
	src, err := s.sitemapSource(r)
	if err != nil {
		return s.crawlerToComeBack(w, r, err)
	}
	if src.files() <= 1 {
		return s.writeSitemap(w, r, src, 1)
	}
	setXML(w)
	io.WriteString(w, xml.Header+`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`+"\n")
	for n := 1; n <= src.files(); n++ {
		writeLoc(w, "sitemap", s.linkTo(r, "/sitemap-"+strconv.Itoa(n)+".xml"), time.Time{})
	}
	io.WriteString(w, "</sitemapindex>\n")
	return nil
}

// sitemapFile answers /sitemap-N.xml, the Nth sitemap of the index, N
// written as the index writes it: '01' or '+1' is no sitemap's name.
func (s *Server) sitemapFile(w http.ResponseWriter, r *http.Request) error {
	name := chi.URLParam(r, "n")
	n, err := strconv.Atoi(name)
	if err != nil || n < 1 || strconv.Itoa(n) != name {
		http.NotFound(w, r)
		return nil
	}
	src, err := s.sitemapSource(r)
	if err != nil {
		return s.crawlerToComeBack(w, r, err)
	}
	if n > src.files() {
		http.NotFound(w, r)
		return nil
	}
	return s.writeSitemap(w, r, src, n)
}

// notSitemaps answers 404 to the paths that begin as a sitemap's and that
// its route did not take ('/sitemap-1.5.xml': chi's {n} ends at the first
// dot), rather than the web app's page next would give them.
func notSitemaps(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/sitemap-") {
			http.NotFound(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Server) writeSitemap(w http.ResponseWriter, r *http.Request, src sitemapSource, n int) error {
	start, end := (n-1)*sitemapURLs, min(n*sitemapURLs, src.total())
	var listings []app.ListedProduct
	if end > len(src.pages) {
		offset := max(start-len(src.pages), 0)
		list, err := s.catalogue.SharedListings(r.Context(), app.Page{Limit: end - len(src.pages) - offset, Offset: offset})
		if err != nil {
			return s.crawlerToComeBack(w, r, err)
		}
		listings = list.Items
	}
	setXML(w)
	io.WriteString(w, xml.Header+`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`+"\n")
	for _, page := range src.pages[min(start, len(src.pages)):min(end, len(src.pages))] {
		writeLoc(w, "url", page.loc, page.lastmod)
	}
	for _, p := range listings {
		writeLoc(w, "url", s.linkTo(r, productPath(p.ID)), p.Listed)
	}
	io.WriteString(w, "</urlset>\n")
	return nil
}

func setXML(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
}

func writeLoc(w io.Writer, element, loc string, lastmod time.Time) {
	io.WriteString(w, "  <"+element+"><loc>")
	xml.EscapeText(w, []byte(loc))
	io.WriteString(w, "</loc>")
	if !lastmod.IsZero() {
		io.WriteString(w, "<lastmod>"+lastmod.UTC().Format(time.DateOnly)+"</lastmod>")
	}
	io.WriteString(w, "</"+element+">\n")
}

// robots lets crawlers read the public pages: with listings public, all
// but the accounts' own screens, links with a token, search results and
// the API; otherwise the site's own pages alone, with the sign-in pages
// (which say nothing of anyone) and the files that draw them.
func (s *Server) robots(w http.ResponseWriter, r *http.Request) error {
	public, err := s.settings.PublicListings(r.Context())
	if err != nil {
		return s.crawlerToComeBack(w, r, err)
	}
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	if public {
		b.WriteString("Allow: /\n")
		private := patterns("dashboard", "resetPassword", "forgotPassword", "confirmEmail", "linkGoogle", "search")
		for _, path := range append([]string{"/api/"}, private...) {
			b.WriteString("Disallow: " + path + "\n")
		}
	} else {
		b.WriteString("Allow: /$\n")
		for _, path := range append(append(sitePages[1:], patterns("login", "register")...), "/assets/", "/icons/", "/favicon.svg", "/"+webapp.ManifestFile) {
			b.WriteString("Allow: " + path + "\n")
		}
		b.WriteString("Disallow: /\n")
	}
	b.WriteString("\nSitemap: " + s.linkTo(r, "/sitemap.xml") + "\n")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	io.WriteString(w, b.String())
	return nil
}

// unreachable is said to a crawler while the database is out of reach.
var unreachable = waiting{
	retry:   "5",
	message: app.DatabaseUnreachableMessage,
	heading: "Try again in a moment",
	text:    app.DatabaseUnreachableMessage,
}

// crawlerToComeBack answers robots.txt or a sitemap that cannot be read
// now. A crawler takes a robots.txt that disallows all, or an empty
// sitemap, as the site's word and drops its pages; a 503 with Retry-After
// as "come back".
func (s *Server) crawlerToComeBack(w http.ResponseWriter, r *http.Request, err error) error {
	if !errors.Is(err, app.ErrUnreachable) {
		return err
	}
	unavailable(w, r, healthBody{}, unreachable)
	return nil
}
