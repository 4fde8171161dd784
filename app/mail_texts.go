package app

// MailContent is what every mail says, in its reader's language: a
// greeting, a few paragraphs, at most one link to act on, and why the
// person got it. How that looks, as text and as HTML, is the layout's
// (MailLayout): the domain builds no HTML.
type MailContent struct {
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

// MailLayout writes what a mail says as the plain text and the HTML it is
// sent as (package mail).
type MailLayout func(MailContent) (text, html string)

// spokenMail is a mail in the language of say: its greeting to u (or to nobody
// by name), the site's name on top, the link written out and the footer.
func (o *Outbox) spokenMail(say speaker, u *User, to, subject string, body MailContent) *Mail {
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
	text, html := o.layout(body)
	return &Mail{To: to, Subject: subject, Text: text, HTML: html}
}

func (o *Outbox) passwordResetMail(say speaker, u *User, link string) *Mail {
	return o.spokenMail(say, u, u.Email, say("Reset your {site} password"), MailContent{
		Paragraphs: []string{
			say("Someone, hopefully you, asked to reset the password of your {site} account."),
			say("The link works once, for one hour. Setting a new password signs you out everywhere else."),
			say("If you did not ask, ignore this mail: your password stays as it is."),
		},
		ActionLabel: say("Choose a new password"),
		ActionURL:   link,
	})
}

func (o *Outbox) confirmEmailMail(say speaker, u *User, newEmail, link string) *Mail {
	return o.spokenMail(say, u, newEmail, say("Confirm your new email for {site}"), MailContent{
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
func (o *Outbox) emailTakenMail(say speaker, to, link string) *Mail {
	return o.spokenMail(say, nil, to, say("Someone tried to use your email on {site}"), MailContent{
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
func (o *Outbox) emailChangedMail(say speaker, u *User, oldEmail string) *Mail {
	return o.spokenMail(say, u, oldEmail, say("Your {site} email was changed"), MailContent{
		Paragraphs: []string{
			say("Your {site} account now uses {email} instead of this address.", "email", u.Email),
			say("If you did not do this, ask an admin of your marketplace to help you at once."),
		},
	})
}

func (o *Outbox) verifyEmailMail(say speaker, u *User, link string) *Mail {
	return o.spokenMail(say, u, u.Email, say("Confirm your email for {site}"), MailContent{
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
func (o *Outbox) accountClaimedMail(say speaker, u *User, provider string) *Mail {
	return o.spokenMail(say, u, u.Email, say("Your {site} account is now signed in with {provider}", "provider", provider), MailContent{
		Paragraphs: []string{
			say("You signed in to {site} with {provider}, which confirmed that {email} is yours. The account with this email had never confirmed it, so it is now yours alone: every other device was signed out of it.",
				"provider", provider, "email", u.Email),
			say("Any password set on it before was removed. Sign in with {provider}, or set a new password on your Profile.", "provider", provider),
			say("If you did not sign in with {provider} just now, ask an admin of your marketplace to help you at once.", "provider", provider),
		},
	})
}
