package app

import (
	"context"
	"sort"
	"strconv"
	"unicode/utf8"
)

// Site is what a community says about its own marketplace: its name, who
// runs it and its rules (texts in Markdown), and whether visitors who are
// not signed in may browse its listings.
type Site struct {
	Name           string `json:"name"`
	Tagline        string `json:"tagline"`
	About          string `json:"about"`
	Rules          string `json:"rules"`
	Privacy        string `json:"privacy"`
	Terms          string `json:"terms"`
	ContactEmail   string `json:"contact_email"`
	PublicListings bool   `json:"public_listings"`
	// Language is the marketplace's: of the app for those who chose none
	// and whose browser speaks none of Languages, and of its search. Empty
	// until an admin chooses, which reads as the server's --language.
	Language Language `json:"language"`
}

// DefaultSite is what a new marketplace says until an admin writes its own,
// in English; SiteSettings answers its texts in the marketplace's language
// (defaultTextsIn).
func DefaultSite() Site {
	return Site{
		Name:    "Rehome",
		Tagline: "Second-hand furniture and household goods, from neighbours.",
		About: "This marketplace is run by and for its local community: neighbours passing on " +
			"furniture, appliances and décor they no longer need.\n\n" +
			"*An admin should describe here who runs it and how to reach them (Site settings).*",
		Rules: "- Be kind and honest in listings and messages.\n" +
			"- List only things you own and can hand over.\n" +
			"- Meet in a safe place and keep your bookings.\n\n" +
			"*An admin should write this community's own rules (Site settings).*",
		Privacy: "This marketplace keeps your account's details to run it: your name, email, " +
			"phone and location go only to whom they must.\n\n" +
			"*An admin should write this community's privacy policy (Site settings).*",
		Terms: "By using this marketplace you agree to its rules.\n\n" +
			"*An admin should write this community's terms of use (Site settings).*",
	}
}

// Lengths of the site's texts, in characters.
const (
	MaxSiteNameRunes    = 60
	MaxSiteTaglineRunes = 140
	MaxSiteTextRunes    = 20000
)

// SitePatch is an admin's change to some of the site's settings; a nil
// field stays as it is.
type SitePatch struct {
	Name           *string   `json:"name"`
	Tagline        *string   `json:"tagline"`
	About          *string   `json:"about"`
	Rules          *string   `json:"rules"`
	Privacy        *string   `json:"privacy"`
	Terms          *string   `json:"terms"`
	ContactEmail   *string   `json:"contact_email"`
	PublicListings *bool     `json:"public_listings"`
	Language       *Language `json:"language"`
}

// apply changes site by the patch, checking each given field, and names
// the fields it changed.
func (p *SitePatch) apply(site *Site, v *Validator) (changed []string) {
	line := func(field string, value *string, into *string, max int, required bool) {
		if value == nil {
			return
		}
		s := CleanLine(*value)
		if required {
			v.Required(s, field)
		}
		v.Check(utf8.RuneCountInString(s) <= max, field, "Use at most "+strconv.Itoa(max)+" characters")
		if s != *into {
			*into = s
			changed = append(changed, field)
		}
	}
	text := func(field string, value *string, into *string) {
		if value == nil {
			return
		}
		s := CleanText(*value)
		v.Check(utf8.RuneCountInString(s) <= MaxSiteTextRunes, field, "Use at most "+strconv.Itoa(MaxSiteTextRunes)+" characters")
		if s != *into {
			*into = s
			changed = append(changed, field)
		}
	}
	line("name", p.Name, &site.Name, MaxSiteNameRunes, true)
	line("tagline", p.Tagline, &site.Tagline, MaxSiteTaglineRunes, false)
	text("about", p.About, &site.About)
	text("rules", p.Rules, &site.Rules)
	text("privacy", p.Privacy, &site.Privacy)
	text("terms", p.Terms, &site.Terms)
	if p.ContactEmail != nil {
		email := NormalizeEmail(*p.ContactEmail)
		v.Check(email == "" || ValidEmail(email), "contact_email", "Enter a valid email address")
		if email != site.ContactEmail {
			site.ContactEmail = email
			changed = append(changed, "contact_email")
		}
	}
	if p.PublicListings != nil && *p.PublicListings != site.PublicListings {
		site.PublicListings = *p.PublicListings
		changed = append(changed, "public_listings")
	}
	if p.Language != nil {
		v.Check(p.Language.Known(), "language", LanguageMessage)
		if *p.Language != site.Language {
			site.Language = *p.Language
			changed = append(changed, "language")
		}
	}
	sort.Strings(changed)
	return changed
}

// SiteStore keeps the site's settings.
type SiteStore interface {
	// Site answers the settings, DefaultSite's for those never saved. It is
	// read on many requests, so the store keeps it at hand.
	Site(ctx context.Context) (Site, error)
	// SaveSite stores every setting of site and records audit with it, in
	// one transaction: of racing calls the last to commit is stored whole.
	SaveSite(ctx context.Context, site Site, audit *AuditEntry) error
	// UseSearchLanguage stems the search index in l, rebuilding it in one
	// transaction when it holds another language; of racing calls the last
	// to commit wins. Kept searches are forgotten.
	UseSearchLanguage(ctx context.Context, l Language) error
	// SearchSynonyms answers the synonym groups, folded (CheckSynonyms).
	// It is read on every search with words.
	SearchSynonyms(ctx context.Context) ([][]string, error)
	// SaveSearchSynonyms replaces every group with groups and records audit
	// with them, in one transaction: of racing calls the last to commit is
	// kept whole.
	SaveSearchSynonyms(ctx context.Context, groups [][]string, audit *AuditEntry) error
}

// siteTexts are the settings that say things in words, which a marketplace
// has from DefaultSite until an admin writes its own.
func siteTexts(site *Site) []*string {
	return []*string{&site.Tagline, &site.About, &site.Rules, &site.Privacy, &site.Terms}
}
