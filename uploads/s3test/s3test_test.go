package s3test_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"testing"

	"rehome/uploads"
	"rehome/uploads/s3test"
)

// Each Server is a bucket of its own that uploads.OpenS3 takes: what one
// test stores, another does not see.
func TestServerGivesAFreshBucket(t *testing.T) {
	var pic bytes.Buffer
	if err := png.Encode(&pic, image.NewGray(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	a, err := uploads.OpenS3(context.Background(), s3test.Server(t))
	if err != nil {
		t.Fatal(err)
	}
	b, err := uploads.OpenS3(context.Background(), s3test.Server(t))
	if err != nil {
		t.Fatal(err)
	}
	img, err := a.Save(context.Background(), 0, &pic)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		store *uploads.Store
		want  int
	}{{a, http.StatusOK}, {b, http.StatusNotFound}} {
		rec := httptest.NewRecorder()
		http.StripPrefix(uploads.URLPrefix, c.store.Handler()).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, img.URL, nil))
		if rec.Code != c.want {
			t.Errorf("GET %s: %d, want %d", img.URL, rec.Code, c.want)
		}
	}
}
