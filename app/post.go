package app

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Post is a piece of the community's news, written by an admin in Markdown.
// Its slug, made from its first title, is its address at /blogs/{slug};
// like Ghost and Discourse, it stays when the title is edited, so links
// already shared keep working.
type Post struct {
	ID      int64      `json:"id"`
	Slug    string     `json:"slug"`
	Title   string     `json:"title"`
	Body    string     `json:"body"`
	Author  PostAuthor `json:"author"`
	Created time.Time  `json:"created"`
	Updated time.Time  `json:"updated"`
}

// PostAuthor names who wrote a post, never how to reach them. ID is nil
// once their account is gone; the name stays.
type PostAuthor struct {
	ID   *int64 `json:"id"`
	Name string `json:"name"`
}

// Lengths of a post, in characters.
const (
	MaxPostTitleRunes = 120
	MaxPostBodyRunes  = 20000
	// A slug is cut to this many characters before any "-2".
	maxSlugRunes = 80
)

// PostPatch is an admin's post, new or changed: a new post needs both
// fields, a change any of them (nil stays as it is).
type PostPatch struct {
	Title *string `json:"title"`
	Body  *string `json:"body"`
}

// apply checks the patch's fields and sets them on p, naming whether
// anything changed.
func (patch *PostPatch) apply(p *Post, v *Validator) (changed bool) {
	if patch.Title != nil {
		title := CleanLine(*patch.Title)
		v.Required(title, "title")
		v.Check(utf8.RuneCountInString(title) <= MaxPostTitleRunes, "title",
			"Use at most "+strconv.Itoa(MaxPostTitleRunes)+" characters")
		changed = changed || title != p.Title
		p.Title = title
	}
	if patch.Body != nil {
		body := CleanText(*patch.Body)
		v.Required(body, "body")
		v.Check(utf8.RuneCountInString(body) <= MaxPostBodyRunes, "body",
			"Use at most "+strconv.Itoa(MaxPostBodyRunes)+" characters")
		changed = changed || body != p.Body
		p.Body = body
	}
	return changed
}

// Slug makes a post's address from its title: lower-case ASCII letters and
// digits, accents folded, words joined by '-' ("Swap day, 14 June!" is
// "swap-day-14-june"). A title with nothing of that sort gives "post".
func Slug(title string) string {
	var words []string
	var word strings.Builder
	flush := func() {
		if word.Len() > 0 {
			words = append(words, word.String())
			word.Reset()
		}
	}
	for _, r := range Fold(title) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			word.WriteRune(r)
		case slugLetters[r] != "":
			word.WriteString(slugLetters[r])
		case r == '\'' || r == '’':
			// "Don't" is one word, not "don-t".
		default:
			flush()
		}
	}
	flush()
	slug := ""
	for _, w := range words {
		if slug != "" && len(slug)+1+len(w) > maxSlugRunes {
			break
		}
		if slug != "" {
			slug += "-"
		}
		slug += w
	}
	if len(slug) > maxSlugRunes {
		slug = slug[:maxSlugRunes]
	}
	if slug == "" || reservedSlugs[slug] {
		// "new" is the web app's address of the editor.
		if slug == "" {
			return "post"
		}
		return slug + "-post"
	}
	return slug
}

// slugLetters are letters that decomposing does not split into a base
// letter and an accent.
var slugLetters = map[rune]string{
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'ł': "l", 'đ': "d", 'ð': "d", 'þ': "th", 'ı': "i",
}

// reservedSlugs are addresses under /blogs that are not posts.
var reservedSlugs = map[string]bool{"new": true}

// PostStore keeps the posts.
type PostStore interface {
	// CreatePost stores p under p.Slug, or the first of p.Slug-2, -3, ...
	// that no other post has, and records audit with the new post's ID, in
	// one transaction; it fills in ID, Slug, Created and Updated. Slugs are
	// unique (a unique index); racing calls with one slug all succeed, each
	// under a slug of its own, the store picking again when another took
	// the one it chose.
	CreatePost(ctx context.Context, p *Post, audit *AuditEntry) error
	// Posts lists the posts, newest first, and how many there are.
	Posts(ctx context.Context, page Page) (List[Post], error)
	// PostBySlug and PostByID find a post; an unknown one is not found.
	PostBySlug(ctx context.Context, slug string) (*Post, error)
	PostByID(ctx context.Context, id int64) (*Post, error)
	// UpdatePost saves p's title and body, setting Updated, and records
	// audit, in one transaction; of racing calls the last to commit is
	// stored whole. An unknown post is not found.
	UpdatePost(ctx context.Context, p *Post, audit *AuditEntry) error
	// DeletePost deletes a post and records audit, in one transaction; an
	// unknown post is not found.
	DeletePost(ctx context.Context, id int64, audit *AuditEntry) error
}
