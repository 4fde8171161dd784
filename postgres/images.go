package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

func (db *DB) RecordImage(ctx context.Context, img *app.Image, uploaderID int64) error {
	var uploader *int64
	if uploaderID != 0 {
		uploader = &uploaderID
	}
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `
			INSERT INTO images (url, thumb_url, width, height, uploader_id, created) VALUES ($1, $2, $3, $4, $5, $6)`,
			img.URL, img.ThumbURL, img.Width, img.Height, uploader, db.millis())
		return err
	})
	return referenceGone(err)
}

func (db *DB) ImageByURL(ctx context.Context, url string) (*app.Image, error) {
	img := app.Image{URL: url}
	var uploader *int64
	err := db.pool.QueryRow(ctx, `SELECT thumb_url, width, height, uploader_id FROM images WHERE url = $1`, url).
		Scan(&img.ThumbURL, &img.Width, &img.Height, &uploader)
	if err != nil {
		return nil, notFound(err, "Image")
	}
	if uploader != nil {
		img.UploaderID = *uploader
	}
	return &img, nil
}
