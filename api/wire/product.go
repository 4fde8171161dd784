// Package wire writes the API's answers byte for byte as encoding/json
// would, products by hand. Budget: the signed-in category page's server CPU
// per request (docs/benchmarks.md).
package wire

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"strconv"
	"time"
	"unicode/utf8"

	"rehome/app"
)

// Products are most of what the API sends, and encoding/json spent about
// as long on a page of them as the database did: it looks every field up
// by reflection and checks again the JSON that Cents and time.Time return.
// AppendProduct writes the same bytes directly; TestProductAppendJSON
// keeps the two equal.

// Encode writes body as json.Encoder does, a newline included. Products
// and their lists, most of what the API sends, take the fast way.
func Encode(buf *bytes.Buffer, body any) error {
	switch v := body.(type) {
	case app.List[app.Product]:
		buf.Write(AppendProducts(buf.AvailableBuffer(), v))
	case app.SearchResult:
		buf.Write(AppendSearchResult(buf.AvailableBuffer(), v))
	case *app.Product:
		buf.Write(AppendProduct(buf.AvailableBuffer(), v))
	default:
		return json.NewEncoder(buf).Encode(body)
	}
	return buf.WriteByte('\n')
}

// AppendProduct appends p's JSON, as encoding/json's Encoder writes it.
func AppendProduct(b []byte, p *app.Product) []byte {
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, p.ID, 10)
	b = append(b, `,"category":`...)
	b = appendJSONString(b, p.Category)
	b = append(b, `,"product":`...)
	b = appendJSONString(b, p.Name)
	b = append(b, `,"description":`...)
	b = appendJSONString(b, p.Description)
	b = append(b, `,"image":`...)
	b = appendJSONString(b, p.Image)
	b = append(b, `,"thumb_url":`...)
	b = appendJSONString(b, p.ThumbURL)
	b = append(b, `,"images":`...)
	b = appendJSONStrings(b, p.Images)
	b = append(b, `,"thumbs":`...)
	b = appendJSONStrings(b, p.Thumbs)
	b = append(b, `,"dimensions":`...)
	b = appendDimensionsJSON(b, p.Dimensions)
	b = append(b, `,"condition":`...)
	b = appendJSONString(b, string(p.Condition))
	b = append(b, `,"location":`...)
	b = appendJSONString(b, p.Location)
	b = append(b, `,"original_price":`...)
	if p.OriginalPrice == nil {
		b = append(b, "null"...)
	} else {
		b = p.OriginalPrice.AppendDecimal(b)
	}
	b = append(b, `,"resale_price":`...)
	b = p.ResalePrice.AppendDecimal(b)
	b = append(b, `,"seller_id":`...)
	b = strconv.AppendInt(b, p.SellerID, 10)
	b = append(b, `,"seller":`...)
	b = appendJSONString(b, p.Seller)
	if p.SellerEmail != "" {
		b = append(b, `,"seller_email":`...)
		b = appendJSONString(b, p.SellerEmail)
	}
	if p.SellerPhone != "" {
		b = append(b, `,"seller_phone":`...)
		b = appendJSONString(b, p.SellerPhone)
	}
	b = append(b, `,"seller_verified":`...)
	b = strconv.AppendBool(b, p.SellerVerified)
	if p.SellerRating != nil {
		b = append(b, `,"seller_rating":{"average":`...)
		b = strconv.AppendFloat(b, p.SellerRating.Average, 'f', -1, 64)
		b = append(b, `,"count":`...)
		b = strconv.AppendInt(b, int64(p.SellerRating.Count), 10)
		b = append(b, '}')
	}
	b = append(b, `,"purchase_year":`...)
	if p.PurchaseYear == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(*p.PurchaseYear), 10)
	}
	b = append(b, `,"use_period":`...)
	if p.UsePeriod == nil {
		b = append(b, "null"...)
	} else {
		b = appendJSONString(b, *p.UsePeriod)
	}
	b = append(b, `,"status":`...)
	b = appendJSONString(b, string(p.Status))
	b = append(b, `,"my_booking_id":`...)
	if p.MyBookingID == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, *p.MyBookingID, 10)
	}
	b = append(b, `,"advertised":`...)
	b = strconv.AppendBool(b, p.Advertised)
	b = append(b, `,"time":`...)
	b = appendJSONTime(b, p.Created)
	return append(b, '}')
}

// AppendProducts appends a list of products as encoding/json writes it.
func AppendProducts(b []byte, l app.List[app.Product]) []byte {
	b = append(b, `{"items":`...)
	if l.Items == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range l.Items {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendProduct(b, &l.Items[i])
		}
		b = append(b, ']')
	}
	b = append(b, `,"total":`...)
	b = strconv.AppendInt(b, int64(l.Total), 10)
	return append(b, '}')
}

// AppendSearchResult appends a search's page as encoding/json writes it.
func AppendSearchResult(b []byte, r app.SearchResult) []byte {
	b = AppendProducts(b, r.List)
	if r.Suggestion == "" {
		return b
	}
	b = append(b[:len(b)-1], `,"suggestion":`...)
	b = appendJSONString(b, r.Suggestion)
	return append(b, '}')
}

// appendJSONStrings appends a list of strings; nil is null.
func appendJSONStrings(b []byte, list []string) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s)
	}
	return append(b, ']')
}

// appendDimensionsJSON appends the measures given, or null.
func appendDimensionsJSON(b []byte, d *app.Dimensions) []byte {
	if d == nil {
		return append(b, "null"...)
	}
	b = append(b, '{')
	first := true
	for _, m := range []struct {
		key   string
		value *float64
	}{{`"width_cm":`, d.WidthCM}, {`"depth_cm":`, d.DepthCM}, {`"height_cm":`, d.HeightCM}} {
		if m.value == nil {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, m.key...)
		b = appendJSONFloat(b, *m.value)
	}
	return append(b, '}')
}

// appendJSONFloat is encoding/json's float64 for the numbers it writes
// without an exponent: measures are from 0.1 to 1000. Others take the
// library's way.
func appendJSONFloat(b []byte, f float64) []byte {
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) || math.IsNaN(f) || math.IsInf(f, 0) {
		text, _ := json.Marshal(f)
		return append(b, text...)
	}
	return strconv.AppendFloat(b, f, 'f', -1, 64)
}

// appendJSONTime is time.Time's MarshalJSON for the years it accepts.
func appendJSONTime(b []byte, t time.Time) []byte {
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"')
}

const hexDigits = "0123456789abcdef"

// plainJSON marks the ASCII bytes a JSON string holds as they are.
var plainJSON = func() (plain [utf8.RuneSelf]bool) {
	for c := byte(0x20); c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return plain
}()

// Masks for testing eight bytes at once (see plainWord).
const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
)

// hasByte reports whether any byte of w equals c, with the classic
// "has zero byte" test on w XOR c in every byte.
func hasByte(w uint64, c byte) bool {
	x := w ^ (lowBits * uint64(c))
	return (x-lowBits)&^x&highBits != 0
}

// plainWord reports whether eight bytes are all ASCII that a JSON string
// holds as it is: no control characters, no byte from 0x80, and none of
// " \ < > &. (Bytes under 0x20 are those where w - 0x20 borrows.)
func plainWord(w uint64) bool {
	if w&highBits != 0 || (w-lowBits*0x20)&^w&highBits != 0 {
		return false
	}
	return !hasByte(w, '"') && !hasByte(w, '\\') && !hasByte(w, '<') && !hasByte(w, '>') && !hasByte(w, '&')
}

// appendJSONString quotes s as encoding/json does by default: with <, >
// and & escaped for HTML, U+2028 and U+2029 escaped for JavaScript, and
// invalid UTF-8 replaced.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		// Most text needs no escaping: skip it eight bytes at a time.
		for i+8 <= len(s) && plainWord(binary.LittleEndian.Uint64([]byte(s[i:i+8]))) {
			i += 8
		}
		if i >= len(s) {
			break
		}
		if c := s[i]; c < utf8.RuneSelf {
			if plainJSON[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
