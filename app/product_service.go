package app

import (
	"context"
	"slices"
	"strconv"
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

func NewCatalogue(categories CategoryStore, products ProductStore, adverts AdvertStore, search SearchStore, users UserStore,
	images *Images, site *SiteSettings, bookings *Bookings) *Catalogue {
	return &Catalogue{categories: categories, products: products, adverts: adverts, search: search, users: users,
		images: images, site: site, bookings: bookings, now: utcNow}
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

// imageField is the field the photos' messages go under.
func (in *ProductInput) imageField() string {
	_, field := in.imageURLs()
	return field
}

// ProductChanges are the changes to a listing: the fields given (not nil)
// change, the rest stay. The optional original price, purchase year and
// use period given as "" are cleared.
type ProductChanges struct {
	Category      *string
	Product       *string
	Description   *string
	Condition     *Condition
	Location      *string
	OriginalPrice *NumberText
	ResalePrice   *NumberText
	PurchaseYear  *NumberText
	UsePeriod     *string
	Image         *string
	Images        []string
	// Dimensions replace the measures when DimensionsGiven; nil clears them.
	Dimensions      *DimensionsInput
	DimensionsGiven bool
	// Unreadable are the values the transport could not read as their
	// type, by field, with the message to show. They are refused once the
	// actor may edit the listing at all.
	Unreadable map[string]string
}

// applyTo is the input that p with these changes would have been listed with.
func (c *ProductChanges) applyTo(p *Product) (ProductInput, error) {
	in := ProductInput{
		Category: p.Category, Product: p.Name, Description: p.Description, Images: p.Images,
		Condition: p.Condition, Location: p.Location, SellerPhone: p.Contact.Phone,
		ResalePrice: NumberText(p.ResalePrice.String()),
	}
	if p.OriginalPrice != nil {
		in.OriginalPrice = NumberText(p.OriginalPrice.String())
	}
	if p.PurchaseYear != nil {
		in.PurchaseYear = NumberText(strconv.Itoa(*p.PurchaseYear))
	}
	if p.UsePeriod != nil {
		in.UsePeriod = *p.UsePeriod
	}
	if d := p.Dimensions; d != nil {
		in.Dimensions = &DimensionsInput{WidthCM: measureText(d.WidthCM), DepthCM: measureText(d.DepthCM), HeightCM: measureText(d.HeightCM)}
	}
	set(&in.Category, c.Category)
	set(&in.Product, c.Product)
	set(&in.Description, c.Description)
	set(&in.Condition, c.Condition)
	set(&in.Location, c.Location)
	set(&in.OriginalPrice, c.OriginalPrice)
	set(&in.ResalePrice, c.ResalePrice)
	set(&in.PurchaseYear, c.PurchaseYear)
	set(&in.UsePeriod, c.UsePeriod)
	switch {
	case c.Images != nil:
		in.Images = c.Images
	case c.Image != nil:
		in.Images = []string{*c.Image}
	}
	if c.DimensionsGiven {
		in.Dimensions = c.Dimensions
	}
	var v Validator
	for field, msg := range c.Unreadable {
		v.Check(false, field, msg)
	}
	return in, v.Err()
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

func measureText(f *float64) NumberText {
	if f == nil {
		return ""
	}
	return NumberText(strconv.FormatFloat(*f, 'f', -1, 64))
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
