package app

import (
	"context"
	"io"
)

// Image is a picture this server issued: stored upright, without metadata,
// at most 1600 px on its long side, with a 400 px thumbnail.
type Image struct {
	URL      string `json:"url"`
	ThumbURL string `json:"thumb_url"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
	// UploaderID is who uploaded it; 0 for pictures stored at registration.
	UploaderID int64 `json:"-"`
}

// Image intake limits.
const (
	MaxImageBytes  = 10 << 20
	MaxImagePixels = 40_000_000
)

// ImageIntake checks, re-encodes and stores an uploaded picture.
type ImageIntake interface {
	Save(ctx context.Context, r io.Reader) (*Image, error)
}

// ImageStore remembers which images this server issued, so that products and
// categories can only point at those.
type ImageStore interface {
	RecordImage(ctx context.Context, img *Image, uploaderID int64) error
	// ImageByURL finds an issued image by its full-size URL (not found otherwise).
	ImageByURL(ctx context.Context, url string) (*Image, error)
}
