package app

import (
	"context"
	"time"
)

// SellerProfile is what anyone who may browse sees of a seller, and what
// the sellers a buyer booked with see of the buyer: never how to reach
// them (no email, no phone).
type SellerProfile struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Image       string    `json:"image"`
	Verified    bool      `json:"verified"`
	MemberSince time.Time `json:"member_since"`
	// Sells says whether they are a Seller or ever listed something; a
	// buyer's page has no listings to show.
	Sells bool `json:"sells"`
	// Listings counts what is for sale now (Available or Reserved); Sold,
	// what sold; both are 0 while the seller is suspended, but to admins.
	Listings int `json:"listings"`
	Sold     int `json:"sold"`
	// Rating sums up the reviews others see of them.
	Rating Rating `json:"rating"`
	// NoShows counts the pickups they did not come to in the last 12
	// months; NoShowList lists them, newest first, with their answers.
	NoShows    int            `json:"no_shows"`
	NoShowList []NoShowRecord `json:"no_show_list"`
}

// SellingStore keeps who sells and what they sold.
type SellingStore interface {
	// StartSelling makes the Buyer id a Seller, by an update on condition
	// it is a Buyer, and records audit in the same transaction; an account
	// that is no Buyer is not found (so of racing calls exactly one
	// succeeds).
	StartSelling(ctx context.Context, id int64, audit *AuditEntry) error
	// SellerCounts counts the listings of a seller for sale now and sold.
	SellerCounts(ctx context.Context, id int64) (listings, sold int, err error)
	// BookedFrom says whether buyerID ever booked a listing of sellerID's,
	// whatever became of the booking.
	BookedFrom(ctx context.Context, sellerID, buyerID int64) (bool, error)
}

func sellsOrSold(u *User, listings, sold int) bool { return u.IsSeller() || listings+sold > 0 }
