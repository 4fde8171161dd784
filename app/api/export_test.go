package api

import "rehome/app"

// SetSitemapURLs sets how many URLs a sitemap file holds, until the
// returned function puts it back.
func SetSitemapURLs(n int) (restore func()) {
	was := sitemapURLs
	sitemapURLs = n
	return func() { sitemapURLs = was }
}

// DisplayPrice is how a card's title writes a price.
func DisplayPrice(c int64, currency string) string { return displayPrice(app.Cents(c), currency) }
