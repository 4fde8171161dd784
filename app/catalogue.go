package app

import (
	"context"
	"io"
	"strconv"
)

// UploadImage takes a picture from a signed-in user for later use in a
// product or category.
func (s *Service) UploadImage(ctx context.Context, actor *User, r io.Reader) (*Image, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	key, now := strconv.FormatInt(actor.ID, 10), s.now()
	if wait := s.uploads.RetryAfter(key, now); wait > 0 {
		return nil, rateLimited("Too many uploads. Try again later.", wait)
	}
	s.uploads.Record(key, now)
	img, err := s.intake.Save(ctx, r)
	if err != nil {
		return nil, asFieldError(err, "image")
	}
	if err := s.store.RecordImage(ctx, img, actor.ID); err != nil {
		return nil, err
	}
	return img, nil
}

// ownImage makes sure url names an image this server stored for actor, so
// nobody can list a product with somebody else's photo.
func (s *Service) ownImage(ctx context.Context, actor *User, v *Validator, url, field string) (*Image, error) {
	if v.Has(field) {
		return nil, nil
	}
	img, err := s.store.ImageByURL(ctx, url)
	if err != nil && ErrorKind(err) != KindNotFound {
		return nil, err
	}
	v.Check(err == nil && img.UploaderID == actor.ID, field, "Upload the image first")
	return img, nil
}

// CatalogueVersion tells whether the public lists may have changed: while it
// stays the same, Categories and AdvertisedProducts answer the same.
func (s *Service) CatalogueVersion() uint64 { return s.store.CatalogueVersion() }

func (s *Service) Categories(ctx context.Context) ([]Category, error) {
	return s.store.Categories(ctx)
}

// CreateCategory adds a category with its picture (admins only).
func (s *Service) CreateCategory(ctx context.Context, actor *User, n NewCategory, image io.Reader) (*Category, error) {
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
	if _, err := s.store.CategoryByName(ctx, n.Name); err == nil {
		return nil, categoryTaken()
	} else if ErrorKind(err) != KindNotFound {
		return nil, err
	}
	img, err := s.UploadImage(ctx, actor, image)
	if err != nil {
		return nil, err
	}
	c := &Category{Name: n.Name, Image: img.URL, ThumbURL: img.ThumbURL}
	if err := s.store.CreateCategory(ctx, c); err != nil {
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

// CreateProduct lists a product for the signed-in seller.
func (s *Service) CreateProduct(ctx context.Context, actor *User, in ProductInput) (*Product, error) {
	if err := Allow(actor, CanCreateProduct(actor)); err != nil {
		return nil, err
	}
	p, v := in.toProduct(actor, s.now())
	if !v.Has("category") {
		c, err := s.store.CategoryByName(ctx, p.Category)
		switch ErrorKind(err) {
		case KindNotFound:
			v.Check(false, "category", "Choose one of the categories")
		case KindInternal:
			return nil, err
		default:
			p.CategoryID = c.ID
		}
	}
	img, err := s.ownImage(ctx, actor, v, p.Image, "image")
	if err != nil {
		return nil, err
	}
	if img != nil {
		p.ThumbURL = img.ThumbURL
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.store.CreateProduct(ctx, p); err != nil {
		return nil, err
	}
	return s.store.ProductByID(ctx, p.ID)
}

// CategoryProducts lists a category's products for a signed-in user.
func (s *Service) CategoryProducts(ctx context.Context, actor *User, name string, page Page) (List[Product], error) {
	if err := RequireUser(actor); err != nil {
		return List[Product]{}, err
	}
	c, err := s.store.CategoryByName(ctx, name)
	if err != nil {
		return List[Product]{}, err
	}
	return s.store.CategoryProducts(ctx, c, page.Clamp())
}

// Product shows one product to a signed-in user.
func (s *Service) Product(ctx context.Context, actor *User, id int64) (*Product, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	return s.store.ProductByID(ctx, id)
}

// SellerProducts lists every product of the seller behind email, whatever
// its status: for that seller and for admins.
func (s *Service) SellerProducts(ctx context.Context, actor *User, email string, page Page) (List[Product], error) {
	seller, err := s.accountFor(ctx, actor, email, CanListSellerProducts)
	if err != nil {
		return List[Product]{}, err
	}
	return s.store.SellerProducts(ctx, seller.ID, page.Clamp())
}

// DeleteProduct removes a listing: its seller's or any, for admins.
func (s *Service) DeleteProduct(ctx context.Context, actor *User, id int64) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	p, err := s.store.ProductByID(ctx, id)
	if err != nil {
		return err
	}
	if err := Allow(actor, CanDeleteProduct(actor, p)); err != nil {
		return err
	}
	return s.store.DeleteProduct(ctx, id)
}
