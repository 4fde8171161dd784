package storecore

import (
	"context"
	"database/sql"

	"rehome/app"
)

const reviewColumns = `r.id, r.booking_id, r.author_id, r.author_name, r.subject_id, r.by_buyer, b.product, r.rating, r.text,
	r.created, r.visible_at`

// ScanReview reads a row of reviewColumns.
func ScanReview(row Row) (app.Review, error) {
	var r app.Review
	var authorID sql.NullInt64
	var rating, created, visible int64
	err := row.Scan(&r.ID, &r.BookingID, &authorID, &r.AuthorName, &r.SubjectID, &r.ByBuyer, &r.Product, &rating, &r.Text,
		&created, &visible)
	r.AuthorID = NullID(authorID)
	r.Rating = int(rating)
	r.Role = app.ReviewRole(r.ByBuyer)
	r.Created, r.VisibleFrom = FromMillis(created), FromMillis(visible)
	return r, err
}

// A person's reviews that others see, newest first, through reviews_of:
// a range of its (subject_id, visible_at) read backwards.
const (
	ReviewsOfCount = `SELECT count(*) FROM reviews r WHERE r.subject_id = ? AND r.visible_at <= ? AND r.hidden_at IS NULL`
	ReviewsOfPage  = `SELECT ` + reviewColumns + ` FROM reviews r JOIN bookings b ON b.id = r.booking_id
		WHERE r.subject_id = ? AND r.visible_at <= ? AND r.hidden_at IS NULL
		ORDER BY r.visible_at DESC, r.id DESC LIMIT ? + 0 OFFSET ? + 0`
	RatingOfQuery = `SELECT coalesce(sum(r.rating), 0), count(*) FROM reviews r
		WHERE r.subject_id = ? AND r.visible_at <= ? AND r.hidden_at IS NULL`
)

// AddReview stores a review of a completed booking, in a write
// transaction, holding the booking's row while it writes, so that the two
// sides' reviews written at once still find each other.
func AddReview(ctx context.Context, d Dialect, tx Querier, r *app.Review, now int64) error {
	var completedAt sql.NullInt64
	var product string
	err := tx.QueryRow(ctx, `SELECT completed_at, product FROM bookings WHERE id = ?`+d.ForUpdate, r.BookingID).
		Scan(&completedAt, &product)
	if err != nil {
		return NotFound(err, "Booking")
	}
	if err := app.ReviewWindowOpen(NullTime(completedAt), FromMillis(now)); err != nil {
		return err
	}
	visible := now + app.ReviewBlind.Milliseconds()
	err = tx.QueryRow(ctx, `INSERT INTO reviews (booking_id, by_buyer, author_id, author_name, subject_id, rating, text,
		created, visible_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.BookingID, r.ByBuyer, r.AuthorID, r.AuthorName, r.SubjectID, r.Rating, r.Text, now, visible).Scan(&r.ID)
	if d.IsUniqueViolation(err) {
		return app.Errorf(app.KindConflict, "You have already reviewed this booking")
	}
	if err != nil {
		return d.ReferenceGone(err)
	}
	// The second review of a booking: both are seen from now on.
	both, err := tx.Exec(ctx, `UPDATE reviews SET visible_at = ?
		WHERE booking_id = ? AND visible_at > ? AND (SELECT count(*) FROM reviews WHERE booking_id = ?) = 2`,
		now, r.BookingID, now, r.BookingID)
	if err != nil {
		return err
	}
	if both > 0 {
		visible = now
	}
	r.Product, r.Created, r.VisibleFrom = product, FromMillis(now), FromMillis(visible)
	return nil
}

// ReviewByID reads a review others see at now.
func ReviewByID(ctx context.Context, q Querier, id, now int64) (*app.Review, error) {
	r, err := ScanReview(q.QueryRow(ctx, `SELECT `+reviewColumns+` FROM reviews r JOIN bookings b ON b.id = r.booking_id
		WHERE r.id = ? AND r.visible_at <= ? AND r.hidden_at IS NULL`, id, now))
	if err != nil {
		return nil, NotFound(err, "Review")
	}
	return &r, nil
}

// RatingOf sums the reviews of a person that others see at now.
func RatingOf(ctx context.Context, q Querier, userID, now int64) (app.Rating, error) {
	var sum, count int64
	err := q.QueryRow(ctx, RatingOfQuery, userID, now).Scan(&sum, &count)
	return app.NewRating(int(sum), int(count)), err
}

// HideReview hides a review from all but admins, in a write transaction.
func HideReview(ctx context.Context, tx Querier, id int64, reason string, now int64) error {
	n, err := tx.Exec(ctx, `UPDATE reviews SET hidden_at = coalesce(hidden_at, ?), hidden_reason = ? WHERE id = ?`,
		now, reason, id)
	return ChangedOne(n, err, "No review with this id")
}
