package api

import (
	"html"
	"net/http"
	"strings"
)

// The API reference page: Scalar's standalone bundle renders the OpenAPI
// document (GET /api/openapi.json). Its scripts are built into the web
// app's files under docs/ (pwa/scripts/api-reference.mjs, pwa/public/docs),
// but the page is not a screen of the app, which never loads Scalar's 4 MB.
// Set up as pwa/public/docs/api.js does (no fonts, proxy, agent or MCP
// from Scalar's servers), it needs nothing the default Content-Security-Policy
// refuses, so the page keeps that policy. The site's name is its one value,
// escaped by hand: html/template would keep every method of every linked
// package in the binary (TestBinaryLeavesOutTemplates).

const apiReferencePath = "/docs/api"

const apiReferencePage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · {{site}}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body { margin: 0 }
.back { display: block; padding: .75rem 1rem; font: 500 .9375rem/1.25 system-ui, sans-serif; color: #115e59; background: #f0fdfa; border-bottom: 1px solid #ccfbf1 }
</style></head>
<body><a class="back" href="/"><span aria-hidden="true">← </span>Back to {{site}}</a><div id="reference"></div>
<script src="/docs/scalar.js"></script><script src="/docs/api.js"></script></body></html>
`

func (s *Server) apiReference(w http.ResponseWriter, r *http.Request) error {
	site, err := s.settings.Site(r.Context())
	if err != nil {
		return err
	}
	page := strings.ReplaceAll(apiReferencePage, "{{site}}", html.EscapeString(site.Name))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write([]byte(page))
	return nil
}
