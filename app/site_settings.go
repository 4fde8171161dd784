package app

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
)

// SiteSettings keeps the settings an admin makes for the whole site.
type SiteSettings struct {
	store SiteStore
	// language is the marketplace's until an admin chooses one.
	language  Language
	synonyms  synonymIndex
	translate Translator // nil: English
}

// SiteSettingsDeps are what SiteSettings is built from.
type SiteSettingsDeps struct {
	Site SiteStore
	// Translate lets the services write in people's languages; nil: they
	// write English.
	Translate Translator
	// Language is the marketplace's until an admin chooses one (the
	// server's --language); "": English.
	Language Language
}

func NewSiteSettings(d SiteSettingsDeps) *SiteSettings {
	language := d.Language
	if language == "" {
		language = English
	}
	return &SiteSettings{store: d.Site, language: language, translate: d.Translate}
}

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

// speakerFor answers a speaker in l.
func (s *SiteSettings) speakerFor(ctx context.Context, l Language) speaker {
	site := s.name(ctx)
	return func(english string, vars ...string) string {
		text := english
		if s.translate != nil {
			text = s.translate(l, english)
		}
		return fill(text, append(slices.Clip(vars), "site", site)...)
	}
}

// speakerTo answers a speaker in u's language.
func (s *SiteSettings) speakerTo(ctx context.Context, u *User) speaker {
	return s.speakerFor(ctx, s.languageOf(ctx, u))
}

// languageOf is the language to write to u in: the one they chose, else
// the marketplace's.
func (s *SiteSettings) languageOf(ctx context.Context, u *User) Language {
	if u != nil && u.Language.Known() {
		return u.Language
	}
	return s.Language(ctx)
}

// Synonyms answers the synonym groups (admins only).
func (s *SiteSettings) Synonyms(ctx context.Context, actor *User) ([][]string, error) {
	if err := Allow(actor, CanEditSite(actor)); err != nil {
		return nil, err
	}
	return s.store.SearchSynonyms(ctx)
}

// SetSynonyms replaces every synonym group (admins only), recording it in
// the audit log, and answers them as kept.
func (s *SiteSettings) SetSynonyms(ctx context.Context, actor *User, groups [][]string) ([][]string, error) {
	if err := Allow(actor, CanEditSite(actor)); err != nil {
		return nil, err
	}
	kept, err := CheckSynonyms(groups)
	if err != nil {
		return nil, err
	}
	audit := auditOf(actor, AuditUpdateSynonyms, AuditTargetSite, 0, strconv.Itoa(len(kept))+" groups")
	if err := s.store.SaveSearchSynonyms(ctx, kept, audit); err != nil {
		return nil, err
	}
	return kept, nil
}

// IndexSearch stems the search index in the marketplace's language, which
// rebuilds it when it holds another: the server does at start, as
// --language may have changed, and UpdateSite when an admin changes it.
func (s *SiteSettings) IndexSearch(ctx context.Context) error {
	site, err := s.Site(ctx)
	if err != nil {
		return err
	}
	return s.store.UseSearchLanguage(ctx, site.Language)
}

// synonymsFor are, for each of words, the other words of its group, or nil
// for a word in none; nil when no word has any. A store that cannot answer
// leaves the search without them rather than fail it.
func (s *SiteSettings) synonymsFor(ctx context.Context, words []string) [][]string {
	if len(words) == 0 {
		return nil
	}
	groups, err := s.store.SearchSynonyms(ctx)
	if err != nil || len(groups) == 0 {
		return nil
	}
	language := s.Language(ctx)
	index := s.synonyms.of(groups, language)
	var found [][]string
	for i, stem := range StemWords(language, words) {
		group, ok := index[stem]
		if !ok {
			continue
		}
		if found == nil {
			found = make([][]string, len(words))
		}
		for _, w := range group {
			if w != words[i] {
				found[i] = append(found[i], w)
			}
		}
	}
	return found
}
