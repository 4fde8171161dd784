package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
)

func (db *DB) RecordImage(ctx context.Context, img *app.Image, uploaderID int64) error {
	uploader := sql.NullInt64{Int64: uploaderID, Valid: uploaderID != 0}
	_, err := db.exec(ctx, `
		INSERT INTO images (url, thumb_url, width, height, uploader_id, created) VALUES (?, ?, ?, ?, ?, ?)`,
		img.URL, img.ThumbURL, img.Width, img.Height, uploader, db.millis())
	return referenceGone(err)
}

func (db *DB) ImageByURL(ctx context.Context, url string) (*app.Image, error) {
	img := app.Image{URL: url}
	var uploader sql.NullInt64
	err := db.queryRow(ctx, `SELECT thumb_url, width, height, uploader_id FROM images WHERE url = ?`, url).
		Scan(&img.ThumbURL, &img.Width, &img.Height, &uploader)
	if err != nil {
		return nil, notFound(err, "Image")
	}
	img.UploaderID = uploader.Int64
	return &img, nil
}
