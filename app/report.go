package app

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// ReportedProduct is a product someone flagged, as admins review it: one
// entry per product however many people reported it.
type ReportedProduct struct {
	ID          int64     `json:"id"` // the report, for dismissing it
	ProductID   int64     `json:"product_id"`
	Product     string    `json:"product"`
	Image       string    `json:"image"`
	ThumbURL    string    `json:"thumb_url"`
	ResalePrice Cents     `json:"resale_price"`
	Seller      string    `json:"seller"`
	SellerEmail string    `json:"seller_email"`
	Reports     int       `json:"reports"`
	Reason      string    `json:"reason"` // the latest one given
	Updated     time.Time `json:"time"`
}

// ReportInput is the body of POST /api/reported.
type ReportInput struct {
	ProductID int64  `json:"product_id"`
	Reason    string `json:"reason"`
}

func (in *ReportInput) Validate(v *Validator) {
	in.Reason = strings.TrimSpace(in.Reason)
	v.Check(in.ProductID > 0, "product_id", RequiredMessage)
	v.Check(utf8.RuneCountInString(in.Reason) <= 500, "reason", "Use at most 500 characters")
}

// ReportStore keeps reports.
type ReportStore interface {
	// CreateReport records that reporterID flagged productID; reporting the
	// same product twice is a conflict.
	CreateReport(ctx context.Context, productID, reporterID int64, reason string) error
	ReportedProducts(ctx context.Context, page Page) (List[ReportedProduct], error)
	// DismissReport forgets a report and who made it; the product stays.
	DismissReport(ctx context.Context, id int64) error
}

// AdvertStore keeps the products advertised on the home page. An advert is
// named by its product: a product has at most one.
type AdvertStore interface {
	// CreateAdvert advertises an available product; a sold or already
	// advertised one is a conflict.
	CreateAdvert(ctx context.Context, productID int64) error
	AdvertisedProducts(ctx context.Context, page Page) (List[Product], error)
	DeleteAdvert(ctx context.Context, productID int64) error
}
