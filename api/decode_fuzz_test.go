package api

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"rehome/app"
)

// FuzzDecodeJSON feeds arbitrary bodies to the JSON decoder every handler
// uses: it must never panic, and every refusal must be a client error.
func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{
		`{"email":"a@b.c","password":"secret123"}`,
		`{"category":"Tables","product":"Oak","original_price":"12.50","resale_price":3,"purchase_year":2019}`,
		`{"resale_price":1e999}`, `{"purchase_year":"２０１９"}`, `[]`, `{}{}`, `{"a":1}`, ``, `{"product":`,
		`{"seller":{"nested":[1,2,3]},"time":null}`, "\xff\xfe{}",
		`{"dimensions":{"width_cm":0.04,"depth_cm":"0x1p3","height_cm":"NaN"}}`, `{"dimensions":{"width_cm":1e400}}`,
		`{"dimensions":{"width_cm":"Inf","depth_cm":"-0","height_cm":"999.96"}}`,
		`{"product":"\udc00"}`, `{"product":"\ud83d\ude00"}`, `{"product":"\\ud800"}`, "{\"product\":\"caf\xc3\"}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var product productBody
		checkDecode(t, body, &product)
		var patch productPatch
		checkDecode(t, body, &patch)
		var login loginRequest
		checkDecode(t, body, &login)
	})
}

func checkDecode(t *testing.T, body []byte, dst any) {
	err := decodeJSONBody(bytes.NewReader(body), dst)
	if !utf8.Valid(body) && app.ErrorMessage(err) != "Not valid UTF-8" {
		t.Errorf("body %q is not UTF-8, but decoding said %v", body, err)
	}
	if err == nil {
		if p, ok := dst.(*productBody); ok {
			app.ParseCents(string(p.ResalePrice))
			app.ParseCents(string(p.OriginalPrice))
			if d := p.Dimensions; d != nil {
				for _, text := range []numberText{d.WidthCM, d.DepthCM, d.HeightCM} {
					if cm, ok := app.ParseMeasure(string(text)); ok && !(cm > 0 && cm <= 1000) {
						t.Errorf("measure %q read as %v, which the database refuses", text, cm)
					}
				}
			}
		}
		return
	}
	switch kind := app.ErrorKind(err); kind {
	case app.KindMalformed, app.KindTooLarge:
		if app.ErrorMessage(err) == "" {
			t.Errorf("refusal without a message for %q", body)
		}
	default:
		t.Errorf("body %q: error kind %q (%v), want a client error", body, kind, err)
	}
}
