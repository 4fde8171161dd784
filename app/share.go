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
