package app

import (
	"context"
)

// Advertise puts the seller's available product on the home page.
func (s *Service) Advertise(ctx context.Context, actor *User, productID int64) (*Product, error) {
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
	if err := s.store.CreateAdvert(ctx, p.ID); err != nil {
		return nil, err
	}
	ShowContact(actor, p, false)
	return p, nil
}

// AdvertisedProducts is the home page's list: public, so it shows nobody's
// contact details (see MarkForViewer).
func (s *Service) AdvertisedProducts(ctx context.Context, page Page) (List[Product], error) {
	return s.store.AdvertisedProducts(ctx, page.Clamp())
}

// RemoveAdvert takes a product off the home page.
func (s *Service) RemoveAdvert(ctx context.Context, actor *User, productID int64) error {
	p, err := s.productFor(ctx, actor, productID, CanRemoveAdvert)
	if err != nil {
		return err
	}
	return s.store.DeleteAdvert(ctx, p.ID)
}

// AdvertStore keeps the products advertised on the home page. An advert is
// named by its product: a product has at most one.
type AdvertStore interface {
	// CreateAdvert advertises an available product; a sold or already
	// advertised one is a conflict.
	CreateAdvert(ctx context.Context, productID int64) error
	AdvertisedProducts(ctx context.Context, page Page) (List[Product], error)
	DeleteAdvert(ctx context.Context, productID int64) error
}
