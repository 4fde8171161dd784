package uploads_test

import (
	"bytes"
	"context"
	"path"
	"testing"
)

// BenchmarkSave12MP is a phone photo: 4000x3000, quality 90, with EXIF. The
// budget is 400 ms per upload on 2 cores (go test -bench Save12MP -cpu 2).
// "rotated" carries orientation 6, as portrait shots from phones do, which
// costs a turn of the full bitmap before it is scaled.
func BenchmarkSave12MP(b *testing.B) {
	pic := photo(4000, 3000)
	for _, c := range []struct {
		name        string
		orientation uint16
	}{{"upright", 1}, {"rotated", 6}} {
		upload := encodeJPEG(b, pic, 90, exifAPP1(c.orientation))
		b.Run(c.name, func(b *testing.B) {
			s := newStore(b)
			b.SetBytes(int64(len(upload)))
			b.ReportAllocs()
			for b.Loop() {
				img, err := s.Save(context.Background(), 0, bytes.NewReader(upload))
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				s.drop(path.Base(img.URL))
				s.drop(path.Base(img.ThumbURL))
				b.StartTimer()
			}
		})
	}
}
