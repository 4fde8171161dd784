package app

// Who may do what. The server decides with these; the web app only mirrors
// them to hide buttons.

func CanCreateCategory(u *User) bool { return u.IsAdmin() }

// CanEditCategory lets admins rename a category or change its picture.
func CanEditCategory(u *User) bool { return u.IsAdmin() }

// CanEditSite lets admins change the site's settings and texts.
func CanEditSite(u *User) bool { return u.IsAdmin() }

func CanReadAuditLog(u *User) bool { return u.IsAdmin() }

// CanWritePosts lets admins write, edit and delete the community's posts;
// anyone may read them.
func CanWritePosts(u *User) bool { return u.IsAdmin() }

func CanCreateProduct(u *User) bool { return u.IsSeller() }

// CanBrowse lets anyone signed in see the listings, categories' pages,
// searches and sellers' pages; visitors too when the site's admins made the
// listings public (Site.PublicListings).
func CanBrowse(u *User, publicListings bool) bool { return u != nil || publicListings }

// CanStartSelling lets a Buyer make their account a Seller's. A Seller
// already is one; an admin's account looks after the marketplace and stays
// an admin's.
func CanStartSelling(u *User) bool { return u != nil && !u.IsAdmin() }

func CanDeleteProduct(u *User, p *Product) bool {
	return u.IsAdmin() || (u.IsSeller() && u.ID == p.SellerID)
}

// CanEditProduct: whoever may delete a listing may change it.
func CanEditProduct(u *User, p *Product) bool { return CanDeleteProduct(u, p) }

// CanListSellerProducts lets a seller see their own products, and admins anyone's.
func CanListSellerProducts(u *User, seller *User) bool {
	return u.IsAdmin() || (u != nil && u.ID == seller.ID)
}

// CanCheckRoles lets a user ask about their own roles; only admins may ask
// about others, so the role checks do not tell strangers who is an admin.
func CanCheckRoles(u *User, email string) bool {
	return u.IsAdmin() || (u != nil && u.Email == NormalizeEmail(email))
}

// CanBook lets anyone signed in book, except a seller their own product.
func CanBook(u *User, p *Product) bool { return u != nil && u.ID != p.SellerID }

// CanSeeBookingsOf lets buyers see their own orders, and admins anyone's.
func CanSeeBookingsOf(u *User, buyer *User) bool {
	return u.IsAdmin() || (u != nil && u.ID == buyer.ID)
}

// CanSeeBooking lets both sides of a booking see it, and admins.
func CanSeeBooking(u *User, b *Booking) bool {
	return u.IsAdmin() || (u != nil && (u.ID == b.BuyerID || u.ID == b.SellerID))
}

func CanCancelBooking(u *User, b *Booking) bool {
	return u.IsAdmin() || (u != nil && u.ID == b.BuyerID)
}

// CanConfirmPayment lets the seller who was paid in person say so; admins
// may settle disputes.
func CanConfirmPayment(u *User, b *Booking) bool {
	return u.IsAdmin() || (u.IsSeller() && u.ID == b.SellerID)
}

func CanSeeOwnBuyers(u *User) bool { return u.IsSeller() }

// CanShowHandoverCode lets only the buyer see the code they show at the
// pickup: nobody else can complete a handover in their name.
func CanShowHandoverCode(u *User, b *Booking) bool { return u != nil && u.ID == b.BuyerID }

// CanHandOver lets only the seller enter the buyer's code.
func CanHandOver(u *User, b *Booking) bool { return u != nil && u.ID == b.SellerID }

// CanReviewAsBuyer and CanReviewAsSeller let each side of a booking review
// the other; nobody else, admins included, writes a review in their name.
func CanReviewAsBuyer(u *User, b *Booking) bool  { return u != nil && u.ID == b.BuyerID }
func CanReviewAsSeller(u *User, b *Booking) bool { return u != nil && u.ID == b.SellerID }

// CanHideReviews lets admins hide a review, with a reason.
func CanHideReviews(u *User) bool { return u.IsAdmin() }

// CanDeclineBooking lets the seller turn a booking down; admins may too.
func CanDeclineBooking(u *User, b *Booking) bool {
	return u.IsAdmin() || (u.IsSeller() && u.ID == b.SellerID)
}

// CanReport lets anyone signed in report a listing that is not their own.
func CanReport(u *User, p *Product) bool { return u != nil && u.ID != p.SellerID }

func CanReviewReports(u *User) bool { return u.IsAdmin() }

func CanAdvertise(u *User, p *Product) bool { return u.IsSeller() && u.ID == p.SellerID }

func CanRemoveAdvert(u *User, p *Product) bool {
	return u.IsAdmin() || (u.IsSeller() && u.ID == p.SellerID)
}

func CanManageUsers(u *User) bool { return u.IsAdmin() }

// CanMessageAbout lets anyone signed in ask the seller about a product,
// except the seller themselves.
func CanMessageAbout(u *User, p *Product) bool { return u != nil && u.ID != p.SellerID }

// CanMessageAboutBooking lets either side of a booking write to the other;
// not admins: conversations are private.
func CanMessageAboutBooking(u *User, b *Booking) bool {
	return u != nil && (u.ID == b.BuyerID || u.ID == b.SellerID)
}

// CanReadConversation lets only its two people read or write a
// conversation, admins included.
func CanReadConversation(u *User, c *Conversation) bool {
	return u != nil && (u.ID == c.BuyerID || u.ID == c.SellerID)
}

// CanAcceptPickup lets the side that did not propose a pickup time accept it.
func CanAcceptPickup(u *User, c *Conversation, m *Message) bool {
	return CanReadConversation(u, c) && u.ID != m.SenderID
}

// CanDeclinePickup lets the side that may accept a pickup time decline it.
func CanDeclinePickup(u *User, c *Conversation, m *Message) bool {
	return CanAcceptPickup(u, c, m)
}
