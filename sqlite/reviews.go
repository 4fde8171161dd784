package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
	"rehome/storecore"
)

func (db *DB) AddReview(ctx context.Context, r *app.Review) error {
	return db.inTx(ctx, func(tx *sql.Tx) error { return storecore.AddReview(ctx, dialect, writer{db, tx}, r, db.millis()) })
}

func (db *DB) ReviewByID(ctx context.Context, id int64) (*app.Review, error) {
	return storecore.ReviewByID(ctx, reader{db}, id, db.millis())
}

func (db *DB) ReviewsOf(ctx context.Context, userID int64, page app.Page) (app.List[app.Review], error) {
	return readList(ctx, db, page, storecore.ReviewsOfCount, storecore.ReviewsOfPage, []any{userID, db.millis()}, storecore.ScanReview)
}

func (db *DB) RatingOf(ctx context.Context, userID int64) (app.Rating, error) {
	return storecore.RatingOf(ctx, reader{db}, userID, db.millis())
}

func (db *DB) HideReview(ctx context.Context, id int64, reason string, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if err := storecore.HideReview(ctx, writer{db, tx}, id, reason, db.millis()); err != nil {
			return err
		}
		return db.record(ctx, tx, audit)
	})
}
