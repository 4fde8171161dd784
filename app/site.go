package app

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"
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

// SiteSettings keeps the settings an admin makes for the whole site.
type SiteSettings struct {
	store SiteStore
	// language is the marketplace's until an admin chooses one.
	language  Language
	synonyms  synonymIndex
	translate Translator // nil: English
}

func NewSiteSettings(store SiteStore) *SiteSettings {
	return &SiteSettings{store: store, language: English}
}

// UseLanguage makes l the marketplace's language until an admin chooses
// one (the server's --language); l must be Known.
func (s *SiteSettings) UseLanguage(l Language) { s.language = l }

// Site answers the site's settings; anyone may read them.
func (s *SiteSettings) Site(ctx context.Context) (Site, error) {
	site, err := s.store.Site(ctx)
	if err != nil {
		return Site{}, err
	}
	return s.withLanguage(site), nil
}

// withLanguage fills in the server's language where no admin chose one,
// and writes the texts no admin wrote in it.
func (s *SiteSettings) withLanguage(site Site) Site {
	if !site.Language.Known() {
		site.Language = s.language
	}
	return s.defaultTextsIn(site, site.Language)
}

// siteTexts are the settings that say things in words, which a marketplace
// has from DefaultSite until an admin writes its own.
func siteTexts(site *Site) []*string {
	return []*string{&site.Tagline, &site.About, &site.Rules, &site.Privacy, &site.Terms}
}

// defaultTextsIn writes each of site's texts that is DefaultSite's in l.
// A default is known as such in any language, since every setting is saved
// with any change (an English one, or one in the language the admin saw it
// in), so a marketplace that changes its language has them in the new one.
func (s *SiteSettings) defaultTextsIn(site Site, l Language) Site {
	if s.translate == nil {
		return site
	}
	defaults := DefaultSite()
	english := siteTexts(&defaults)
	for i, text := range siteTexts(&site) {
		if s.isDefaultText(*text, *english[i]) {
			*text = s.translate(l, *english[i])
		}
	}
	return site
}

// isDefaultText tells whether text is english, a default text, in one of
// the marketplace's languages.
func (s *SiteSettings) isDefaultText(text, english string) bool {
	for _, l := range Languages {
		if text == s.translate(l, english) {
			return true
		}
	}
	return false
}

// Language answers the marketplace's language; a store that cannot
// answer leaves it the server's.
func (s *SiteSettings) Language(ctx context.Context) Language {
	site, err := s.Site(ctx)
	if err != nil {
		return s.language
	}
	return site.Language
}

// PublicListings tells whether visitors who are not signed in may browse.
// A store that cannot answer keeps the listings to members, but a store
// out of reach is said (ErrUnreachable): a visitor, a crawler reading
// robots.txt or a sitemap, is told to come back, not that there is
// nothing to see.
func (s *SiteSettings) PublicListings(ctx context.Context) (bool, error) {
	site, err := s.store.Site(ctx)
	if errors.Is(err, ErrUnreachable) {
		return false, err
	}
	return err == nil && site.PublicListings, nil
}

// UpdateSite changes the settings the patch names (admins only), recording
// which in the audit log.
func (s *SiteSettings) UpdateSite(ctx context.Context, actor *User, patch SitePatch) (Site, error) {
	if err := Allow(actor, CanEditSite(actor)); err != nil {
		return Site{}, err
	}
	site, err := s.store.Site(ctx)
	if err != nil {
		return Site{}, err
	}
	// The texts as the admin saw them: a default sent back as shown is no
	// change. The language stays unchosen until the admin chooses one.
	site = s.defaultTextsIn(site, s.withLanguage(site).Language)
	v := &Validator{}
	changed := patch.apply(&site, v)
	if err := v.Err(); err != nil {
		return Site{}, err
	}
	if len(changed) == 0 {
		return s.withLanguage(site), nil
	}
	audit := auditOf(actor, AuditUpdateSite, AuditTargetSite, 0, strings.Join(changed, ", "))
	if err := s.store.SaveSite(ctx, site, audit); err != nil {
		return Site{}, err
	}
	site = s.withLanguage(site)
	if slices.Contains(changed, "language") {
		// Saved already: a failed rebuild is tried again at the next start.
		if err := s.store.UseSearchLanguage(ctx, site.Language); err != nil {
			return Site{}, err
		}
	}
	return site, nil
}

// requireViewer refuses a visitor who is not signed in, unless the site's
// listings are public: the one rule of every page that shows listings.
func (s *SiteSettings) requireViewer(ctx context.Context, actor *User) error {
	public := false
	if actor == nil {
		var err error
		if public, err = s.PublicListings(ctx); err != nil {
			return err
		}
	}
	if CanBrowse(actor, public) {
		return nil
	}
	return RequireUser(actor)
}

// publicListings is PublicListings, but a store that cannot be reached
// is an error: the visitor is told to try again in a moment, not to log
// in, nor that what a shared link points to does not exist.
// name is the marketplace's name for a mail about to be sent; a store
// that cannot answer gets the default one rather than no mail.
func (s *SiteSettings) name(ctx context.Context) string {
	if site, err := s.Site(ctx); err == nil && site.Name != "" {
		return site.Name
	}
	return DefaultSite().Name
}
