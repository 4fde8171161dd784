package app

import (
	"context"
	"io"
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
}

func (s *Catalogue) Categories(ctx context.Context) ([]Category, error) {
	return s.categories.Categories(ctx)
}

// CreateCategory adds a category with its picture (admins only).
func (s *Catalogue) CreateCategory(ctx context.Context, actor *User, n NewCategory, image io.Reader) (*Category, error) {
	if err := Allow(actor, CanCreateCategory(actor)); err != nil {
		return nil, err
	}
	v := &Validator{}
	n.Validate(v)
	v.Check(image != nil, "image", RequiredMessage)
	if err := v.Err(); err != nil {
		return nil, err
	}
	// Look before storing the picture, so a taken name wastes no disk.
	if _, err := s.categories.CategoryByName(ctx, n.Name); err == nil {
		return nil, categoryTaken()
	} else if ErrorKind(err) != KindNotFound {
		return nil, err
	}
	img, err := s.images.UploadImage(ctx, actor, image)
	if err != nil {
		return nil, err
	}
	c := &Category{Name: n.Name, Image: img.URL, ThumbURL: img.ThumbURL}
	if err := s.categories.CreateCategory(ctx, c, auditOf(actor, AuditCreateCategory, AuditTargetCategory, 0, n.Name)); err != nil {
		if ErrorKind(err) == KindConflict {
			return nil, categoryTaken()
		}
		return nil, err
	}
	return c, nil
}

func categoryTaken() error {
	return &Error{Kind: KindConflict, Message: "A category with this name already exists",
		Fields: map[string]string{"name": "A category with this name already exists"}}
}
