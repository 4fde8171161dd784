package demo

import (
	"bytes"
	"image/jpeg"
	"regexp"
	"strconv"
	"testing"

	"rehome/app"
)

// Every kind of piece draws a full-size JPEG; Fill draws only those the
// content names.
func TestPictures(t *testing.T) {
	for name := range kinds {
		pic, err := picture(name+" sage oak brass", 1)
		if err != nil {
			t.Fatal(err)
		}
		img, err := jpeg.Decode(bytes.NewReader(pic))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b := img.Bounds(); b.Dx() != picW || b.Dy() != picH {
			t.Errorf("%s: %v", name, b)
		}
	}
	for _, spec := range []string{"", "sofa purple", "unicorn"} {
		if _, err := picture(spec, 1); err == nil {
			t.Errorf("picture(%q) drew something", spec)
		}
	}
	a, _ := picture("sofa", 1)
	b, _ := picture("sofa", 2)
	if bytes.Equal(a, b) {
		t.Error("two seeds drew the same sofa")
	}
}

// The listings are plausible: resale below the original price, used no
// longer than owned, and every booking, advert and report names a listing.
func TestContent(t *testing.T) {
	for _, c := range categories {
		if _, err := parseLook(c.picture); err != nil {
			t.Error(err)
		}
	}
	usePeriod := regexp.MustCompile(`(\d+) (year|month|summer)`)
	names := map[string]bool{}
	for _, p := range products {
		if names[p.name] {
			t.Errorf("two listings named %q", p.name)
		}
		names[p.name] = true
		if _, err := parseLook(p.picture); err != nil {
			t.Error(err)
		}
		original, ok1 := app.ParseCents(p.original)
		resale, ok2 := app.ParseCents(p.resale)
		if !ok1 || !ok2 || resale >= original || resale < original/10 {
			t.Errorf("%s: bought for %s, sold for %s", p.name, p.original, p.resale)
		}
		m := usePeriod.FindStringSubmatch(p.used)
		if m == nil {
			t.Errorf("%s: use period %q", p.name, p.used)
			continue
		}
		years, _ := strconv.ParseFloat(m[1], 64)
		if m[2] == "month" {
			years /= 12
		}
		if p.age < 1 || years > float64(p.age) {
			t.Errorf("%s: used %q but bought %d years ago", p.name, p.used, p.age)
		}
	}
	for _, name := range adverts {
		if !names[name] {
			t.Errorf("advert for unknown listing %q", name)
		}
	}
	for _, b := range bookings {
		if !names[b.product] {
			t.Errorf("booking for unknown listing %q", b.product)
		}
	}
	if !names[report.product] {
		t.Errorf("report on unknown listing %q", report.product)
	}
}
