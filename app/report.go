package app

import (
	"context"
	"time"
	"unicode/utf8"
)

// ReportKind is what a report is of.
type ReportKind string

const (
	ReportProduct ReportKind = "product"
	ReportUser    ReportKind = "user"
	ReportMessage ReportKind = "message"
	ReportReview  ReportKind = "review"
)

// ReportedProduct is a thing someone flagged, as admins review it: one
// entry per listing, person, message or review however many people
// reported it. Of a listing, Product to SellerEmail describe it; of a
// message or review, Text is what it says; UserID to UserEmail are always
// the person it is about: the listing's seller, the person reported, the
// message's sender or the review's author.
type ReportedProduct struct {
	ID          int64      `json:"id"` // the report, for dismissing it
	Kind        ReportKind `json:"kind"`
	ProductID   *int64     `json:"product_id"`
	Product     string     `json:"product"`
	Image       string     `json:"image"`
	ThumbURL    string     `json:"thumb_url"`
	ResalePrice Cents      `json:"resale_price"`
	Seller      string     `json:"seller"`
	SellerEmail string     `json:"seller_email"`
	UserID      *int64     `json:"user_id"`
	User        string     `json:"user"`
	UserEmail   string     `json:"user_email"`
	MessageID   *int64     `json:"message_id"`
	// ConversationID and Context: a reported message's conversation, and
	// the message with the ones before it, oldest first.
	ConversationID *int64         `json:"conversation_id"`
	Context        []ReportedLine `json:"context"`
	ReviewID       *int64         `json:"review_id"`
	Rating         *int           `json:"rating"`
	Text           string         `json:"text"`
	Reports        int            `json:"reports"`
	Reason         string         `json:"reason"` // the latest one given
	Updated        time.Time      `json:"time"`
}

// ReportedLine is one message of a reported message's conversation.
type ReportedLine struct {
	ID       int64      `json:"id"`
	SenderID int64      `json:"sender_id"`
	Text     string     `json:"text"`
	PickupAt *time.Time `json:"pickup_at"`
	Time     time.Time  `json:"time"`
	Reported bool       `json:"reported"`
}

// ReportContextMessages is how many messages before a reported one the
// admin sees with it.
const ReportContextMessages = 4

// ReportInput is the body of POST /api/reported: what is reported (one of
// the IDs) and why.
type ReportInput struct {
	ProductID int64  `json:"product_id"`
	UserID    int64  `json:"user_id"`
	MessageID int64  `json:"message_id"`
	ReviewID  int64  `json:"review_id"`
	Reason    string `json:"reason"`
}

// Target is what the input reports.
func (in *ReportInput) Target() (ReportKind, int64) {
	for _, t := range []struct {
		kind ReportKind
		id   int64
	}{{ReportProduct, in.ProductID}, {ReportUser, in.UserID}, {ReportMessage, in.MessageID}, {ReportReview, in.ReviewID}} {
		if t.id != 0 {
			return t.kind, t.id
		}
	}
	return "", 0
}

func (in *ReportInput) Validate(v *Validator) {
	in.Reason = CleanText(in.Reason)
	given := 0
	for _, id := range []int64{in.ProductID, in.UserID, in.MessageID, in.ReviewID} {
		if id != 0 {
			given++
		}
		v.Check(id >= 0, "product_id", RequiredMessage)
	}
	v.Check(given > 0, "product_id", RequiredMessage)
	v.Check(given < 2, "product_id", "Report one thing: one of product_id, user_id, message_id and review_id")
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
	// ReportOther is CreateReport of a person, a message or a review.
	ReportOther(ctx context.Context, kind ReportKind, id, reporterID int64, reason string) error
	// ReportedProducts lists the reports, most recently reported first.
	ReportedProducts(ctx context.Context, page Page) (List[ReportedProduct], error)
	// DismissReport forgets a report and who made it; the product stays.
	// audit, when given, is recorded with the listing's name as its target,
	// in the same transaction. An unknown report is not found.
	DismissReport(ctx context.Context, id int64, audit *AuditEntry) error
}
