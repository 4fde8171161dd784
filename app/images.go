package app

import (
	"context"
	"io"
	"strconv"
	"time"
)

// Decoding a picture costs a fraction of a second of CPU and up to a few
// hundred MB, so one account may not keep the server busy with uploads.
const UploadsPerHour = 120

// Images are the pictures people upload, kept for their products,
// categories and profiles.
type Images struct {
	store   ImageStore
	intake  ImageIntake
	uploads *AttemptLimiter
	now     func() time.Time
}

// ImagesDeps are what Images is built from.
type ImagesDeps struct {
	Images ImageStore
	Intake ImageIntake
	Limits RateLimits // uploads per person
}

func NewImages(d ImagesDeps) *Images {
	return &Images{store: d.Images, intake: d.Intake, now: utcNow,
		uploads: newAttemptLimiter(d.Limits, "uploads", Limit{UploadsPerHour, time.Hour})}
}

// UploadImage takes a picture from a signed-in user for later use in a
// product or category.
func (s *Images) UploadImage(ctx context.Context, actor *User, r io.Reader) (*Image, error) {
	if err := RequireUser(actor); err != nil {
		return nil, err
	}
	key, now := strconv.FormatInt(actor.ID, 10), s.now()
	if wait := s.uploads.Take(key, now); wait > 0 {
		return nil, rateLimited("Too many uploads. Try again later.", wait)
	}
	return s.keep(ctx, actor.ID, r)
}

// keep takes a picture through the intake and remembers it as uploader's
// (0: nobody's, as at registration).
func (s *Images) keep(ctx context.Context, uploader int64, r io.Reader) (*Image, error) {
	img, err := s.intake.Save(ctx, uploader, r)
	if err != nil {
		return nil, asFieldError(err, "image")
	}
	if err := s.store.RecordImage(ctx, img, uploader); err != nil {
		return nil, err
	}
	return img, nil
}

// ownImage makes sure url names an image this server stored for actor, so
// nobody can list a product with somebody else's photo.
func (s *Images) ownImage(ctx context.Context, actor *User, v *Validator, url, field string) (*Image, error) {
	if v.Has(field) {
		return nil, nil
	}
	img, err := s.store.ImageByURL(ctx, url)
	if err != nil && ErrorKind(err) != KindNotFound {
		return nil, err
	}
	v.Check(err == nil && img.UploaderID == actor.ID, field, "Upload the image first")
	return img, nil
}
