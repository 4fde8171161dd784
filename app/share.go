package app

import (
	"context"
	"time"
)

// What a link to the marketplace shows where it is shared (a chat's
// preview, a search engine's result), read by no one signed in. A
// marketplace whose listings are not public shows only its own card: a
// listing, a category or a seller is not found for a shared link.

// SellerCard is what a shared link to a seller's page tells about them:
// their name and picture, never how to reach them.
type SellerCard struct {
	ID    int64
	Name  string
	Image string
}

// ListedProduct is a listing for sale as a sitemap names it.
type ListedProduct struct {
	ID     int64
	Listed time.Time
}

// ListingsForSaleStore pages through every listing for sale.
type ListingsForSaleStore interface {
	// ListingsForSale lists the listings for sale (Available or Reserved)
	// but those of the sellers in except, newest first, and counts them;
	// page.Limit may be larger than MaxPageLimit.
	ListingsForSale(ctx context.Context, page Page, except []int64) (List[ListedProduct], error)
}

func notShared(what string) error { return Errorf(KindNotFound, "%s not found", what) }

// SharedProduct is the listing a shared link points to, when listings are
// public and its seller is not suspended. What reaches the seller is left
// out.
func (s *Catalogue) SharedProduct(ctx context.Context, id int64) (*Product, error) {
	public, err := s.site.PublicListings(ctx)
	if err != nil {
		return nil, err
	}
	if !public {
		return nil, notShared("Product")
	}
	p, err := s.products.ProductByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.refuseSuspendedSeller(ctx, nil, p); err != nil {
		return nil, err
	}
	p.Contact, p.SellerEmail, p.SellerPhone = SellerContact{}, "", ""
	return p, nil
}

// SharedCategory is the category a shared link points to, when listings
// are public.
func (s *Catalogue) SharedCategory(ctx context.Context, name string) (*Category, error) {
	public, err := s.site.PublicListings(ctx)
	if err != nil {
		return nil, err
	}
	if !public {
		return nil, notShared("Category")
	}
	return s.categories.CategoryByName(ctx, name)
}

// SharedSeller is the seller a shared link points to, when listings are
// public; an account that does not sell is not found.
func (s *Catalogue) SharedSeller(ctx context.Context, id int64) (*SellerCard, error) {
	public, err := s.site.PublicListings(ctx)
	if err != nil {
		return nil, err
	}
	if !public {
		return nil, notShared("Seller")
	}
	u, err := s.users.UserByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if !u.IsSeller() {
		return nil, notShared("Seller")
	}
	return &SellerCard{ID: u.ID, Name: u.Name, Image: u.Image}, nil
}

// SharedListings is a page of the listings for sale, for a sitemap: none
// when listings are not public, and none of a seller suspended now. The
// store leaves those out, so that the pages of a long sitemap stay whole.
func (s *Catalogue) SharedListings(ctx context.Context, page Page) (List[ListedProduct], error) {
	public, err := s.site.PublicListings(ctx)
	if err != nil {
		return List[ListedProduct]{}, err
	}
	if !public {
		return List[ListedProduct]{Items: []ListedProduct{}}, nil
	}
	hidden, err := hiddenSellers(ctx, s.bookings.safety, nil)
	if err != nil {
		return List[ListedProduct]{}, err
	}
	return s.products.ListingsForSale(ctx, page, hidden)
}
