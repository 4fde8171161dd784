package mail

import (
	"html"
	"strings"

	"rehome/app"
)

// Layout writes what a mail says as the plain text and the HTML it is
// sent as (app.MailLayout).
func Layout(c app.MailContent) (string, string) {
	return plainText(c), htmlOf(c)
}

func plainText(c app.MailContent) string {
	var text strings.Builder
	text.WriteString(c.Greeting + "\n\n")
	for _, p := range c.Paragraphs {
		text.WriteString(p + "\n\n")
	}
	if c.ActionURL != "" {
		text.WriteString(c.ActionLabel + ":\n" + c.ActionURL + "\n\n")
	}
	text.WriteString("-- \n" + c.Footer + "\n")
	return text.String()
}

// htmlOf is the HTML of every mail: inline styles, since mail clients
// drop style sheets, and a plain link under the button for clients that
// draw no buttons. It is written out rather than with html/template, whose
// use of reflection keeps every exported method of every linked package in
// the binary (9 MB more of it, and 5 MB more of the server's memory); every
// value is escaped, and the one link is ours (the public URL and a path).
func htmlOf(c app.MailContent) string {
	var b strings.Builder
	b.WriteString(`<!doctype html>
<html><body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c1917">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:700;font-size:20px;color:#047857">` + html.EscapeString(c.Site) + `</p>
<p>` + html.EscapeString(c.Greeting) + "</p>\n")
	for _, p := range c.Paragraphs {
		b.WriteString(`<p style="line-height:1.5">` + html.EscapeString(p) + "</p>\n")
	}
	if c.ActionURL != "" {
		link := html.EscapeString(c.ActionURL)
		b.WriteString(`<p style="margin:24px 0"><a href="` + link + `" style="background:#047857;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">` +
			html.EscapeString(c.ActionLabel) + "</a></p>\n" +
			`<p style="font-size:13px;color:#57534e;word-break:break-all">` + html.EscapeString(c.OrOpen) + ` <a href="` + link + `">` + link + "</a></p>\n")
	}
	b.WriteString(`<p style="font-size:13px;color:#57534e;margin-top:24px">` + html.EscapeString(c.Footer) + "</p>\n</div></body></html>\n")
	return b.String()
}
