package api

import (
	"bytes"
	"context"
	"html"
	"net/http"

	"rehome/api/sessions"
	"rehome/api/wire"
	"rehome/app"
	"rehome/internal/webroutes"
)

// The home page's first screen, written into its page for a visitor who is
// not signed in: the lists it draws (the categories and the advertised
// products) as the API answers them to such a visitor, in a
// <script type="application/json"> the web app reads once instead of asking
// for them (src/lib/first-screen.ts), and a preload of the pictures of the
// adverts in view as it opens, so the browser fetches them along with the
// app's code rather than once it has run. Budget: the home page's Largest
// Contentful Paint against the reference build's (make lighthouse,
// docs/benchmarks.md).
//
// A signed-in person's advertised products may differ (their bookings,
// sellers they blocked), so a request with a session cookie gets the page
// without them, and the app asks. The service worker's copy of the page
// (/index.html) never has them: it would serve them stale.

// firstScreenID is the id of the element holding the lists.
const firstScreenID = "first-screen"

// picturesInViewAtFirst: the adverts' first row on a phone, two to a row
// (inViewAtFirst in advertised-section.tsx).
const picturesInViewAtFirst = 2

// firstScreenVersion names the state of the lists a home page carries.
type firstScreenVersion struct{ categories, advertised uint64 }

// firstScreen is what a home page carries: head goes before </head>, body
// before </body>.
type firstScreen struct {
	version    firstScreenVersion
	head, body []byte
}

// withFirstScreen tells whether the page for path carries the home page's
// lists.
func withFirstScreen(r *http.Request, path string) bool {
	if path != webroutes.Pattern("home") && path != webroutes.Pattern("homeAlias") {
		return false
	}
	_, err := r.Cookie(sessions.CookieName)
	return err != nil
}

func (s *Server) firstScreenVersion(ctx context.Context) (firstScreenVersion, error) {
	advertised, err := s.advertisedVersion(ctx)
	return firstScreenVersion{categories: s.catalogueVersion(), advertised: advertised}, err
}

// firstScreen is the home page's lists at version, from the public lists
// the API answers them from.
func (s *Server) firstScreen(ctx context.Context, version firstScreenVersion) (*firstScreen, error) {
	categories, err := s.public.Value(ctx, version.categories, "categories", s.readCategories)
	if err != nil {
		return nil, err
	}
	page := app.Page{}.Clamp()
	advertised, err := s.public.Value(ctx, version.advertised, advertisedKey(page), func(ctx context.Context) (any, error) {
		return s.catalogue.AdvertisedProducts(ctx, page)
	})
	if err != nil {
		return nil, err
	}
	var head bytes.Buffer
	for i, p := range advertised.(app.List[app.Product]).Items {
		if i == picturesInViewAtFirst {
			break
		}
		picture := p.ThumbURL
		if picture == "" {
			picture = p.Image
		}
		head.WriteString(`<link rel="preload" as="image" fetchpriority="high" href="` + html.EscapeString(picture) + "\">\n  ")
	}
	// The API's encoder writes <, > and & as \u003c, \u003e and \u0026,
	// so no name ends the script element.
	var body bytes.Buffer
	body.WriteString(`<script type="application/json" id="` + firstScreenID + `">{"categories":`)
	if err := wire.Encode(&body, categories); err != nil {
		return nil, err
	}
	body.WriteString(`,"advertised":`)
	if err := wire.Encode(&body, advertised); err != nil {
		return nil, err
	}
	body.WriteString("}</script>\n  ")
	return &firstScreen{version: version, head: head.Bytes(), body: body.Bytes()}, nil
}
