package app

import (
	"context"
	"encoding/json"
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

// ProductStatus is Available until a booking for it is paid.
type ProductStatus string

const (
	StatusAvailable ProductStatus = "Available"
	StatusSold      ProductStatus = "Sold"
)

// Product is a listing. Seller fields are read live from the seller's account.
type Product struct {
	ID             int64         `json:"id"`
	CategoryID     int64         `json:"-"`
	Category       string        `json:"category"`
	Name           string        `json:"product"`
	Description    string        `json:"description"`
	Image          string        `json:"image"`
	ThumbURL       string        `json:"thumb_url"`
	Condition      Condition     `json:"condition"`
	Location       string        `json:"location"`
	OriginalPrice  Cents         `json:"original_price"`
	ResalePrice    Cents         `json:"resale_price"`
	SellerID       int64         `json:"-"`
	Seller         string        `json:"seller"`
	SellerEmail    string        `json:"seller_email"`
	SellerPhone    string        `json:"seller_phone"`
	SellerVerified bool          `json:"seller_verified"`
	PurchaseYear   int           `json:"purchase_year"`
	UsePeriod      string        `json:"use_period"`
	Status         ProductStatus `json:"status"`
	Created        time.Time     `json:"time"`
}

// ProductInput is the body of POST /api/products. Seller name, email and
// verified state always come from the account; the fields for them are
// accepted so that a client sending the whole product is not refused, and
// then ignored.
type ProductInput struct {
	Category      string     `json:"category"`
	Product       string     `json:"product"`
	Description   string     `json:"description"`
	Image         string     `json:"image"`
	Condition     Condition  `json:"condition"`
	Location      string     `json:"location"`
	OriginalPrice NumberText `json:"original_price"`
	ResalePrice   NumberText `json:"resale_price"`
	SellerPhone   string     `json:"seller_phone"`
	PurchaseYear  NumberText `json:"purchase_year"`
	UsePeriod     string     `json:"use_period"`

	IgnoredSeller         json.RawMessage `json:"seller"`
	IgnoredSellerEmail    json.RawMessage `json:"seller_email"`
	IgnoredSellerVerified json.RawMessage `json:"seller_verified"`
	IgnoredTime           json.RawMessage `json:"time"`
}

// toProduct validates the input and builds the product it describes. The
// seller's phone falls back to the account's phone.
func (in *ProductInput) toProduct(seller *User, now time.Time) (*Product, *Validator) {
	v := &Validator{}
	p := &Product{
		Category:    strings.TrimSpace(in.Category),
		Name:        strings.TrimSpace(in.Product),
		Description: strings.TrimSpace(in.Description),
		Image:       strings.TrimSpace(in.Image),
		Condition:   in.Condition,
		Location:    strings.TrimSpace(in.Location),
		SellerID:    seller.ID,
		SellerPhone: strings.TrimSpace(in.SellerPhone),
		UsePeriod:   strings.TrimSpace(in.UsePeriod),
		Status:      StatusAvailable,
	}
	if p.SellerPhone == "" {
		p.SellerPhone = seller.Phone
	}
	if p.Condition == "" {
		p.Condition = ConditionExcellent
	}
	v.Required(p.Category, "category")
	v.Required(p.Name, "product")
	v.Check(utf8.RuneCountInString(p.Name) <= 120, "product", "Use at most 120 characters")
	v.Required(p.Description, "description")
	v.Check(utf8.RuneCountInString(p.Description) <= 5000, "description", "Use at most 5000 characters")
	v.Required(p.Image, "image")
	switch p.Condition {
	case ConditionExcellent, ConditionGood, ConditionFair:
	default:
		v.Check(false, "condition", "Choose Excellent, Good or Fair")
	}
	v.Required(p.Location, "location")
	v.Check(utf8.RuneCountInString(p.Location) <= 200, "location", "Use at most 200 characters")
	p.OriginalPrice = checkPrice(v, in.OriginalPrice, "original_price")
	p.ResalePrice = checkPrice(v, in.ResalePrice, "resale_price")
	v.Required(p.SellerPhone, "seller_phone")
	if !v.Has("seller_phone") {
		v.Check(ValidPhone(p.SellerPhone), "seller_phone", PhoneMessage)
	}
	v.Required(string(in.PurchaseYear), "purchase_year")
	if !v.Has("purchase_year") {
		year, err := strconv.Atoi(strings.TrimSpace(string(in.PurchaseYear)))
		v.Check(err == nil && year >= 1900 && year <= now.Year(), "purchase_year",
			"Enter a year between 1900 and "+strconv.Itoa(now.Year()))
		p.PurchaseYear = year
	}
	v.Required(p.UsePeriod, "use_period")
	v.Check(utf8.RuneCountInString(p.UsePeriod) <= 60, "use_period", "Use at most 60 characters")
	return p, v
}

func checkPrice(v *Validator, text NumberText, field string) Cents {
	v.Required(string(text), field)
	if v.Has(field) {
		return 0
	}
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
	// CreateProduct stores p and fills in ID and Created.
	CreateProduct(ctx context.Context, p *Product) error
	ProductByID(ctx context.Context, id int64) (*Product, error)
	// CategoryProducts lists a category's available products, newest first.
	CategoryProducts(ctx context.Context, category *Category, page Page) (List[Product], error)
	// SellerProducts lists all of a seller's products, newest first.
	SellerProducts(ctx context.Context, sellerID int64, page Page) (List[Product], error)
	DeleteProduct(ctx context.Context, id int64) error
}

// productFor loads a product the actor may act on.
func (s *Service) productFor(ctx context.Context, actor *User, id int64, may func(*User, *Product) bool) (*Product, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	p, err := s.store.ProductByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := Allow(actor, may(actor, p)); err != nil {
		return nil, err
	}
	return p, nil
}

// CreateProduct lists a product for the signed-in seller.
func (s *Service) CreateProduct(ctx context.Context, actor *User, in ProductInput) (*Product, error) {
	if err := Allow(actor, CanCreateProduct(actor)); err != nil {
		return nil, err
	}
	p, v := in.toProduct(actor, s.now())
	if !v.Has("category") {
		c, err := s.store.CategoryByName(ctx, p.Category)
		switch ErrorKind(err) {
		case KindNotFound:
			v.Check(false, "category", "Choose one of the categories")
		case KindInternal:
			return nil, err
		default:
			p.CategoryID = c.ID
		}
	}
	img, err := s.ownImage(ctx, actor, v, p.Image, "image")
	if err != nil {
		return nil, err
	}
	if img != nil {
		p.ThumbURL = img.ThumbURL
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.store.CreateProduct(ctx, p); err != nil {
		return nil, err
	}
	return s.store.ProductByID(ctx, p.ID)
}

// CategoryProducts lists a category's products for a signed-in user.
func (s *Service) CategoryProducts(ctx context.Context, actor *User, name string, page Page) (List[Product], error) {
	if err := RequireUser(actor); err != nil {
		return List[Product]{}, err
	}
	c, err := s.store.CategoryByName(ctx, name)
	if err != nil {
		return List[Product]{}, err
	}
	return s.store.CategoryProducts(ctx, c, page.Clamp())
}

// Product shows one product to a signed-in user.
func (s *Service) Product(ctx context.Context, actor *User, id int64) (*Product, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	return s.store.ProductByID(ctx, id)
}

// SellerProducts lists every product of the seller behind email, whatever
// its status: for that seller and for admins.
func (s *Service) SellerProducts(ctx context.Context, actor *User, email string, page Page) (List[Product], error) {
	seller, err := s.accountFor(ctx, actor, email, CanListSellerProducts)
	if err != nil {
		return List[Product]{}, err
	}
	return s.store.SellerProducts(ctx, seller.ID, page.Clamp())
}

// DeleteProduct removes a listing: its seller's or any, for admins.
func (s *Service) DeleteProduct(ctx context.Context, actor *User, id int64) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	p, err := s.store.ProductByID(ctx, id)
	if err != nil {
		return err
	}
	if err := Allow(actor, CanDeleteProduct(actor, p)); err != nil {
		return err
	}
	return s.store.DeleteProduct(ctx, id)
}
