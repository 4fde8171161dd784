package app

import (
	"context"
)

// Advertise puts the seller's available product on the home page.
func (s *Catalogue) Advertise(ctx context.Context, actor *User, productID int64) (*Product, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	v := &Validator{}
	v.Check(productID > 0, "product_id", RequiredMessage)
	if err := v.Err(); err != nil {
		return nil, err
	}
	p, err := s.productFor(ctx, actor, productID, CanAdvertise)
	if err != nil {
		return nil, err
	}
	if p.Status == StatusSold {
		return nil, Errorf(KindConflict, "Only available products can be advertised")
	}
	if err := s.adverts.CreateAdvert(ctx, p.ID); err != nil {
		return nil, err
	}
	ShowContact(actor, p, false)
	return p, nil
}

// AdvertisedProducts is the home page's list: public, so it shows nobody's
// contact details (see MarkForViewer).
func (s *Catalogue) AdvertisedProducts(ctx context.Context, page Page) (List[Product], error) {
	list, err := s.adverts.AdvertisedProducts(ctx, page.Clamp())
	if err != nil {
		return list, err
	}
	list.Items, err = s.withoutHidden(ctx, nil, list.Items)
	return list, err
}

// RemoveAdvert takes a product off the home page.
func (s *Catalogue) RemoveAdvert(ctx context.Context, actor *User, productID int64) error {
	p, err := s.productFor(ctx, actor, productID, CanRemoveAdvert)
	if err != nil {
		return err
	}
	return s.adverts.DeleteAdvert(ctx, p.ID)
}

// AdvertStore keeps the products advertised on the home page. An advert is
// named by its product: a product has at most one.
type AdvertStore interface {
	// CreateAdvert advertises a product that is Available, in one
	// transaction that holds the product's row while it checks, so a sale
	// racing it either comes first (the advert is a conflict) or takes the
	// advert off with it. A sold product is a conflict, an unknown one not
	// found, and one advertised already a conflict (a unique constraint:
	// of racing calls exactly one succeeds).
	CreateAdvert(ctx context.Context, productID int64) error
	// AdvertisedProducts lists the advertised products still Available,
	// newest advert first, and how many there are.
	AdvertisedProducts(ctx context.Context, page Page) (List[Product], error)
	// DeleteAdvert takes a product's advert off; a product not advertised
	// is not found.
	DeleteAdvert(ctx context.Context, productID int64) error
}
