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

// StartSelling makes a signed-in Buyer's account a Seller's, so that one
// account buys and sells. A Seller's stays as it is; an admin's account
// cannot sell.
func (s *Accounts) StartSelling(ctx context.Context, actor *User) (*User, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	if !CanStartSelling(actor) {
		return nil, Errorf(KindConflict, "An admin's account looks after the marketplace and cannot sell; use another account to sell")
	}
	if actor.IsSeller() {
		return actor, nil
	}
	audit := auditOf(actor, AuditStartSelling, AuditTargetUser, actor.ID, accountName(actor))
	err := s.selling.StartSelling(ctx, actor.ID, audit)
	if ErrorKind(err) == KindNotFound {
		// Someone else changed the account meanwhile: answer it as it is now.
		return s.users.UserByID(ctx, actor.ID)
	}
	if err != nil {
		return nil, err
	}
	return s.users.UserByID(ctx, actor.ID)
}

// SellerProfile shows a seller's card to whoever may browse, and a
// buyer's to the sellers they booked with (personSeen).
func (s *Accounts) SellerProfile(ctx context.Context, actor *User, id int64) (*SellerProfile, error) {
	u, listings, sold, err := s.personSeen(ctx, actor, id, "No seller with this id")
	if err != nil {
		return nil, err
	}
	rating, err := s.reviews.RatingOf(ctx, id)
	if err != nil {
		return nil, err
	}
	noShows, err := s.noShowsOf(ctx, id)
	if err != nil {
		return nil, err
	}
	sells := sellsOrSold(u, listings, sold)
	// A suspension hides the listings, sold ones included, and so their
	// numbers; what others said of the seller stays.
	suspended, err := suspendedFor(ctx, s.safety, actor, id)
	if err != nil {
		return nil, err
	}
	if suspended {
		listings, sold = 0, 0
	}
	return &SellerProfile{ID: u.ID, Name: u.Name, Image: u.Image, Verified: u.IsSeller() && u.Verified,
		MemberSince: u.Created, Sells: sells, Listings: listings, Sold: sold, Rating: rating,
		NoShows: len(noShows), NoShowList: noShows}, nil
}

func sellsOrSold(u *User, listings, sold int) bool { return u.IsSeller() || listings+sold > 0 }

// personSeen finds the account whose profile and reviews actor asks for,
// with its counts of listings for sale and sold. A seller, and anyone who
// ever listed something, is seen by whoever may browse. Anyone else is a
// buyer, whose name is nobody's business but the sellers they booked with
// (whatever became of the booking), admins' and their own: to everybody
// else they are not found (missing), as an unknown account is. A block
// changes nothing here: it is silent, and a page that went missing would
// tell.
func (s *Accounts) personSeen(ctx context.Context, actor *User, id int64, missing string) (u *User, listings, sold int, err error) {
	if err := s.site.requireViewer(ctx, actor); err != nil {
		return nil, 0, 0, err
	}
	notFound := &Error{Kind: KindNotFound, Message: missing}
	u, err = s.users.UserByID(ctx, id)
	if ErrorKind(err) == KindNotFound {
		return nil, 0, 0, notFound
	}
	if err != nil {
		return nil, 0, 0, err
	}
	listings, sold, err = s.selling.SellerCounts(ctx, id)
	if err != nil || sellsOrSold(u, listings, sold) {
		return u, listings, sold, err
	}
	if actor == nil {
		return nil, 0, 0, notFound
	}
	if actor.ID == id || actor.IsAdmin() {
		return u, listings, sold, nil
	}
	booked, err := s.selling.BookedFrom(ctx, actor.ID, id)
	if err != nil {
		return nil, 0, 0, err
	}
	if !booked {
		return nil, 0, 0, notFound
	}
	return u, listings, sold, nil
}
