package wire

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"rehome/app"
)

// encodingJSON is what json.Encoder writes for v, without its newline.
func encodingJSON(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// TestProductAppendJSON keeps the fast encoding byte for byte equal to
// encoding/json's, on tricky strings and on random ones.
func TestProductAppendJSON(t *testing.T) {
	tricky := []string{"", "plain", `quote " and \ backslash`, "<script>&amp;</script>", "tab\tnew\nline\rcr",
		"\b\f\x00\x01\x1f\x7f", "café ünïcödé 日本 🛋️", "line\u2028para\u2029", "bad \xff\xfe utf-8 \xc3", "\xe2\x80",
		strings.Repeat("long ", 300)}
	rng := rand.New(rand.NewPCG(1, 2))
	randomString := func() string {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		return string(b)
	}
	var products []app.Product
	for i, s := range tricky {
		products = append(products, app.Product{ID: int64(i), Category: s, Name: s, Description: s, Image: s, ThumbURL: s,
			Condition: app.Condition(s), Location: s, OriginalPrice: new(app.Cents(i * 1234)), ResalePrice: app.Cents(i * 50), Seller: s,
			SellerEmail: s, SellerPhone: s, SellerVerified: i%2 == 0, PurchaseYear: new(2000 + i), UsePeriod: new(s),
			Status: app.ProductStatus(s), Created: time.Date(2026, 11, 22, 10, 15, i, i*1_000_000, time.UTC)})
		if i%3 == 0 { // a product's own page carries its seller's rating
			products[i].SellerRating = &app.Rating{Average: app.NewRating(i*7%26, 5).Average, Count: i}
		}
	}
	for i := range 500 {
		products = append(products, app.Product{ID: rng.Int64(), Category: randomString(), Name: randomString(),
			Description: randomString(), Location: randomString(), Seller: randomString(),
			OriginalPrice: new(app.Cents(rng.Int64N(1e10))), ResalePrice: app.Cents(rng.Int64N(1000)), PurchaseYear: new(rng.IntN(3000)),
			Created: time.UnixMilli(rng.Int64N(4e12)).UTC(), SellerVerified: i%3 == 0,
			Contact: app.SellerContact{Email: randomString(), Phone: randomString(), ShowPhone: i%2 == 0}})
		// Each viewer sees both contact details, the phone alone, or neither.
		// Optional details are given, or left out (null).
		if p := &products[len(products)-1]; i%4 == 0 {
			p.OriginalPrice, p.PurchaseYear = nil, nil
		} else {
			p.UsePeriod = new(randomString())
		}
		switch p := &products[len(products)-1]; i % 3 {
		case 1:
			p.SellerEmail, p.SellerPhone = p.Contact.Email, p.Contact.Phone
		case 2:
			p.SellerPhone = p.Contact.Phone
		}
	}
	measure := func(f float64) *float64 { return &f }
	booking := int64(42)
	for i, d := range []*app.Dimensions{
		{WidthCM: measure(180), DepthCM: measure(90.5), HeightCM: measure(75)},
		{HeightCM: measure(0.1)}, {WidthCM: measure(1000), DepthCM: measure(1e-7)}, {DepthCM: measure(3e21)}, {},
	} {
		products = append(products, app.Product{ID: int64(i), Dimensions: d, Images: tricky[:i+1], Thumbs: []string{},
			MyBookingID: &booking, Advertised: i%2 == 0, Status: app.StatusReserved})
	}
	products = append(products, app.Product{}) // zero time, zero prices, no lists
	for _, p := range products {
		if got, want := string(AppendProduct(nil, &p)), encodingJSON(t, p); got != want {
			t.Fatalf("AppendProduct\n got %s\nwant %s", got, want)
		}
	}
	for _, l := range []app.List[app.Product]{{Items: products[:3], Total: 7}, {Items: []app.Product{}}, {}} {
		if got, want := string(AppendProducts(nil, l)), encodingJSON(t, l); got != want {
			t.Errorf("AppendProducts\n got %s\nwant %s", got, want)
		}
	}
}

func TestCentsJSON(t *testing.T) {
	for c := app.Cents(-1000); c <= 100_000; c++ {
		got, _ := c.MarshalJSON()
		s := c.String()
		s = strings.TrimSuffix(strings.TrimSuffix(s, "0"), ".0")
		if want := strings.TrimSuffix(s, "."); string(got) != want {
			t.Fatalf("%d: %s, want %s", int64(c), got, want)
		}
	}
	if got, _ := app.MaxCents.MarshalJSON(); string(got) != "10000000" {
		t.Errorf("app.MaxCents: %s", got)
	}
}

func BenchmarkProductJSON(b *testing.B) {
	l := app.List[app.Product]{Total: 4800}
	for i := range 24 {
		l.Items = append(l.Items, app.Product{ID: int64(i), Category: "Sofas", Name: "Solid oak Sofas no. 1234",
			Description: strings.Repeat("Well looked after and ready for a new home. ", 4), Image: "/images/0123456789abcdef0123456789abcdef.jpg",
			ThumbURL: "/images/0123456789abcdef0123456789abcdef-thumb.jpg", Condition: app.ConditionGood, Location: "Riverside",
			OriginalPrice: new(app.Cents(123450)), ResalePrice: 45000, Seller: "Seller 12", SellerEmail: "seller12@bench.rehome.test",
			SellerPhone: "+44 7700 000012", PurchaseYear: new(2019), UsePeriod: new("3 years"), Status: app.StatusAvailable,
			Created: time.Now().UTC()})
	}
	b.Run("encoding/json", func(b *testing.B) {
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			json.NewEncoder(&buf).Encode(l)
		}
	})
	b.Run("AppendJSON", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = AppendProducts(buf[:0], l)
		}
	})
}

// TestPlainWord checks the eight-byte test against the byte table, for
// every byte value at every place in the word.
func TestPlainWord(t *testing.T) {
	for c := range 256 {
		for at := range 8 {
			word := []byte("abcdefgh")
			word[at] = byte(c)
			want := c < utf8.RuneSelf && plainJSON[c]
			if got := plainWord(binary.LittleEndian.Uint64(word)); got != want {
				t.Errorf("byte %#x at %d: got %v, want %v", c, at, got, want)
			}
		}
	}
}
