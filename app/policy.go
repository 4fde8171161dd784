package app

// Who may do what. The server decides with these; the web app only mirrors
// them to hide buttons.

func CanCreateCategory(u *User) bool { return u.IsAdmin() }

func CanCreateProduct(u *User) bool { return u.IsSeller() }

func CanDeleteProduct(u *User, p *Product) bool {
	return u.IsAdmin() || (u.IsSeller() && u.ID == p.SellerID)
}

// CanListSellerProducts lets a seller see their own products, and admins anyone's.
func CanListSellerProducts(u *User, seller *User) bool {
	return u.IsAdmin() || (u != nil && u.ID == seller.ID)
}

// CanCheckRoles lets a user ask about their own roles; only admins may ask
// about others, so the role checks do not tell strangers who is an admin.
func CanCheckRoles(u *User, email string) bool {
	return u.IsAdmin() || (u != nil && u.Email == NormalizeEmail(email))
}
