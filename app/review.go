package app

import (
	"context"
	"math"
	"time"
	"unicode/utf8"
)

const (
	// ReviewWindow is how long after a handover (or a card payment) each
	// side may review the other.
	ReviewWindow = 30 * 24 * time.Hour
	// ReviewBlind is how long a review stays unseen while the other side
	// has not written theirs, so that neither answers the other's.
	ReviewBlind = 14 * 24 * time.Hour
	// ReviewTextMax is the most characters a review's text may have.
	ReviewTextMax = 500
)

// Review is one side's rating of the other after a completed booking.
type Review struct {
	ID        int64 `json:"id"`
	BookingID int64 `json:"-"`
	// AuthorID is null once the author's account is deleted.
	AuthorID   *int64 `json:"author_id"`
	AuthorName string `json:"author"`
	SubjectID  int64  `json:"-"`
	// ByBuyer: the buyer reviewed the seller; otherwise the seller the buyer.
	ByBuyer bool      `json:"-"`
	Role    string    `json:"role"` // the author's side: "buyer" or "seller"
	Product string    `json:"product"`
	Rating  int       `json:"rating"`
	Text    string    `json:"text"`
	Created time.Time `json:"time"`
	// VisibleFrom is when others see it: when both sides have written
	// theirs, else ReviewBlind after it was written.
	VisibleFrom time.Time `json:"visible_from"`
}

// ReviewInput is the body of POST /api/booked/{id}/review and
// POST /api/mybuyers/{id}/review.
type ReviewInput struct {
	Rating int    `json:"rating"`
	Text   string `json:"text"`
}

func (in *ReviewInput) Validate(v *Validator) {
	in.Text = CleanText(in.Text)
	v.Check(in.Rating >= 1 && in.Rating <= 5, "rating", "Choose 1 to 5 stars")
	v.Check(utf8.RuneCountInString(in.Text) <= ReviewTextMax, "text", "Use at most 500 characters")
}

// Rating sums up the reviews others can see of a person.
type Rating struct {
	Average float64 `json:"average"` // 0 when there are none
	Count   int     `json:"count"`
}

// NewRating is the rating of count reviews whose stars add up to sum,
// its average to one decimal.
func NewRating(sum, count int) Rating {
	if count == 0 {
		return Rating{}
	}
	return Rating{Average: math.Round(float64(sum)/float64(count)*10) / 10, Count: count}
}

// ReviewStore keeps reviews. Which reviews others see is decided by the
// store's clock: VisibleFrom at or before now, and not hidden.
type ReviewStore interface {
	// AddReview stores r and fills in its ID, Created and VisibleFrom, in
	// one transaction that checks the booking is completed and its review
	// window still open (else a conflict), and makes both reviews of the
	// booking visible now once the second is written. A second review by
	// the same side is a conflict.
	AddReview(ctx context.Context, r *Review) error
	// ReviewByID finds a review others see; a hidden one, one not seen
	// yet, and an unknown one are not found.
	ReviewByID(ctx context.Context, id int64) (*Review, error)
	// ReviewsOf lists the reviews others see of a person, newest first.
	ReviewsOf(ctx context.Context, userID int64, page Page) (List[Review], error)
	// RatingOf sums up the same reviews.
	RatingOf(ctx context.Context, userID int64) (Rating, error)
	// HideReview hides a review for good, with the admin's reason, and
	// records audit in the same transaction; an unknown one is not found.
	HideReview(ctx context.Context, id int64, reason string, audit *AuditEntry) error
}

// Completed records when b became reviewable, if it did.
func (b *Booking) Completed(at *time.Time) {
	b.CompletedAt, b.ReviewUntil = at, nil
	if at != nil {
		until := at.Add(ReviewWindow)
		b.ReviewUntil = &until
	}
}

// ReviewRole names the side a review's author took in the booking.
func ReviewRole(byBuyer bool) string {
	if byBuyer {
		return "buyer"
	}
	return "seller"
}

// ReviewWindowOpen says whether a booking completed at completedAt may be
// reviewed at now.
func ReviewWindowOpen(completedAt *time.Time, now time.Time) error {
	switch {
	case completedAt == nil:
		return Errorf(KindConflict, "A booking can be reviewed once the product was handed over")
	case !now.Before(completedAt.Add(ReviewWindow)):
		return Errorf(KindConflict, "Reviews close 30 days after the handover")
	}
	return nil
}

// HideReviewInput is the body of POST /api/reviews/{id}/hide.
type HideReviewInput struct {
	Reason string `json:"reason"`
}
