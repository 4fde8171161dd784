package app

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// Category groups products; its name is unique ignoring case and appears in
// the category page's URL.
type Category struct {
	ID       int64     `json:"id"`
	Name     string    `json:"name"`
	Image    string    `json:"image"`
	ThumbURL string    `json:"thumb_url"`
	Created  time.Time `json:"time"`
	// Count is the category's listings for sale: Available and Reserved.
	Count int `json:"count"`
}

// NewCategory is what an admin submits.
type NewCategory struct {
	Name string
}

func (n *NewCategory) Validate(v *Validator) {
	n.Name = CleanLine(n.Name)
	v.Required(n.Name, "name")
	v.Check(utf8.RuneCountInString(n.Name) <= 60, "name", "Use at most 60 characters")
	v.Check(!strings.ContainsAny(n.Name, "/?#%\\"), "name", "Use letters, numbers and spaces")
}

// CategoryStore keeps categories.
type CategoryStore interface {
	// CreateCategory stores c and fills in ID and Created, and records
	// audit, when given, with the new category's ID, in one transaction.
	// A name taken in any case is a conflict (a unique index on the folded
	// name: of racing calls with one name exactly one succeeds); an image
	// the server never issued is a conflict (a foreign key).
	CreateCategory(ctx context.Context, c *Category, audit *AuditEntry) error
	// Categories lists every category by name, with its count of listings
	// for sale (kept by trigger as listings change).
	Categories(ctx context.Context) ([]Category, error)
	// CategoryByName finds a category by its name in any case; an unknown
	// one is not found.
	CategoryByName(ctx context.Context, name string) (*Category, error)
	// UpdateCategory stores c's name and picture, and records audit, when
	// given, in one transaction. When the name changes, the former one
	// (formerName) is kept as leading to c, so links to it still work; a
	// name taken in any case is a conflict; an image the server never
	// issued is a conflict. An unknown c.ID is not found.
	UpdateCategory(ctx context.Context, c *Category, formerName string, audit *AuditEntry) error
	// CategoryRenamedFrom finds the category that was once called name, in
	// any case; not found when none was.
	CategoryRenamedFrom(ctx context.Context, name string) (*Category, error)
}

// CategoryChanges are an admin's changes to a category: the fields given
// (not nil) change. Image is the URL of a picture the admin uploaded.
type CategoryChanges struct {
	Name  *string
	Image *string
}

func categoryTaken() error {
	return &Error{Kind: KindConflict, Message: "A category with this name already exists",
		Fields: map[string]string{"name": "A category with this name already exists"}}
}
