package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

const reviewColumns = `r.id, r.booking_id, r.author_id, r.author_name, r.subject_id, r.by_buyer, b.product, r.rating, r.text,
	r.created, r.visible_at`

func scanReview(row storecore.Row) (app.Review, error) {
	var r app.Review
	var rating int16
	var created, visible int64
	err := row.Scan(&r.ID, &r.BookingID, &r.AuthorID, &r.AuthorName, &r.SubjectID, &r.ByBuyer, &r.Product, &rating, &r.Text,
		&created, &visible)
	r.Rating = int(rating)
	r.Role = app.ReviewRole(r.ByBuyer)
	r.Created, r.VisibleFrom = fromMillis(created), fromMillis(visible)
	return r, err
}

// A person's reviews that others see, newest first, through reviews_of.
const (
	reviewsOfCount = `SELECT count(*) FROM reviews r WHERE r.subject_id = $1 AND r.visible_at <= $2 AND r.hidden_at IS NULL`
	reviewsOfPage  = `SELECT ` + reviewColumns + ` FROM reviews r JOIN bookings b ON b.id = r.booking_id
		WHERE r.subject_id = $1 AND r.visible_at <= $2 AND r.hidden_at IS NULL
		ORDER BY r.visible_at DESC, r.id DESC LIMIT $3 OFFSET $4`
	ratingOf = `SELECT coalesce(sum(r.rating), 0), count(*) FROM reviews r
		WHERE r.subject_id = $1 AND r.visible_at <= $2 AND r.hidden_at IS NULL`
)

// AddReview holds the booking's row while it writes, so that the two
// sides' reviews written at once still find each other.
func (db *DB) AddReview(ctx context.Context, r *app.Review) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		now := db.millis()
		var completedAt *int64
		var product string
		err := tx.QueryRow(ctx, `SELECT completed_at, product FROM bookings WHERE id = $1 FOR UPDATE`, r.BookingID).
			Scan(&completedAt, &product)
		if err != nil {
			return notFound(err, "Booking")
		}
		if err := app.ReviewWindowOpen(nullTime(completedAt), fromMillis(now)); err != nil {
			return err
		}
		visible := now + app.ReviewBlind.Milliseconds()
		err = tx.QueryRow(ctx, `INSERT INTO reviews (booking_id, by_buyer, author_id, author_name, subject_id, rating, text,
			created, visible_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
			r.BookingID, r.ByBuyer, r.AuthorID, r.AuthorName, r.SubjectID, r.Rating, r.Text, now, visible).Scan(&r.ID)
		if isUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "You have already reviewed this booking")
		}
		if err != nil {
			return referenceGone(err)
		}
		// The second review of a booking: both are seen from now on.
		tag, err := tx.Exec(ctx, `UPDATE reviews SET visible_at = $1
			WHERE booking_id = $2 AND visible_at > $1 AND (SELECT count(*) FROM reviews WHERE booking_id = $2) = 2`,
			now, r.BookingID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() > 0 {
			visible = now
		}
		r.Product, r.Created, r.VisibleFrom = product, fromMillis(now), fromMillis(visible)
		return nil
	})
}

func (db *DB) ReviewByID(ctx context.Context, id int64) (*app.Review, error) {
	r, err := scanReview(db.pool.QueryRow(ctx, `SELECT `+reviewColumns+` FROM reviews r JOIN bookings b ON b.id = r.booking_id
		WHERE r.id = $1 AND r.visible_at <= $2 AND r.hidden_at IS NULL`, id, db.millis()))
	if err != nil {
		return nil, notFound(err, "Review")
	}
	return &r, nil
}

func (db *DB) ReviewsOf(ctx context.Context, userID int64, page app.Page) (app.List[app.Review], error) {
	return readList(ctx, db, page, reviewsOfCount, reviewsOfPage, []any{userID, db.millis()}, scanReview)
}

func (db *DB) RatingOf(ctx context.Context, userID int64) (app.Rating, error) {
	var sum, count int64
	err := db.pool.QueryRow(ctx, ratingOf, userID, db.millis()).Scan(&sum, &count)
	return app.NewRating(int(sum), int(count)), err
}

func (db *DB) HideReview(ctx context.Context, id int64, reason string, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE reviews SET hidden_at = coalesce(hidden_at, $1), hidden_reason = $2 WHERE id = $3`,
			db.millis(), reason, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindNotFound, "No review with this id")
		}
		return db.record(ctx, tx, audit)
	})
}
