package api

import (
	"bytes"
	"errors"
	"net/http"
	"regexp"
	"sync"

	"github.com/klauspost/compress/gzip"

	"rehome/api/httpcache"
	"rehome/api/webapp"
	"rehome/app"
)

// Every route of the web app gets index.html with a <head> made for it
// (share.go). Most pages have the site's own card, the same for every
// visitor: that page is kept, gzipped once with its ETag, per address it
// was asked at, and made again when the site's name, tagline or
// public_listings change; so the entry page still costs a map look-up on
// every navigation, as when it was one file. Budget: Lighthouse performance
// on /, /login and /blogs, whose first request is this page
// (docs/benchmarks.md). A listing's, category's or seller's page is made for
// its request and gzipped fast.

// pageShell is the built index.html cut where each page's head goes: its
// own <title> and description are left out. headEnd and bodyEnd are where
// </head> and </body> are in after, where the home page's first screen
// goes (first_screen.go).
type pageShell struct {
	before, after    []byte
	headEnd, bodyEnd int
}

var (
	titleElement    = regexp.MustCompile(`(?is)<title>.*?</title>`)
	descriptionMeta = regexp.MustCompile(`(?is)\n?[ \t]*<meta\s+name="description"[^>]*>`)
)

func cutShell(index []byte) pageShell {
	index = descriptionMeta.ReplaceAll(index, nil)
	var ps pageShell
	if at := titleElement.FindIndex(index); at != nil {
		ps = pageShell{before: index[:at[0]], after: index[at[1]:]}
	} else if at := bytes.Index(bytes.ToLower(index), []byte("</head>")); at >= 0 {
		ps = pageShell{before: index[:at], after: index[at:]}
	} else {
		ps = pageShell{after: index}
	}
	lower := bytes.ToLower(ps.after)
	ps.headEnd = max(bytes.Index(lower, []byte("</head>")), 0)
	ps.bodyEnd = bytes.LastIndex(lower, []byte("</body>"))
	if ps.bodyEnd < ps.headEnd {
		ps.bodyEnd = len(ps.after)
	}
	return ps
}

// page is the shell with card's head and first (nil for none), gzipped at
// level.
func (ps pageShell) page(card headCard, first *firstScreen, level int) *httpcache.KeptBody {
	head := renderHead(card)
	var firstHead, firstBody []byte
	if first != nil {
		firstHead, firstBody = first.head, first.body
	}
	body := make([]byte, 0, len(ps.before)+len(head)+len(ps.after)+len(firstHead)+len(firstBody))
	body = append(append(body, ps.before...), head...)
	body = append(append(body, ps.after[:ps.headEnd]...), firstHead...)
	body = append(append(body, ps.after[ps.headEnd:ps.bodyEnd]...), firstBody...)
	body = append(body, ps.after[ps.bodyEnd:]...)
	return httpcache.NewKeptBody("text/html; charset=utf-8", httpcache.ETagOf(body), body, level)
}

// keptPage is a page with the site's card, and what of the site it shows;
// a home page's also the version of the lists it carries.
type keptPage struct {
	name, tagline string
	public        bool
	lists         firstScreenVersion
	*httpcache.KeptBody
}

// The addresses a server is reached at are few; past this many kept pages
// (a client making up Host headers), they are dropped and made again.
const maxKeptPages = 64

// entryPages are the web app's entry page with each route's head.
type entryPages struct {
	srv *Server
	web *webapp.Files

	mu    sync.Mutex
	pages map[string]*keptPage // by address; see page

	shellOnce sync.Once
	shell     pageShell
}

// page answers index.html for the route r asks for.
func (wf *entryPages) page(r *http.Request, path string) *httpcache.KeptBody {
	s := wf.srv
	wf.shellOnce.Do(func() { wf.shell = cutShell(wf.web.Index().Body()) })
	site, err := s.settings.Site(r.Context())
	if err != nil {
		if !errors.Is(err, app.ErrUnreachable) { // logged once by the store
			s.log.Error("the site's settings for a page", "err", err)
		}
		site = app.DefaultSite()
	}
	if card, ok := s.pageCard(r, site, path); ok {
		return wf.shell.page(card, nil, httpcache.GzipLevel)
	}
	cardPath, title := "/", ""
	if p, ok := titledPages[path]; ok && (!p.listingsOnly || site.PublicListings) {
		cardPath, title = path, p.title
	}
	key := s.linkTo(r, cardPath)
	var lists firstScreenVersion
	first := withFirstScreen(r, path)
	if first {
		if lists, err = s.firstScreenVersion(r.Context()); err != nil {
			if !errors.Is(err, app.ErrUnreachable) { // logged once by the store
				s.log.Error("the home page's lists", "err", err)
			}
			first = false
		} else {
			key = "lists " + key
		}
	}
	wf.mu.Lock()
	kept := wf.pages[key]
	wf.mu.Unlock()
	if kept != nil && kept.name == site.Name && kept.tagline == site.Tagline && kept.public == site.PublicListings &&
		kept.lists == lists {
		return kept.KeptBody
	}
	var screen *firstScreen
	if first {
		if screen, err = s.firstScreen(r.Context(), lists); err != nil {
			if !errors.Is(err, app.ErrUnreachable) {
				s.log.Error("the home page's lists", "err", err)
			}
			return wf.shell.page(s.siteCard(r, site, title, cardPath), nil, httpcache.GzipLevel)
		}
	}
	kept = &keptPage{name: site.Name, tagline: site.Tagline, public: site.PublicListings, lists: lists,
		KeptBody: wf.shell.page(s.siteCard(r, site, title, cardPath), screen, gzip.BestCompression)}
	wf.mu.Lock()
	if len(wf.pages) >= maxKeptPages {
		clear(wf.pages)
	}
	wf.pages[key] = kept
	wf.mu.Unlock()
	return kept.KeptBody
}
