package app

import "context"

// Profiles are people's own accounts and what others see of them: their
// details, becoming a seller, leaving the marketplace, and the seller
// cards and reviews shown to others.
type Profiles struct {
	users    UserStore
	accounts AccountStore
	selling  SellingStore
	reviews  ReviewStore
	safety   SafetyStore // who is suspended, which hides their listings

	images   *Images       // profile pictures
	site     *SiteSettings // whether visitors see sellers
	bookings *Bookings     // those a deleted account calls off; no-shows
	password currentPassword
}

// ProfilesDeps are what Profiles is built from.
type ProfilesDeps struct {
	Users    UserStore
	Accounts AccountStore
	Selling  SellingStore
	Reviews  ReviewStore
	Safety   SafetyStore
	Keys     ServerKeyStore // the key of device tokens, which the password asked before leaving honours
	Images   *Images
	Site     *SiteSettings
	Bookings *Bookings
	Hasher   PasswordHasher
	Limits   RateLimits // wrong passwords count as failed logins
}

func NewProfiles(d ProfilesDeps) *Profiles {
	return &Profiles{users: d.Users, accounts: d.Accounts, selling: d.Selling, reviews: d.Reviews, safety: d.Safety,
		images: d.Images, site: d.Site, bookings: d.Bookings,
		password: newCurrentPassword(d.Hasher, d.Limits, &deviceTokens{keys: d.Keys})}
}

// UpdateProfile changes actor's name, phone, location, picture or choice to
// show their phone, checked as at registration.
func (s *Profiles) UpdateProfile(ctx context.Context, actor *User, in ProfileInput) (*User, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	n := NewUser{Name: actor.Name, Email: actor.Email, Phone: actor.Phone, Location: actor.Location}
	image, showPhone, language := actor.Image, actor.ShowPhone, actor.Language
	if in.ShowPhone != nil {
		showPhone = *in.ShowPhone
	}
	if in.Language != nil {
		language = *in.Language
	}
	if in.Name != nil {
		n.Name = *in.Name
	}
	if in.Phone != nil {
		n.Phone = *in.Phone
	}
	if in.Location != nil {
		n.Location = *in.Location
	}
	if in.Image != nil {
		image = *in.Image
	}
	n.Normalize()
	v := &Validator{}
	n.validateProfile(v)
	v.Check(language == "" || language.Known(), "language", LanguageMessage)
	if image != actor.Image {
		if _, err := s.images.ownImage(ctx, actor, v, image, "image"); err != nil {
			return nil, err
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.accounts.UpdateProfile(ctx, actor.ID, Profile{
		Name: n.Name, Phone: n.Phone, Location: n.Location, Image: image, ShowPhone: showPhone, Language: language,
	})
}

// LeaveMarketplace deletes actor's own account by the rules of an admin's
// deletion (its listings and adverts go, bookings keep their snapshots, the
// last admin stays), after checking its password; an account made through
// Google that has none needs only its session. Every session of the
// account ends with it.
func (s *Profiles) LeaveMarketplace(ctx context.Context, actor *User, password, clientAddress, deviceToken string) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	_, hash, err := s.users.PasswordHash(ctx, actor.Email)
	if err != nil {
		return err
	}
	if len(hash) > 0 {
		if err := s.password.check(ctx, actor, hash, password, "password", clientAddress, deviceToken); err != nil {
			return err
		}
	}
	ending := s.bookings.endingBookings(ctx, 0, actor.ID)
	if err := s.users.DeleteUser(ctx, actor.ID, nil); err != nil {
		return err
	}
	s.bookings.accountEnded(ctx, ending, actor.ID)
	return nil
}

// StartSelling makes a signed-in Buyer's account a Seller's, so that one
// account buys and sells. A Seller's stays as it is; an admin's account
// cannot sell.
func (s *Profiles) StartSelling(ctx context.Context, actor *User) (*User, error) {
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
func (s *Profiles) SellerProfile(ctx context.Context, actor *User, id int64) (*SellerProfile, error) {
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

// personSeen finds the account whose profile and reviews actor asks for,
// with its counts of listings for sale and sold. A seller, and anyone who
// ever listed something, is seen by whoever may browse. Anyone else is a
// buyer, whose name is nobody's business but the sellers they booked with
// (whatever became of the booking), admins' and their own: to everybody
// else they are not found (missing), as an unknown account is. A block
// changes nothing here: it is silent, and a page that went missing would
// tell.
func (s *Profiles) personSeen(ctx context.Context, actor *User, id int64, missing string) (u *User, listings, sold int, err error) {
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

// Reviews lists the reviews others see of a person, to whoever sees their
// profile (personSeen).
func (s *Profiles) Reviews(ctx context.Context, actor *User, userID int64, page Page) (List[Review], error) {
	if _, _, _, err := s.personSeen(ctx, actor, userID, "User not found"); err != nil {
		return List[Review]{}, err
	}
	return s.reviews.ReviewsOf(ctx, userID, page.Clamp())
}

// NoShowsOf lists a person's no-shows that their profile shows.
func (s *Profiles) noShowsOf(ctx context.Context, userID int64) ([]NoShowRecord, error) {
	return s.bookings.bookings.NoShowsOf(ctx, userID, NoShowsCounted)
}

// RoleOf reports the account behind email for the role checks; an unknown
// email has no roles.
func (s *Profiles) RoleOf(ctx context.Context, actor *User, email string) (*User, error) {
	if err := Allow(actor, CanCheckRoles(actor, email)); err != nil {
		return nil, err
	}
	u, err := s.users.UserByEmail(ctx, NormalizeEmail(email))
	if ErrorKind(err) == KindNotFound {
		return &User{}, nil
	}
	return u, err
}
