package app

import "context"

// Report flags a listing for the admins.
func (s *Service) Report(ctx context.Context, actor *User, in ReportInput) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	v := &Validator{}
	in.Validate(v)
	if err := v.Err(); err != nil {
		return err
	}
	p, err := s.store.ProductByID(ctx, in.ProductID)
	if err != nil {
		return err
	}
	if !CanReport(actor, p) {
		return Errorf(KindForbidden, "You cannot report your own product")
	}
	return s.store.CreateReport(ctx, p.ID, actor.ID, in.Reason)
}

func (s *Service) ReportedProducts(ctx context.Context, actor *User, page Page) (List[ReportedProduct], error) {
	if err := Allow(actor, CanReviewReports(actor)); err != nil {
		return List[ReportedProduct]{}, err
	}
	return s.store.ReportedProducts(ctx, page.Clamp())
}

// DismissReport clears a product's reports, keeping the product listed.
func (s *Service) DismissReport(ctx context.Context, actor *User, id int64) error {
	if err := Allow(actor, CanReviewReports(actor)); err != nil {
		return err
	}
	return s.store.DismissReport(ctx, id)
}

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
	if p.Status != StatusAvailable {
		return nil, Errorf(KindConflict, "Only available products can be advertised")
	}
	if err := s.store.CreateAdvert(ctx, p.ID); err != nil {
		return nil, err
	}
	return p, nil
}

// AdvertisedProducts is the home page's list: public.
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

// productFor loads a product the actor may act on.
func (s *Service) productFor(ctx context.Context, actor *User, id int64, may func(*User, *Product) bool) (*Product, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	p, err := s.store.ProductByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := Allow(actor, may(actor, p)); err != nil {
		return nil, err
	}
	return p, nil
}
