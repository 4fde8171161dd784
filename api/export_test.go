package api

import (
	"net/http"

	"rehome/app"
)

// SetSitemapURLs sets how many URLs a sitemap file holds, until the
// returned function puts it back.
func SetSitemapURLs(n int) (restore func()) {
	was := sitemapURLs
	sitemapURLs = n
	return func() { sitemapURLs = was }
}

// DisplayPrice is how a card's title writes a price.
func DisplayPrice(c int64, currency string) string { return displayPrice(app.Cents(c), currency) }

// IdempotencyHash is what a request's Idempotency-Key is claimed for: a
// test leaves a claim as a process that died doing the work would.
func IdempotencyHash(method, path string, body []byte) []byte {
	r, _ := http.NewRequest(method, path, nil)
	return requestHash(r, body)
}
