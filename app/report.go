package app

import (
	"context"
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
	in.Reason = CleanText(in.Reason)
	v.Check(in.ProductID > 0, "product_id", RequiredMessage)
	v.Check(utf8.RuneCountInString(in.Reason) <= 500, "reason", "Use at most 500 characters")
}

// ReportStore keeps reports.
type ReportStore interface {
	// CreateReport records that reporterID flagged productID, in one
	// transaction that finds or starts the product's one report (an upsert
	// on the product: racing reporters share it) and adds the reporter.
	// Reporting the same product twice is a conflict (a unique key: of one
	// person's racing calls exactly one succeeds); a product or reporter
	// gone meanwhile is a conflict.
	CreateReport(ctx context.Context, productID, reporterID int64, reason string) error
	// ReportedProducts lists the reports, most recently reported first.
	ReportedProducts(ctx context.Context, page Page) (List[ReportedProduct], error)
	// DismissReport forgets a report and who made it; the product stays.
	// audit, when given, is recorded with the listing's name as its target,
	// in the same transaction. An unknown report is not found.
	DismissReport(ctx context.Context, id int64, audit *AuditEntry) error
}

// Reports are what members flag to the admins.
type Reports struct {
	reports  ReportStore
	products ProductStore
}

func NewReports(reports ReportStore, products ProductStore) *Reports {
	return &Reports{reports: reports, products: products}
}

// Report flags a listing for the admins.
func (s *Reports) Report(ctx context.Context, actor *User, in ReportInput) error {
	if err := RequireUser(actor); err != nil {
		return err
	}
	v := &Validator{}
	in.Validate(v)
	if err := v.Err(); err != nil {
		return err
	}
	p, err := s.products.ProductByID(ctx, in.ProductID)
	if err != nil {
		return err
	}
	if !CanReport(actor, p) {
		return Errorf(KindForbidden, "You cannot report your own product")
	}
	return s.reports.CreateReport(ctx, p.ID, actor.ID, in.Reason)
}

func (s *Reports) ReportedProducts(ctx context.Context, actor *User, page Page) (List[ReportedProduct], error) {
	if err := Allow(actor, CanReviewReports(actor)); err != nil {
		return List[ReportedProduct]{}, err
	}
	return s.reports.ReportedProducts(ctx, page.Clamp())
}

// DismissReport clears a product's reports, keeping the product listed.
func (s *Reports) DismissReport(ctx context.Context, actor *User, id int64) error {
	if err := Allow(actor, CanReviewReports(actor)); err != nil {
		return err
	}
	return s.reports.DismissReport(ctx, id, auditOf(actor, AuditDismissReport, AuditTargetReport, id, ""))
}
