package app

import (
	"context"
)

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
