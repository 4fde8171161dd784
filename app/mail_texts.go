package app

import (
	"html"
	"strings"
)

// mailBody is what every mail says: a greeting, a few paragraphs, at most
// one link to act on, and why the person got it.
type mailBody struct {
	// Site is the marketplace's name, written at the top.
	Site        string
	Greeting    string
	Paragraphs  []string
	ActionLabel string
	ActionURL   string
	// OrOpen introduces the link written out, for clients that draw no
	// buttons.
	OrOpen string
	Footer string
}

// mailHTML is the HTML of every mail: inline styles, since mail clients
// drop style sheets, and a plain link under the button for clients that
// draw no buttons. It is written out rather than with html/template, whose
// use of reflection keeps every exported method of every linked package in
// the binary (9 MB more of it, and 5 MB more of the server's memory); every
// value is escaped, and the one link is ours (the public URL and a path).
func mailHTML(body mailBody) string {
	var b strings.Builder
	b.WriteString(`<!doctype html>
<html><body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c1917">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:700;font-size:20px;color:#047857">` + html.EscapeString(body.Site) + `</p>
<p>` + html.EscapeString(body.Greeting) + "</p>\n")
	for _, p := range body.Paragraphs {
		b.WriteString(`<p style="line-height:1.5">` + html.EscapeString(p) + "</p>\n")
	}
	if body.ActionURL != "" {
		link := html.EscapeString(body.ActionURL)
		b.WriteString(`<p style="margin:24px 0"><a href="` + link + `" style="background:#047857;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">` +
			html.EscapeString(body.ActionLabel) + "</a></p>\n" +
			`<p style="font-size:13px;color:#57534e;word-break:break-all">` + html.EscapeString(body.OrOpen) + ` <a href="` + link + `">` + link + "</a></p>\n")
	}
	b.WriteString(`<p style="font-size:13px;color:#57534e;margin-top:24px">` + html.EscapeString(body.Footer) + "</p>\n</div></body></html>\n")
	return b.String()
}

func newMail(to, subject string, body mailBody) *Mail {
	var text strings.Builder
	text.WriteString(body.Greeting + "\n\n")
	for _, p := range body.Paragraphs {
		text.WriteString(p + "\n\n")
	}
	if body.ActionURL != "" {
		text.WriteString(body.ActionLabel + ":\n" + body.ActionURL + "\n\n")
	}
	text.WriteString("-- \n" + body.Footer + "\n")
	return &Mail{To: to, Subject: subject, Text: text.String(), HTML: mailHTML(body)}
}

// spokenMail is a mail in the language of say: its greeting to u (or to nobody
// by name), the site's name on top, the link written out and the footer.
func spokenMail(say speaker, u *User, to, subject string, body mailBody) *Mail {
	body.Site = say("{site}")
	body.Greeting = say("Hello,")
	if u != nil && u.Name != "" {
		body.Greeting = say("Hello {name},", "name", u.Name)
	}
	body.OrOpen = say("Or open this link:")
	footer := say("You get this mail because of your account on {site}, your community's second-hand marketplace.")
	if body.Footer != "" {
		footer += " " + body.Footer
	}
	body.Footer = footer
	return newMail(to, subject, body)
}

func passwordResetMail(say speaker, u *User, link string) *Mail {
	return spokenMail(say, u, u.Email, say("Reset your {site} password"), mailBody{
		Paragraphs: []string{
			say("Someone, hopefully you, asked to reset the password of your {site} account."),
			say("The link works once, for one hour. Setting a new password signs you out everywhere else."),
			say("If you did not ask, ignore this mail: your password stays as it is."),
		},
		ActionLabel: say("Choose a new password"),
		ActionURL:   link,
	})
}

func confirmEmailMail(say speaker, u *User, newEmail, link string) *Mail {
	return spokenMail(say, u, newEmail, say("Confirm your new email for {site}"), mailBody{
		Paragraphs: []string{
			say("You asked to use {email} for your {site} account. Open the link to confirm it; until then, your account keeps its current email.", "email", newEmail),
			say("The link works once, for one hour. If you did not ask, ignore this mail."),
		},
		ActionLabel: say("Confirm this email"),
		ActionURL:   link,
	})
}

// emailTakenMail answers a request to move an account to an address that
// already has one, told to that address alone: the person asking learns
// nothing they could not learn by owning it.
func emailTakenMail(say speaker, to, link string) *Mail {
	return spokenMail(say, nil, to, say("Someone tried to use your email on {site}"), mailBody{
		Paragraphs: []string{
			say("Someone asked to move another {site} account to this email, which already has an account. Nothing changed."),
			say("If it was you and you have forgotten your password, you can reset it."),
		},
		ActionLabel: say("Reset your password"),
		ActionURL:   link,
	})
}

// emailChangedMail tells the old address that the account moved, so that
// a stolen session cannot take an account away unnoticed.
func emailChangedMail(say speaker, u *User, oldEmail string) *Mail {
	return spokenMail(say, u, oldEmail, say("Your {site} email was changed"), mailBody{
		Paragraphs: []string{
			say("Your {site} account now uses {email} instead of this address.", "email", u.Email),
			say("If you did not do this, ask an admin of your marketplace to help you at once."),
		},
	})
}

func verifyEmailMail(say speaker, u *User, link string) *Mail {
	return spokenMail(say, u, u.Email, say("Confirm your email for {site}"), mailBody{
		Paragraphs: []string{
			say("Please confirm that {email} is yours, so that your {site} account is safe with it.", "email", u.Email),
			say("The link works once, for a day. If you did not make an account on {site}, ignore this mail."),
		},
		ActionLabel: say("Confirm my email"),
		ActionURL:   link,
	})
}

// accountClaimedMail tells the address's owner, who just signed in with a
// provider, what became of the account someone had made with their email
// before anyone proved it.
func accountClaimedMail(say speaker, u *User, provider string) *Mail {
	return spokenMail(say, u, u.Email, say("Your {site} account is now signed in with {provider}", "provider", provider), mailBody{
		Paragraphs: []string{
			say("You signed in to {site} with {provider}, which confirmed that {email} is yours. The account with this email had never confirmed it, so it is now yours alone: every other device was signed out of it.",
				"provider", provider, "email", u.Email),
			say("Any password set on it before was removed. Sign in with {provider}, or set a new password on your Profile.", "provider", provider),
			say("If you did not sign in with {provider} just now, ask an admin of your marketplace to help you at once.", "provider", provider),
		},
	})
}
