package postgres

import (
	"context"
	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

func (db *DB) AddReview(ctx context.Context, r *app.Review) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return storecore.AddReview(ctx, dialect, core{tx}, r, db.millis()) })
}

func (db *DB) ReviewByID(ctx context.Context, id int64) (*app.Review, error) {
	return storecore.ReviewByID(ctx, core{db.pool}, id, db.millis())
}

func (db *DB) ReviewsOf(ctx context.Context, userID int64, page app.Page) (app.List[app.Review], error) {
	return readList(ctx, db, page, storecore.ReviewsOfCount, storecore.ReviewsOfPage, []any{userID, db.millis()}, storecore.ScanReview)
}

func (db *DB) RatingOf(ctx context.Context, userID int64) (app.Rating, error) {
	return storecore.RatingOf(ctx, core{db.pool}, userID, db.millis())
}

func (db *DB) HideReview(ctx context.Context, id int64, reason string, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if err := storecore.HideReview(ctx, core{tx}, id, reason, db.millis()); err != nil {
			return err
		}
		return db.record(ctx, tx, audit)
	})
}
