package api

import (
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"rehome/app"
)

// TestReadOnlyKeysAreIgnored: each body takes its schema's read-only keys
// and drops them, and still refuses a key it does not know.
func TestReadOnlyKeysAreIgnored(t *testing.T) {
	for _, tc := range []struct {
		schema string
		decode func(body string) error
	}{
		{"ProductInput", func(body string) error {
			var b productBody
			return decodeIgnoring(httptest.NewRecorder(), jsonRequest(body), productBodyIgnoring, &b)
		}},
		{"ProductChanges", func(body string) error {
			var p productPatch
			return decodeIgnoring(httptest.NewRecorder(), jsonRequest(body), productPatchIgnoring, &p)
		}},
	} {
		t.Run(tc.schema, func(t *testing.T) {
			keys := readOnlyKeys(tc.schema)
			if len(keys) == 0 {
				t.Fatal("no read-only keys")
			}
			for _, key := range keys {
				if err := tc.decode(`{"product":"Oak table","` + key + `":{"any":[1,"thing"]}}`); err != nil {
					t.Errorf("%s refused: %v", key, err)
				}
			}
			err := tc.decode(`{"product":"Oak table","colour":"red"}`)
			if e, ok := err.(*app.Error); !ok || e.Kind != app.KindMalformed || e.Fields["colour"] != "Unknown field" {
				t.Errorf("an unknown key: %v, want it refused", err)
			}
		})
	}
}

// TestDecodingKeepsTheBody: what the body's own keys say arrives whole.
func TestDecodingKeepsTheBody(t *testing.T) {
	var b productBody
	body := `{"product":"Oak table","resale_price":120.5,"dimensions":{"width_cm":"80"},"images":["/a","/b"],"time":"x"}`
	if err := decodeIgnoring(httptest.NewRecorder(), jsonRequest(body), productBodyIgnoring, &b); err != nil {
		t.Fatal(err)
	}
	want := app.ProductInput{Product: "Oak table", ResalePrice: "120.5", Images: []string{"/a", "/b"},
		Dimensions: &app.DimensionsInput{WidthCM: "80"}}
	if got := b.input(); !reflect.DeepEqual(got, want) {
		t.Errorf("decoded %+v, want %+v", got, want)
	}
}

func jsonRequest(body string) *http.Request {
	r := httptest.NewRequest("POST", "/api/products", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return r
}

// TestAReadOnlyKeyTheBodyReadsStaysRead: were a key both read-only and the
// body's own, the body would still read it.
func TestAReadOnlyKeyTheBodyReadsStaysRead(t *testing.T) {
	withType := withIgnoredKeys(reflect.TypeFor[productBody](), []string{"seller_phone", "time"})
	var b productBody
	if err := decodeIgnoring(httptest.NewRecorder(), jsonRequest(`{"seller_phone":"555 0100","time":1}`), withType, &b); err != nil {
		t.Fatal(err)
	}
	if b.SellerPhone != "555 0100" {
		t.Errorf("seller_phone read as %q", b.SellerPhone)
	}
}
