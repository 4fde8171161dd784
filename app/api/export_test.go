package api

// SetSitemapURLs sets how many URLs a sitemap file holds, until the
// returned function puts it back.
func SetSitemapURLs(n int) (restore func()) {
	was := sitemapURLs
	sitemapURLs = n
	return func() { sitemapURLs = was }
}
