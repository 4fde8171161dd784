package app

import (
	"context"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Condition describes wear; Excellent when the seller does not say.
type Condition string

const (
	ConditionExcellent Condition = "Excellent"
	ConditionGood      Condition = "Good"
	ConditionFair      Condition = "Fair"
)

// ProductStatus is Available until someone books it, Reserved while
// bookings of it are open (others may still book: they queue), and Sold once
// one is paid.
type ProductStatus string

const (
	StatusAvailable ProductStatus = "Available"
	StatusReserved  ProductStatus = "Reserved"
	StatusSold      ProductStatus = "Sold"
)

// StatusOf is the status of a product stored as stored (Available or Sold)
// with open bookings of it.
func StatusOf(stored ProductStatus, openBookings int) ProductStatus {
	if stored == StatusAvailable && openBookings > 0 {
		return StatusReserved
	}
	return stored
}

// MaxImages is how many photos a listing has at most.
const MaxImages = 8

// Dimensions are a product's outer measures in centimetres; each is
// optional.
type Dimensions struct {
	WidthCM  *float64 `json:"width_cm,omitempty"`
	DepthCM  *float64 `json:"depth_cm,omitempty"`
	HeightCM *float64 `json:"height_cm,omitempty"`
}

// Product is a listing. Seller fields are read live from the seller's account.
// How to reach the seller is in Contact, which is never sent as it is:
// SellerEmail and SellerPhone are what one viewer may see of it (see
// ShowContacts), empty and left out for everyone else.
type Product struct {
	ID             int64       `json:"id"`
	CategoryID     int64       `json:"-"`
	Category       string      `json:"category"`
	Name           string      `json:"product"`
	Description    string      `json:"description"`
	Image          string      `json:"image"`     // the cover: Images[0]
	ThumbURL       string      `json:"thumb_url"` // Thumbs[0]
	Images         []string    `json:"images"`    // every photo, the cover first
	Thumbs         []string    `json:"thumbs"`    // the thumbnail of each photo
	Dimensions     *Dimensions `json:"dimensions"`
	Condition      Condition   `json:"condition"`
	Location       string      `json:"location"`
	OriginalPrice  *Cents      `json:"original_price"` // null when not given
	ResalePrice    Cents       `json:"resale_price"`
	SellerID       int64       `json:"seller_id"`
	Seller         string      `json:"seller"`
	SellerEmail    string      `json:"seller_email,omitempty"`
	SellerPhone    string      `json:"seller_phone,omitempty"`
	SellerVerified bool        `json:"seller_verified"`
	// SellerRating sums up the seller's reviews, on a product's own page.
	SellerRating *Rating       `json:"seller_rating,omitempty"`
	PurchaseYear *int          `json:"purchase_year"` // null when not given
	UsePeriod    *string       `json:"use_period"`    // null when not given
	Status       ProductStatus `json:"status"`
	OpenBookings int           `json:"-"`
	// MyBookingID is the viewer's own open or paid booking of it; one
	// declined or cancelled is not, and its buyer may book again.
	MyBookingID *int64        `json:"my_booking_id"`
	Advertised  bool          `json:"advertised"`
	Created     time.Time     `json:"time"`
	Contact     SellerContact `json:"-"`
}

// SellerContact is how to reach a product's seller, as stored: the
// seller's email, the phone given with the listing (none when not given),
// and whether the seller shows that phone to everyone signed in.
type SellerContact struct {
	Email     string
	Phone     string
	ShowPhone bool
}

// ProductInput is a product as a seller lists it, each field as given.
// Seller name, email and verified state always come from the account.
type ProductInput struct {
	Category      string
	Product       string
	Description   string
	Image         string   // the one photo, when Images is not given
	Images        []string // every photo, the cover first
	Dimensions    *DimensionsInput
	Condition     Condition
	Location      string
	OriginalPrice NumberText
	ResalePrice   NumberText
	SellerPhone   string
	PurchaseYear  NumberText
	UsePeriod     string
}

// NumberText is a number as sent, digits or text, so that a bad value
// becomes a field message at validation instead of a decoding error.
type NumberText string

// DimensionsInput holds the measures as sent, numbers or text.
type DimensionsInput struct {
	WidthCM  NumberText
	DepthCM  NumberText
	HeightCM NumberText
}

// DimensionsMessage explains what a measure may be.
const DimensionsMessage = "Give each measure in centimetres, more than 0 and at most 1000"

// check turns the measures into Dimensions: nil when none is given.
func (in *DimensionsInput) check(v *Validator) *Dimensions {
	if in == nil {
		return nil
	}
	measure := func(text NumberText) *float64 {
		if strings.TrimSpace(string(text)) == "" {
			return nil
		}
		f, ok := ParseMeasure(string(text))
		if !ok {
			v.Check(false, "dimensions", DimensionsMessage)
			return nil
		}
		return &f
	}
	d := &Dimensions{WidthCM: measure(in.WidthCM), DepthCM: measure(in.DepthCM), HeightCM: measure(in.HeightCM)}
	if d.WidthCM == nil && d.DepthCM == nil && d.HeightCM == nil {
		return nil
	}
	return d
}

// measurePattern is plain decimal notation: no sign, exponent, hex float,
// Inf or NaN, which strconv.ParseFloat would all read.
var measurePattern = regexp.MustCompile(`^([0-9]{1,12}(\.[0-9]{0,12})?|\.[0-9]{1,12})$`)

// ParseDecimal reads a number in plain decimal notation (measurePattern).
func ParseDecimal(text string) (float64, bool) {
	t := strings.TrimSpace(text)
	if !measurePattern.MatchString(t) {
		return 0, false
	}
	f, err := strconv.ParseFloat(t, 64)
	return f, err == nil
}

// ParseMeasure reads a measure in centimetres, rounded to the millimetre
// a tape measure reads; ok is false unless, so rounded, it is more than 0
// and at most 1000 (what the database keeps).
func ParseMeasure(text string) (cm float64, ok bool) {
	f, ok := ParseDecimal(text)
	if !ok {
		return 0, false
	}
	f = math.Round(f*10) / 10
	return f, f > 0 && f <= 1000
}

// imageURLs is the photos the input names: images, or else the one image.
func (in *ProductInput) imageURLs() (urls []string, field string) {
	if in.Images != nil {
		urls = make([]string, 0, len(in.Images))
		for _, u := range in.Images {
			urls = append(urls, strings.TrimSpace(u))
		}
		return urls, "images"
	}
	if u := strings.TrimSpace(in.Image); u != "" {
		return []string{u}, "image"
	}
	return nil, "image"
}

// toProduct validates the input and builds the product it describes, for
// the seller with sellerID. Only what a buyer needs to decide is required:
// a name, category, price, condition, location and one photo; a
// description, the original price, purchase year and use period help but
// are left out when not given. A phone is optional: messages are how
// buyers reach a seller. Its photos are checked by the service, which
// knows who may use them.
func (in *ProductInput) toProduct(sellerID int64, now time.Time) (*Product, *Validator) {
	v := &Validator{}
	p := &Product{
		Category:    CleanLine(in.Category),
		Name:        CleanLine(in.Product),
		Description: CleanText(in.Description),
		Condition:   in.Condition,
		Location:    CleanLine(in.Location),
		SellerID:    sellerID,
		Contact:     SellerContact{Phone: strings.TrimSpace(in.SellerPhone)},
		Status:      StatusAvailable,
	}
	if p.Condition == "" {
		p.Condition = ConditionExcellent
	}
	v.Required(p.Category, "category")
	v.Required(p.Name, "product")
	v.Check(utf8.RuneCountInString(p.Name) <= 120, "product", "Use at most 120 characters")
	if !Visible(p.Description) {
		p.Description = "" // optional: nothing to read is none
	}
	v.Check(utf8.RuneCountInString(p.Description) <= 5000, "description", "Use at most 5000 characters")
	urls, field := in.imageURLs()
	if field == "image" {
		v.Required(in.Image, field)
	}
	v.Check(len(urls) > 0, field, "Add at least one photo")
	v.Check(len(urls) <= MaxImages, field, "Add at most "+strconv.Itoa(MaxImages)+" photos")
	for i, u := range urls {
		v.Check(u != "", field, "Upload the image first")
		v.Check(!slices.Contains(urls[:i], u), field, "Add each photo once")
	}
	p.Images = urls
	p.Dimensions = in.Dimensions.check(v)
	switch p.Condition {
	case ConditionExcellent, ConditionGood, ConditionFair:
	default:
		v.Check(false, "condition", ConditionMessage)
	}
	v.Required(p.Location, "location")
	v.Check(utf8.RuneCountInString(p.Location) <= 200, "location", "Use at most 200 characters")
	v.Required(string(in.ResalePrice), "resale_price")
	if !v.Has("resale_price") {
		p.ResalePrice = checkPrice(v, in.ResalePrice, "resale_price")
	}
	if given(in.OriginalPrice) {
		original := checkPrice(v, in.OriginalPrice, "original_price")
		p.OriginalPrice = &original
	}
	if p.Contact.Phone != "" {
		v.Check(ValidPhone(p.Contact.Phone), "seller_phone", PhoneMessage)
	}
	if given(in.PurchaseYear) {
		year, err := strconv.Atoi(strings.TrimSpace(string(in.PurchaseYear)))
		v.Check(err == nil && year >= 1900 && year <= now.Year(), "purchase_year",
			"Enter a year between 1900 and "+strconv.Itoa(now.Year()))
		p.PurchaseYear = &year
	}
	if period := CleanLine(in.UsePeriod); period != "" {
		v.Check(utf8.RuneCountInString(period) <= 60, "use_period", "Use at most 60 characters")
		p.UsePeriod = &period
	}
	return p, v
}

// given reports whether an optional number was filled in.
func given(text NumberText) bool {
	return Visible(string(text))
}

func checkPrice(v *Validator, text NumberText, field string) Cents {
	c, ok := ParseCents(string(text))
	v.Check(ok, field, "Enter an amount such as 120 or 120.50")
	return c
}

// PhoneMessage explains what ValidPhone accepts.
const PhoneMessage = "Enter a phone number of 6 to 20 digits"

// ValidPhone accepts digits, spaces, +, -, and parentheses with 6 to 20 digits:
// loose on purpose, since formats differ from country to country.
func ValidPhone(s string) bool {
	digits := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == ' ' || r == '+' || r == '-' || r == '(' || r == ')':
		default:
			return false
		}
	}
	return digits >= 6 && digits <= 20
}

// ProductStore keeps products.
type ProductStore interface {
	// CreateProduct stores p and fills in ID and Created. A category,
	// seller or image gone meanwhile is a conflict (foreign keys). The
	// search index and the category's count follow by trigger.
	CreateProduct(ctx context.Context, p *Product) error
	// ProductByID finds a product; an unknown one is not found.
	ProductByID(ctx context.Context, id int64) (*Product, error)
	// CategoryProducts lists a category's available products, newest first.
	CategoryProducts(ctx context.Context, category *Category, page Page) (List[Product], error)
	// SellerProducts lists all of a seller's products, newest first.
	SellerProducts(ctx context.Context, sellerID int64, page Page) (List[Product], error)
	// UpdateProduct stores p's own fields in one update on condition the
	// product is still Available: an edit racing the sale either lands
	// before it or is a conflict, and of two racing edits one is stored
	// whole, never a mix. A sold product is a conflict, an unknown one not
	// found.
	UpdateProduct(ctx context.Context, p *Product) error
	// DeleteProduct, in one transaction, holds the product's row, calls
	// off its open bookings (whose snapshots stay with their buyers) and
	// deletes it with its advert and reports (by cascade): a booking racing
	// the deletion either waits and finds the product gone, or commits
	// first and is called off, never left open. An unknown product is not
	// found.
	DeleteProduct(ctx context.Context, id int64) error
	// MyBookings finds the viewer's own open or paid bookings of the
	// given products, by product ID.
	MyBookings(ctx context.Context, viewerID int64, productIDs []int64) (map[int64]MyBooking, error)
	ListingsForSaleStore
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

// PageKey is a listing's place in a category page, newest first: its
// creation time (UTC Unix milliseconds), then its ID.
type PageKey struct{ Created, ID int64 }
