package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"html"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"rehome/app"
	"rehome/internal/webroutes"
)

// The <head> of the page the server sends for each route: the title and the
// cards that link previews and search engines read, which run no script.
// Every value is escaped for where it stands: HTML-escaped in text and
// attributes, and the JSON-LD as encoding/json writes it (< as \u003c), so
// a listing named "</title><script>" stays text. Written by hand, not with
// html/template, which would keep every exported method in the binary
// (cmd/rehome/deps_test.go).

// headCard is what one page's <head> says.
type headCard struct {
	Title       string // the document's title
	CardTitle   string // og:title, which og:site_name follows
	Description string
	SiteName    string
	Type        string // og:type
	URL         string // absolute
	Image       string // absolute; empty for none
	ImageAlt    string
	Icon        bool // Image is the app's square icon
	Price       *cardPrice
	Data        any // JSON-LD
}

type cardPrice struct{ Amount, Currency string }

// appIcon is the picture of the site's own card, from the built web app.
const appIcon = "/icons/icon-512.png"

// maxDescriptionRunes is about what a search result or a preview shows.
const maxDescriptionRunes = 160

// siteCard is the card of the marketplace itself, which every page has
// when it has none of its own; page names a page that has a title of its
// own ("About").
func (s *Server) siteCard(r *http.Request, site app.Site, page, path string) headCard {
	title := site.Name
	if site.Tagline != "" {
		title += " — " + site.Tagline
	}
	description := site.Tagline
	if description == "" {
		description = site.Name
	}
	card := headCard{Title: title, CardTitle: site.Name, Description: description, SiteName: site.Name, Type: "website",
		URL: s.linkTo(r, path), Image: s.linkTo(r, appIcon), Icon: true}
	if page != "" {
		card.Title = page + " · " + site.Name
		card.CardTitle = page
	}
	return card
}

// titledPages are the pages with a title of their own whose card is the
// same for every visitor; the key is the path.
var titledPages = map[string]struct {
	title        string
	listingsOnly bool // a page of listings: titled only when they are public
}{
	webroutes.Pattern("about"):      {title: "About"},
	webroutes.Pattern("privacy"):    {title: "Privacy"},
	webroutes.Pattern("terms"):      {title: "Terms"},
	webroutes.Pattern("blogs"):      {title: "Blogs"},
	webroutes.Pattern("categories"): {title: "Categories", listingsOnly: true},
}

// pageCard is the card of one listing, category or seller, or ok false for
// a page that has none of its own (or whose subject is not shared).
func (s *Server) pageCard(r *http.Request, site app.Site, path string) (headCard, bool) {
	ctx := r.Context()
	for _, shared := range sharedScreens {
		key, ok := strings.CutPrefix(path, webroutes.Prefix(shared.screen))
		if !ok || key == "" || strings.Contains(key, "/") {
			continue
		}
		// Posts are the community's news, public whatever the listings are.
		if !site.PublicListings && shared.listings {
			return headCard{}, false
		}
		card, err := shared.card(s, ctx, r, site, key)
		if err != nil {
			if app.ErrorKind(err) != app.KindNotFound && !errors.Is(err, app.ErrUnreachable) {
				s.log.Error("a shared page's card", "path", r.URL.Path, "err", err)
			}
			return headCard{}, false
		}
		return card, true
	}
	return headCard{}, false
}

// sharedScreens are the screens of one thing each whose links get a card
// of their own, by the web app's route name.
var sharedScreens = []struct {
	screen   string
	listings bool // shows listings: shared only while they are public
	card     func(s *Server, ctx context.Context, r *http.Request, site app.Site, key string) (headCard, error)
}{
	{"post", false, (*Server).postCard},
	{"product", true, (*Server).productCard},
	{"category", true, (*Server).categoryCard},
	{"seller", true, (*Server).sellerCard},
}

func (s *Server) productCard(ctx context.Context, r *http.Request, site app.Site, key string) (headCard, error) {
	id, err := strconv.ParseInt(key, 10, 64)
	if err != nil {
		return headCard{}, app.Errorf(app.KindNotFound, "Product not found")
	}
	p, err := s.catalogue.SharedProduct(ctx, id)
	if err != nil {
		return headCard{}, err
	}
	currency := strings.ToUpper(s.bookings.Currency())
	price := displayPrice(p.ResalePrice, currency)
	url := s.linkTo(r, productPath(p.ID))
	description := excerpt(p.Description, maxDescriptionRunes)
	if description == "" {
		description = p.Name + ", " + string(p.Condition) + ", " + p.Location
	}
	availability := "https://schema.org/InStock"
	if p.Status == app.StatusSold {
		availability = "https://schema.org/SoldOut"
	}
	var images []string
	if image := s.absolute(r, p.Image); image != "" {
		images = append(images, image)
	}
	return headCard{
		Title: p.Name + " — " + price + " · " + site.Name, CardTitle: p.Name + " — " + price,
		Description: description, SiteName: site.Name, Type: "product", URL: url,
		Image: s.absolute(r, p.ThumbURL), ImageAlt: p.Name,
		Price: &cardPrice{Amount: p.ResalePrice.String(), Currency: currency},
		Data: productData{Context: "https://schema.org", Type: "Product", Name: p.Name, Description: description,
			Image: images, Category: p.Category, Condition: "https://schema.org/UsedCondition",
			Offers: offerData{Type: "Offer", Price: p.ResalePrice.String(), Currency: currency,
				Availability: availability, URL: url}},
	}, nil
}

// productData is a listing as schema.org describes a Product.
type productData struct {
	Context     string    `json:"@context"`
	Type        string    `json:"@type"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Image       []string  `json:"image,omitempty"`
	Category    string    `json:"category,omitempty"`
	Condition   string    `json:"itemCondition"`
	Offers      offerData `json:"offers"`
}

type offerData struct {
	Type         string `json:"@type"`
	Price        string `json:"price"`
	Currency     string `json:"priceCurrency"`
	Availability string `json:"availability"`
	URL          string `json:"url"`
}

func (s *Server) categoryCard(ctx context.Context, r *http.Request, site app.Site, name string) (headCard, error) {
	c, err := s.catalogue.SharedCategory(ctx, name)
	if err != nil {
		return headCard{}, err
	}
	listings := strconv.Itoa(c.Count) + " listings"
	if c.Count == 1 {
		listings = "1 listing"
	}
	return headCard{
		Title: c.Name + " · " + site.Name, CardTitle: c.Name,
		Description: listings + " of " + c.Name + " for sale on " + site.Name + ".",
		SiteName:    site.Name, Type: "website", URL: s.linkTo(r, categoryPath(c.Name)),
		Image: s.absolute(r, c.Image), ImageAlt: c.Name,
	}, nil
}

func (s *Server) sellerCard(ctx context.Context, r *http.Request, site app.Site, key string) (headCard, error) {
	id, err := strconv.ParseInt(key, 10, 64)
	if err != nil {
		return headCard{}, app.Errorf(app.KindNotFound, "Seller not found")
	}
	seller, err := s.catalogue.SharedSeller(ctx, id)
	if err != nil {
		return headCard{}, err
	}
	card := headCard{
		Title: seller.Name + " · " + site.Name, CardTitle: seller.Name,
		Description: "Second-hand listings by " + seller.Name + " on " + site.Name + ".",
		SiteName:    site.Name, Type: "profile", URL: s.linkTo(r, webroutes.PathTo("seller", strconv.FormatInt(seller.ID, 10))),
		Image: s.absolute(r, seller.Image), ImageAlt: seller.Name,
	}
	if card.Image == "" {
		card.Image, card.ImageAlt, card.Icon = s.linkTo(r, appIcon), "", true
	}
	return card, nil
}

func (s *Server) postCard(ctx context.Context, r *http.Request, site app.Site, slug string) (headCard, error) {
	post, err := s.posts.PostBySlug(ctx, slug)
	if err != nil {
		return headCard{}, err
	}
	return headCard{
		Title: post.Title + " · " + site.Name, CardTitle: post.Title,
		Description: excerpt(markdownText(post.Body), maxDescriptionRunes),
		SiteName:    site.Name, Type: "article", URL: s.linkTo(r, postPath(post.Slug)),
		Image: s.linkTo(r, appIcon), Icon: true,
	}, nil
}

// markdownLink is a Markdown link or picture; its text is what a reader sees.
var markdownLink = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)

// markdownText is a Markdown text as a reader sees it, near enough for a
// preview: links as their text, without the marks of headings, lists,
// quotes and emphasis.
func markdownText(md string) string {
	md = markdownLink.ReplaceAllString(md, "$1")
	var lines []string
	for _, line := range strings.Split(md, "\n") {
		line = strings.TrimLeft(strings.TrimSpace(line), "#>-+ ")
		if len(line) > 1 && line[0] == '*' && line[1] == ' ' {
			line = line[2:]
		}
		lines = append(lines, line)
	}
	return strings.NewReplacer("**", "", "__", "", "`", "", "*", "", "_", " ").Replace(strings.Join(lines, " "))
}

// renderHead writes card as the <head> elements it stands for.
func renderHead(card headCard) []byte {
	var b bytes.Buffer
	meta := func(attr, name, content string) {
		b.WriteString("\n    <meta " + attr + `="` + name + `" content="` + html.EscapeString(content) + `" />`)
	}
	b.WriteString("<title>" + html.EscapeString(card.Title) + "</title>")
	meta("name", "description", card.Description)
	meta("property", "og:site_name", card.SiteName)
	meta("property", "og:type", card.Type)
	meta("property", "og:title", card.CardTitle)
	meta("property", "og:description", card.Description)
	meta("property", "og:url", card.URL)
	if card.Image != "" {
		meta("property", "og:image", card.Image)
	}
	if card.ImageAlt != "" {
		meta("property", "og:image:alt", card.ImageAlt)
	}
	twitterCard := "summary_large_image"
	if card.Icon {
		meta("property", "og:image:width", "512")
		meta("property", "og:image:height", "512")
		twitterCard = "summary"
	}
	meta("name", "twitter:card", twitterCard)
	if card.Price != nil {
		meta("property", "product:price:amount", card.Price.Amount)
		meta("property", "product:price:currency", card.Price.Currency)
	}
	if card.Data != nil {
		data, err := json.Marshal(card.Data) // escapes <, > and & as \u003c, \u003e, \u0026
		if err != nil {
			panic(err) // the data is ours: a bug
		}
		b.WriteString("\n    <script type=\"application/ld+json\">")
		b.Write(data)
		b.WriteString("</script>")
	}
	return b.Bytes()
}

// absolute is an absolute URL of a picture this server stores ("/images/…"),
// a picture elsewhere as it is, and "" for anything else.
func (s *Server) absolute(r *http.Request, url string) string {
	switch {
	case strings.HasPrefix(url, "/") && !strings.HasPrefix(url, "//"):
		return s.linkTo(r, url)
	case strings.HasPrefix(url, "https://"), strings.HasPrefix(url, "http://"):
		return url
	}
	return ""
}

// currencySymbols are the currencies written with a symbol before the
// amount in a card; others follow it with their code.
var currencySymbols = map[string]string{"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹"}

// displayPrice is a price for a title read by anyone anywhere: "$420",
// "€45.50", "120 CHF".
func displayPrice(c app.Cents, currency string) string {
	amount := strings.TrimSuffix(c.String(), ".00")
	if symbol, ok := currencySymbols[currency]; ok {
		return symbol + amount
	}
	return amount + " " + currency
}

// excerpt is text on one line, cut at a word to at most max characters.
func excerpt(text string, max int) string {
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) <= max {
		return text
	}
	runes := []rune(text)[:max-1]
	cut := string(runes)
	if i := strings.LastIndexByte(cut, ' '); i > max/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:-") + "…"
}
