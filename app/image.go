package app

import (
	"context"
	"errors"
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

// ImageIntake checks, re-encodes and stores an uploaded picture. uploader is
// the account it is for, whose large pictures wait for each other's turn;
// 0 when there is none (a picture given at registration, or fetched from a
// sign-in provider).
type ImageIntake interface {
	Save(ctx context.Context, uploader int64, r io.Reader) (*Image, error)
}

// ImageStore remembers which images this server issued, so that products and
// categories can only point at those.
type ImageStore interface {
	// RecordImage remembers an issued image, by its URL, and who uploaded
	// it (0: nobody); an uploader removed meanwhile is a conflict.
	RecordImage(ctx context.Context, img *Image, uploaderID int64) error
	// ImageByURL finds an issued image by its full-size URL (not found otherwise).
	ImageByURL(ctx context.Context, url string) (*Image, error)
}

// asFieldError attaches an image intake's message to the form field it came
// from, unless the trouble is the server's rather than the picture's.
func asFieldError(err error, field string) error {
	var e *Error
	if errors.As(err, &e) && e.Kind != KindInternal && e.Kind != KindUnavailable && len(e.Fields) == 0 {
		return &Error{Kind: e.Kind, Message: e.Message, Fields: map[string]string{field: e.Message}}
	}
	return err
}
