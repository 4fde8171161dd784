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

// CategoryChanges are an admin's changes to a category: the fields given
// (not nil) change. Image is the URL of a picture the admin uploaded.
type CategoryChanges struct {
	Name  *string
	Image *string
}

// EditCategory renames a category or changes its picture (admins only).
// Links to the former name keep leading to it (RenamedCategory).
func (s *Catalogue) EditCategory(ctx context.Context, actor *User, name string, changes CategoryChanges) (*Category, error) {
	if err := Allow(actor, CanEditCategory(actor)); err != nil {
		return nil, err
	}
	c, err := s.categories.CategoryByName(ctx, name)
	if err != nil {
		return nil, err
	}
	formerName := c.Name
	v := &Validator{}
	if changes.Name != nil {
		n := NewCategory{Name: *changes.Name}
		n.Validate(v)
		c.Name = n.Name
	}
	if changes.Image != nil {
		v.Required(*changes.Image, "image")
		if img, err := s.images.ownImage(ctx, actor, v, *changes.Image, "image"); err != nil {
			return nil, err
		} else if !v.Has("image") {
			c.Image, c.ThumbURL = img.URL, img.ThumbURL
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if !strings.EqualFold(c.Name, formerName) {
		if _, err := s.categories.CategoryByName(ctx, c.Name); err == nil {
			return nil, categoryTaken()
		} else if ErrorKind(err) != KindNotFound {
			return nil, err
		}
	}
	target := c.Name
	if c.Name != formerName {
		target = formerName + " → " + c.Name
	}
	if err := s.categories.UpdateCategory(ctx, c, formerName, auditOf(actor, AuditEditCategory, AuditTargetCategory, c.ID, target)); err != nil {
		if ErrorKind(err) == KindConflict && !v.Has("image") {
			return nil, categoryTaken()
		}
		return nil, err
	}
	return c, nil
}

// RenamedCategory is the name a category called name before is called
// now; not found when name is a category's name now, or never was one.
func (s *Catalogue) RenamedCategory(ctx context.Context, name string) (string, error) {
	if _, err := s.categories.CategoryByName(ctx, name); err == nil {
		return "", Errorf(KindNotFound, "Category not found")
	} else if ErrorKind(err) != KindNotFound {
		return "", err
	}
	c, err := s.categories.CategoryRenamedFrom(ctx, name)
	if err != nil {
		return "", err
	}
	return c.Name, nil
}

func categoryTaken() error {
	return &Error{Kind: KindConflict, Message: "A category with this name already exists",
		Fields: map[string]string{"name": "A category with this name already exists"}}
}
