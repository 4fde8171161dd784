package app

import "context"

// Book reserves a product for the signed-in user. The price, product and
// buyer details are taken from the database, never from the request.
func (s *Service) Book(ctx context.Context, actor *User, in BookingInput) (*Booking, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	v := &Validator{}
	in.Validate(v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	p, err := s.store.ProductByID(ctx, in.ProductID)
	if err != nil {
		return nil, err
	}
	if !CanBook(actor, p) {
		return nil, Errorf(KindForbidden, "You cannot book your own product")
	}
	if p.Status != StatusAvailable {
		return nil, Errorf(KindConflict, "This product is already sold")
	}
	productID := p.ID
	b := &Booking{
		ProductID: &productID, Product: p.Name, Category: p.Category, Image: p.Image, ThumbURL: p.ThumbURL,
		Price: p.ResalePrice, Location: in.Location, BuyerID: actor.ID, BuyerName: actor.Name,
		BuyerEmail: actor.Email, BuyerPhone: in.BuyerPhone, SellerID: p.SellerID, Status: BookingBooked,
	}
	if err := s.store.CreateBooking(ctx, b); err != nil {
		return nil, err
	}
	return b, nil
}

// BuyerBookings lists the orders of the buyer behind email.
func (s *Service) BuyerBookings(ctx context.Context, actor *User, email string, page Page) (List[Booking], error) {
	buyer, err := s.accountFor(ctx, actor, email, CanSeeBookingsOf)
	if err != nil {
		return List[Booking]{}, err
	}
	return s.store.BuyerBookings(ctx, buyer.ID, page.Clamp())
}

// accountFor finds the account behind email for a caller whom may allows to
// see it. Callers who may not learn nothing about which emails exist.
func (s *Service) accountFor(ctx context.Context, actor *User, email string, may func(actor, account *User) bool) (*User, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	account, err := s.store.UserByEmail(ctx, NormalizeEmail(email))
	if ErrorKind(err) == KindNotFound && !actor.IsAdmin() {
		return nil, Allow(actor, false)
	}
	if err != nil {
		return nil, err
	}
	if err := Allow(actor, may(actor, account)); err != nil {
		return nil, err
	}
	return account, nil
}

// SellerBookings lists the bookings on the signed-in seller's products.
func (s *Service) SellerBookings(ctx context.Context, actor *User, page Page) (List[Booking], error) {
	if err := Allow(actor, CanSeeOwnBuyers(actor)); err != nil {
		return List[Booking]{}, err
	}
	return s.store.SellerBookings(ctx, actor.ID, page.Clamp())
}

// Booking shows one booking to either side of it.
func (s *Service) Booking(ctx context.Context, actor *User, id int64) (*Booking, error) {
	return s.bookingFor(ctx, actor, id, CanSeeBooking)
}

// CancelBooking calls off a booking that is not paid yet.
func (s *Service) CancelBooking(ctx context.Context, actor *User, id int64) (*Booking, error) {
	b, err := s.bookingFor(ctx, actor, id, CanCancelBooking)
	if err != nil {
		return nil, err
	}
	if err := s.store.CancelBooking(ctx, b.ID); err != nil {
		return nil, err
	}
	return s.store.BookingByID(ctx, id)
}

// ConfirmPayment records that the seller was paid: the product is sold.
func (s *Service) ConfirmPayment(ctx context.Context, actor *User, id int64) (*Booking, error) {
	b, err := s.bookingFor(ctx, actor, id, CanConfirmPayment)
	if err != nil {
		return nil, err
	}
	if err := s.store.MarkPaid(ctx, b.ID); err != nil {
		return nil, err
	}
	return s.store.BookingByID(ctx, id)
}

// bookingFor loads a booking the actor may act on.
func (s *Service) bookingFor(ctx context.Context, actor *User, id int64, may func(*User, *Booking) bool) (*Booking, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	b, err := s.store.BookingByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := Allow(actor, may(actor, b)); err != nil {
		return nil, err
	}
	return b, nil
}
