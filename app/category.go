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
}

// NewCategory is what an admin submits.
type NewCategory struct {
	Name string
}

func (n *NewCategory) Validate(v *Validator) {
	n.Name = strings.TrimSpace(n.Name)
	v.Required(n.Name, "name")
	v.Check(utf8.RuneCountInString(n.Name) <= 60, "name", "Use at most 60 characters")
	v.Check(!strings.ContainsAny(n.Name, "/?#%\\"), "name", "Use letters, numbers and spaces")
}

// CategoryStore keeps categories.
type CategoryStore interface {
	// CreateCategory fills in ID and Created; a name taken in any case is a conflict.
	CreateCategory(ctx context.Context, c *Category) error
	Categories(ctx context.Context) ([]Category, error)
	CategoryByName(ctx context.Context, name string) (*Category, error)
}
