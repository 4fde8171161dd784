package api

import (
	"bytes"
	"cmp"
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"rehome/app"
	"rehome/contract"
)

// readOnlyKeys are the keys of a product that a client may send back as it
// read them in the body of the schema named, the contract's read-only
// properties: the decoder accepts them and throws them away, and still
// refuses any other key it does not know. The seller's fields stay the
// account's; the rest follow from other fields or from other people.
func readOnlyKeys(schema string) []string { return contract.ReadOnly(schema) }

// productBody is the body of POST /api/products.
type productBody struct {
	Category      string          `json:"category"`
	Product       string          `json:"product"`
	Description   string          `json:"description"`
	Image         string          `json:"image"`
	Images        []string        `json:"images"`
	Dimensions    *dimensionsBody `json:"dimensions"`
	Condition     app.Condition   `json:"condition"`
	Location      string          `json:"location"`
	OriginalPrice numberText      `json:"original_price"`
	ResalePrice   numberText      `json:"resale_price"`
	SellerPhone   string          `json:"seller_phone"`
	PurchaseYear  numberText      `json:"purchase_year"`
	UsePeriod     string          `json:"use_period"`
}

func (b *productBody) input() app.ProductInput {
	return app.ProductInput{
		Category: b.Category, Product: b.Product, Description: b.Description, Image: b.Image, Images: b.Images,
		Dimensions: b.Dimensions.input(), Condition: b.Condition, Location: b.Location,
		OriginalPrice: app.NumberText(b.OriginalPrice), ResalePrice: app.NumberText(b.ResalePrice),
		SellerPhone: b.SellerPhone, PurchaseYear: app.NumberText(b.PurchaseYear), UsePeriod: b.UsePeriod,
	}
}

type dimensionsBody struct {
	WidthCM  numberText `json:"width_cm"`
	DepthCM  numberText `json:"depth_cm"`
	HeightCM numberText `json:"height_cm"`
}

func (d *dimensionsBody) input() *app.DimensionsInput {
	if d == nil {
		return nil
	}
	return &app.DimensionsInput{WidthCM: app.NumberText(d.WidthCM), DepthCM: app.NumberText(d.DepthCM),
		HeightCM: app.NumberText(d.HeightCM)}
}

// productPatch is the body of PATCH /api/products/{id}: the keys given
// change, the rest stay. Dimensions given as null are cleared, and so is an
// optional detail given as null or "".
type productPatch struct {
	Category      *string         `json:"category"`
	Product       *string         `json:"product"`
	Description   clearableText   `json:"description"`
	Condition     *app.Condition  `json:"condition"`
	Location      *string         `json:"location"`
	OriginalPrice clearableNumber `json:"original_price"`
	ResalePrice   *numberText     `json:"resale_price"`
	PurchaseYear  clearableNumber `json:"purchase_year"`
	UsePeriod     clearableText   `json:"use_period"`
	Image         *string         `json:"image"`
	Images        []string        `json:"images"`
	Dimensions    json.RawMessage `json:"dimensions"`
}

// changes are the patch's changes. Dimensions that cannot be read are
// refused by the service, after it has checked who may edit.
func (p *productPatch) changes() app.ProductChanges {
	c := app.ProductChanges{
		Category: p.Category, Product: p.Product, Description: p.Description.given, Condition: p.Condition,
		Location: p.Location, OriginalPrice: p.OriginalPrice.given,
		ResalePrice: (*app.NumberText)(p.ResalePrice), PurchaseYear: p.PurchaseYear.given,
		UsePeriod: p.UsePeriod.given, Image: p.Image, Images: p.Images,
	}
	if len(p.Dimensions) > 0 {
		c.DimensionsGiven = true
		var d *dimensionsBody
		if err := json.Unmarshal(p.Dimensions, &d); err != nil {
			c.Unreadable = map[string]string{"dimensions": app.DimensionsMessage}
		}
		c.Dimensions = d.input()
	}
	return c
}

// clearableText is an optional text of a patch: nil when the key is left
// out, and "" (which clears it) when it is null. A plain pointer would read
// null as left out, and a client could not clear what the document types as
// "null or text".
type clearableText struct{ given *string }

func (c *clearableText) UnmarshalJSON(data []byte) error {
	var text *string
	if err := json.Unmarshal(data, &text); err != nil {
		return err
	}
	c.given = cmp.Or(text, new(string))
	return nil
}

// clearableNumber is clearableText for a number: null reads as "".
type clearableNumber struct{ given *app.NumberText }

func (c *clearableNumber) UnmarshalJSON(data []byte) error {
	var n numberText
	if err := n.UnmarshalJSON(data); err != nil {
		return err
	}
	c.given = (*app.NumberText)(&n)
	return nil
}

// numberText holds a JSON number or string exactly as sent, so that a bad
// value becomes a field message at validation instead of a decoding error.
type numberText app.NumberText

func (n *numberText) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch {
	case bytes.Equal(data, []byte("null")):
		*n = ""
	case len(data) > 0 && data[0] == '"':
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		*n = numberText(s)
	case len(data) > 0 && (data[0] == '-' || (data[0] >= '0' && data[0] <= '9')):
		*n = numberText(data)
	default:
		// A type error lets the decoder name the field at fault.
		return &json.UnmarshalTypeError{Value: "non-number", Type: reflect.TypeFor[app.NumberText]()}
	}
	return nil
}

// A body type with a field more for each of its schema's read-only keys.
var (
	productBodyIgnoring  = withIgnoredKeys(reflect.TypeFor[productBody](), readOnlyKeys("ProductInput"))
	productPatchIgnoring = withIgnoredKeys(reflect.TypeFor[productPatch](), readOnlyKeys("ProductChanges"))
)

// withIgnoredKeys is body's fields and one more for each key, so that the
// decoder accepts those keys, and only those, beside body's own. A key the
// body reads itself stays the body's.
func withIgnoredKeys(body reflect.Type, keys []string) reflect.Type {
	fields := reflect.VisibleFields(body)
	own := map[string]bool{}
	for _, f := range fields {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		own[name] = true
	}
	for i, key := range keys {
		if own[key] {
			continue
		}
		fields = append(fields, reflect.StructField{Name: "Ignored" + strconv.Itoa(i),
			Type: reflect.TypeFor[json.RawMessage](), Tag: reflect.StructTag(`json:"` + key + `"`)})
	}
	for i := range fields {
		fields[i].Index, fields[i].Offset = nil, 0
	}
	return reflect.StructOf(fields)
}

// decodeIgnoring decodes a body of type T that may also carry the keys
// withType adds to it.
func decodeIgnoring[T any](w http.ResponseWriter, r *http.Request, withType reflect.Type, dst *T) error {
	v := reflect.New(withType)
	if err := decodeJSON(w, r, v.Interface()); err != nil {
		return err
	}
	body := reflect.ValueOf(dst).Elem()
	for i := range body.NumField() {
		body.Field(i).Set(v.Elem().Field(i))
	}
	return nil
}
