package app

import (
	"context"
	"encoding/binary"
	"hash/fnv"
	"io"
	"slices"
	"strings"
	"time"
)

// Catalogue is what is on offer: categories, products and their adverts,
// searching them, and the pages shared beyond the marketplace.
type Catalogue struct {
	categories CategoryStore
	products   ProductStore
	adverts    AdvertStore
	search     SearchStore
	users      UserStore // sellers' pages and lists
	images     *Images
	site       *SiteSettings // whether visitors may browse
	bookings   *Bookings     // those a deleted product calls off
	now        func() time.Time
}

// CatalogueDeps are what Catalogue is built from.
type CatalogueDeps struct {
	Categories CategoryStore
	Products   ProductStore
	Adverts    AdvertStore
	Search     SearchStore
	Users      UserStore
	Images     *Images
	Site       *SiteSettings
	Bookings   *Bookings
}

func NewCatalogue(d CatalogueDeps) *Catalogue {
	return &Catalogue{categories: d.Categories, products: d.Products, adverts: d.Adverts, search: d.Search, users: d.Users,
		images: d.Images, site: d.Site, bookings: d.Bookings, now: utcNow}
}

// productFor loads a product the actor may act on.
func (s *Catalogue) productFor(ctx context.Context, actor *User, id int64, may func(*User, *Product) bool) (*Product, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	p, err := s.products.ProductByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := Allow(actor, may(actor, p)); err != nil {
		return nil, err
	}
	return p, nil
}

// CreateProduct lists a product for the signed-in seller.
func (s *Catalogue) CreateProduct(ctx context.Context, actor *User, in ProductInput) (*Product, error) {
	if err := Allow(actor, CanCreateProduct(actor)); err != nil {
		return nil, err
	}
	p, v := in.toProduct(actor.ID, s.now())
	if err := s.checkListing(ctx, actor, v, p, in.imageField(), nil); err != nil {
		return nil, err
	}
	if err := s.products.CreateProduct(ctx, p); err != nil {
		return nil, err
	}
	created, err := s.products.ProductByID(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	ShowContact(actor, created, false)
	return created, nil
}

// checkListing finds the product's category and photos, and returns the
// validation's error, if any. A photo may be one the actor uploaded, or one
// the listing had already.
func (s *Catalogue) checkListing(ctx context.Context, actor *User, v *Validator, p *Product, imageField string, had *Product) error {
	if !v.Has("category") {
		c, err := s.categories.CategoryByName(ctx, p.Category)
		switch ErrorKind(err) {
		case KindNotFound:
			v.Check(false, "category", "Choose one of the categories")
		case KindInternal:
			return err
		default:
			p.CategoryID = c.ID
		}
	}
	if !v.Has(imageField) {
		p.Thumbs = make([]string, 0, len(p.Images))
		for _, url := range p.Images {
			if had != nil {
				if i := slices.Index(had.Images, url); i >= 0 && i < len(had.Thumbs) {
					p.Thumbs = append(p.Thumbs, had.Thumbs[i])
					continue
				}
			}
			img, err := s.images.ownImage(ctx, actor, v, url, imageField)
			if err != nil {
				return err
			}
			if v.Has(imageField) {
				break
			}
			p.Thumbs = append(p.Thumbs, img.ThumbURL)
		}
		if !v.Has(imageField) {
			p.Image, p.ThumbURL = p.Images[0], p.Thumbs[0]
		}
	}
	return v.Err()
}

// EditProduct changes a listing: its seller's, or any, for admins. A sold
// one stays as it sold. Bookings keep what was booked as it was then.
func (s *Catalogue) EditProduct(ctx context.Context, actor *User, id int64, changes ProductChanges) (*Product, error) {
	old, err := s.productFor(ctx, actor, id, CanEditProduct)
	if err != nil {
		return nil, err
	}
	if old.Status == StatusSold {
		return nil, Errorf(KindConflict, "A sold product cannot be edited")
	}
	in, err := changes.applyTo(old)
	if err != nil {
		return nil, err
	}
	p, v := in.toProduct(old.SellerID, s.now())
	if err := s.checkListing(ctx, actor, v, p, in.imageField(), old); err != nil {
		return nil, err
	}
	p.ID = old.ID
	if err := s.products.UpdateProduct(ctx, p); err != nil {
		return nil, err
	}
	return s.Product(ctx, actor, id)
}

// CategoryProducts lists a category's products for whoever may browse.
func (s *Catalogue) CategoryProducts(ctx context.Context, actor *User, name string, page Page) (List[Product], error) {
	if err := s.site.requireViewer(ctx, actor); err != nil {
		return List[Product]{}, err
	}
	c, err := s.categories.CategoryByName(ctx, name)
	if err != nil {
		return List[Product]{}, err
	}
	list, err := s.products.CategoryProducts(ctx, c, page.Clamp())
	if err != nil {
		return list, err
	}
	if list.Items, err = s.withoutHidden(ctx, actor, list.Items); err != nil {
		return list, err
	}
	_, err = s.MarkForViewer(ctx, actor, list.Items)
	return list, err
}

// Product shows one product to whoever may browse.
func (s *Catalogue) Product(ctx context.Context, actor *User, id int64) (*Product, error) {
	if err := s.site.requireViewer(ctx, actor); err != nil {
		return nil, err
	}
	p, err := s.products.ProductByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.refuseSuspendedSeller(ctx, actor, p); err != nil {
		return nil, err
	}
	rating, err := s.bookings.reviews.RatingOf(ctx, p.SellerID)
	if err != nil {
		return nil, err
	}
	p.SellerRating = &rating
	one := []Product{*p}
	_, err = s.MarkForViewer(ctx, actor, one)
	return &one[0], err
}

// MarkForViewer fills in what the products in list show the viewer
// alone: MyBookingID of those they booked, and the seller's contact
// details they may see (ShowContact). It says whether it filled in any,
// so that a list kept for everyone is answered as it is otherwise.
func (s *Catalogue) MarkForViewer(ctx context.Context, viewer *User, list []Product) (bool, error) {
	if viewer == nil || len(list) == 0 {
		return false, nil
	}
	ids := make([]int64, len(list))
	for i := range list {
		ids[i] = list[i].ID
	}
	mine, err := s.products.MyBookings(ctx, viewer.ID, ids)
	if err != nil {
		return false, err
	}
	marked := false
	for i := range list {
		p := &list[i]
		booking, booked := mine[p.ID]
		if booked {
			p.MyBookingID = &booking.ID
			marked = true
		}
		sharesPhone := booked && booking.SharesPhone()
		if sharesPhone || mayShowContact(viewer, p) {
			ShowContact(viewer, p, sharesPhone)
			marked = marked || p.SellerEmail != "" || p.SellerPhone != ""
		}
	}
	return marked, nil
}

// SellerProducts lists every product of the seller behind email, whatever
// its status: for that seller and for admins.
func (s *Catalogue) SellerProducts(ctx context.Context, actor *User, email string, page Page) (List[Product], error) {
	seller, err := accountFor(ctx, s.users, actor, email, CanListSellerProducts)
	if err != nil {
		return List[Product]{}, err
	}
	list, err := s.products.SellerProducts(ctx, seller.ID, page.Clamp())
	if err != nil {
		return list, err
	}
	_, err = s.MarkForViewer(ctx, actor, list.Items)
	return list, err
}

// DeleteProduct removes a listing: its seller's or any, for admins.
func (s *Catalogue) DeleteProduct(ctx context.Context, actor *User, id int64) error {
	p, err := s.productFor(ctx, actor, id, CanDeleteProduct)
	if err != nil {
		return err
	}
	ending := s.bookings.endingBookings(ctx, p.ID, 0)
	if err := s.products.DeleteProduct(ctx, p.ID); err != nil {
		return err
	}
	s.bookings.bookingsEnded(ending)
	return nil
}

// Advertise puts the seller's available product on the home page.
func (s *Catalogue) Advertise(ctx context.Context, actor *User, productID int64) (*Product, error) {
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
	if p.Status == StatusSold {
		return nil, Errorf(KindConflict, "Only available products can be advertised")
	}
	if err := s.adverts.CreateAdvert(ctx, p.ID); err != nil {
		return nil, err
	}
	ShowContact(actor, p, false)
	return p, nil
}

// AdvertisedProducts is the home page's list: public, so it shows nobody's
// contact details (see MarkForViewer).
func (s *Catalogue) AdvertisedProducts(ctx context.Context, page Page) (List[Product], error) {
	list, err := s.adverts.AdvertisedProducts(ctx, page.Clamp())
	if err != nil {
		return list, err
	}
	list.Items, err = s.withoutHidden(ctx, nil, list.Items)
	return list, err
}

// RemoveAdvert takes a product off the home page.
func (s *Catalogue) RemoveAdvert(ctx context.Context, actor *User, productID int64) error {
	p, err := s.productFor(ctx, actor, productID, CanRemoveAdvert)
	if err != nil {
		return err
	}
	return s.adverts.DeleteAdvert(ctx, p.ID)
}

func (s *Catalogue) Categories(ctx context.Context) ([]Category, error) {
	return s.categories.Categories(ctx)
}

// CreateCategory adds a category with its picture (admins only).
func (s *Catalogue) CreateCategory(ctx context.Context, actor *User, n NewCategory, image io.Reader) (*Category, error) {
	if err := Allow(actor, CanCreateCategory(actor)); err != nil {
		return nil, err
	}
	v := &Validator{}
	n.Validate(v)
	v.Check(image != nil, "image", RequiredMessage)
	if err := v.Err(); err != nil {
		return nil, err
	}
	// Look before storing the picture, so a taken name wastes no disk.
	if _, err := s.categories.CategoryByName(ctx, n.Name); err == nil {
		return nil, categoryTaken()
	} else if ErrorKind(err) != KindNotFound {
		return nil, err
	}
	img, err := s.images.UploadImage(ctx, actor, image)
	if err != nil {
		return nil, err
	}
	c := &Category{Name: n.Name, Image: img.URL, ThumbURL: img.ThumbURL}
	if err := s.categories.CreateCategory(ctx, c, auditOf(actor, AuditCreateCategory, AuditTargetCategory, 0, n.Name)); err != nil {
		if ErrorKind(err) == KindConflict {
			return nil, categoryTaken()
		}
		return nil, err
	}
	return c, nil
}

// EditCategory renames a category or changes its picture (admins only).
// Links to the former name keep leading to it (RenamedCategory).
func (s *Catalogue) EditCategory(ctx context.Context, actor *User, name string, changes CategoryChanges) (*Category, error) {
	if err := Allow(actor, CanEditCategory(actor)); err != nil {
		return nil, err
	}
	c, err := s.categories.CategoryByName(ctx, name)
	if err != nil {
		return nil, err
	}
	formerName := c.Name
	v := &Validator{}
	if changes.Name != nil {
		n := NewCategory{Name: *changes.Name}
		n.Validate(v)
		c.Name = n.Name
	}
	if changes.Image != nil {
		v.Required(*changes.Image, "image")
		if img, err := s.images.ownImage(ctx, actor, v, *changes.Image, "image"); err != nil {
			return nil, err
		} else if !v.Has("image") {
			c.Image, c.ThumbURL = img.URL, img.ThumbURL
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if !strings.EqualFold(c.Name, formerName) {
		if _, err := s.categories.CategoryByName(ctx, c.Name); err == nil {
			return nil, categoryTaken()
		} else if ErrorKind(err) != KindNotFound {
			return nil, err
		}
	}
	target := c.Name
	if c.Name != formerName {
		target = formerName + " → " + c.Name
	}
	if err := s.categories.UpdateCategory(ctx, c, formerName, auditOf(actor, AuditEditCategory, AuditTargetCategory, c.ID, target)); err != nil {
		if ErrorKind(err) == KindConflict && !v.Has("image") {
			return nil, categoryTaken()
		}
		return nil, err
	}
	return c, nil
}

// RenamedCategory is the name a category called name before is called
// now; not found when name is a category's name now, or never was one.
func (s *Catalogue) RenamedCategory(ctx context.Context, name string) (string, error) {
	if _, err := s.categories.CategoryByName(ctx, name); err == nil {
		return "", Errorf(KindNotFound, "Category not found")
	} else if ErrorKind(err) != KindNotFound {
		return "", err
	}
	c, err := s.categories.CategoryRenamedFrom(ctx, name)
	if err != nil {
		return "", err
	}
	return c.Name, nil
}

// WithoutBlocked drops from a list kept for everyone the listings of the
// sellers viewer blocked, and says whether it dropped any.
func (s *Catalogue) WithoutBlocked(ctx context.Context, viewer *User, list []Product) ([]Product, bool, error) {
	if viewer == nil {
		return list, false, nil
	}
	blocked, err := s.bookings.safety.BlockedBy(ctx, viewer.ID)
	if err != nil {
		return list, false, err
	}
	kept := withoutSellers(list, blocked)
	return kept, len(kept) != len(list), nil
}

// withoutHidden drops the listings viewer does not see (hiddenSellers).
func (s *Catalogue) withoutHidden(ctx context.Context, viewer *User, list []Product) ([]Product, error) {
	hidden, err := hiddenSellers(ctx, s.bookings.safety, viewer)
	if err != nil {
		return list, err
	}
	return withoutSellers(list, hidden), nil
}

// SuspendedVersion changes whenever the accounts suspended now do, a
// suspension's end included, which no write marks: the lists kept for
// everyone without them are kept under it as well as under the
// catalogue's version.
func (s *Catalogue) SuspendedVersion(ctx context.Context) (uint64, error) {
	suspended, err := s.bookings.safety.SuspendedUsers(ctx)
	if err != nil {
		return 0, err
	}
	h := fnv.New64a()
	for _, id := range suspended {
		_ = binary.Write(h, binary.BigEndian, id)
	}
	return h.Sum64(), nil
}

// refuseSuspendedSeller hides the listing of a suspended seller from all
// but admins.
func (s *Catalogue) refuseSuspendedSeller(ctx context.Context, viewer *User, p *Product) error {
	hidden, err := suspendedFor(ctx, s.bookings.safety, viewer, p.SellerID)
	if err != nil {
		return err
	}
	if hidden {
		return Errorf(KindNotFound, "Product not found")
	}
	return nil
}

// SearchProducts shows whoever may browse a page of a search.
func (s *Catalogue) SearchProducts(ctx context.Context, actor *User, in SearchInput, page Page) (SearchResult, error) {
	if err := s.site.requireViewer(ctx, actor); err != nil {
		return SearchResult{}, err
	}
	search, err := CheckSearch(in)
	if err != nil {
		return SearchResult{}, err
	}
	if search.Category != "" {
		c, err := s.categories.CategoryByName(ctx, search.Category)
		if ErrorKind(err) == KindNotFound {
			return SearchResult{}, &Error{Kind: KindInvalid, Message: "There is no such category",
				Fields: map[string]string{"category": "There is no such category"}}
		}
		if err != nil {
			return SearchResult{}, err
		}
		search.CategoryID = c.ID
	}
	search.Synonyms = s.site.synonymsFor(ctx, search.Words)
	result, err := s.search.SearchProducts(ctx, search, page.Clamp())
	if err != nil {
		return result, err
	}
	hidden, err := hiddenSellers(ctx, s.bookings.safety, actor)
	if err != nil {
		return result, err
	}
	result.Items = withoutSellers(result.Items, hidden)
	if result.Suggestion != "" && len(hidden) > 0 {
		if result.Suggestion, err = s.shownSuggestion(ctx, search, result.Suggestion, hidden); err != nil {
			return result, err
		}
	}
	_, err = s.MarkForViewer(ctx, actor, result.Items)
	return result, err
}

// shownSuggestion is suggestion when its search shows a listing of a
// seller not hidden: the store suggests from every seller's listings, and
// those of the sellers suspended or blocked are taken out after. Of the
// first page alone, so a hidden seller's many listings can only lose a
// suggestion, never offer one that shows nothing.
func (s *Catalogue) shownSuggestion(ctx context.Context, search Search, suggestion string, hidden []int64) (string, error) {
	search.Words = SearchWords(Fold(suggestion))
	search.Synonyms = s.site.synonymsFor(ctx, search.Words)
	found, err := s.search.SearchProducts(ctx, search, Page{Limit: MaxPageLimit})
	if err != nil || len(withoutSellers(found.Items, hidden)) == 0 {
		return "", err
	}
	return suggestion, nil
}

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
