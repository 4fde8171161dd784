package contract_test

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"rehome/contract"
)

func TestDocumentIsValidOpenAPI31(t *testing.T) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(contract.JSON())
	if err != nil {
		t.Fatal(err)
	}
	if !doc.IsOpenAPI31OrLater() {
		t.Errorf("openapi %q, want 3.1", doc.OpenAPI)
	}
	if err := doc.Validate(loader.Context); err != nil {
		t.Fatal(err)
	}
}

// TestEveryRefResolves walks the document as plain JSON, so that a $ref the
// loader would skip (in an unused schema, say) is found too.
func TestEveryRefResolves(t *testing.T) {
	var doc any
	if err := json.Unmarshal(contract.JSON(), &doc); err != nil {
		t.Fatal(err)
	}
	refs := 0
	var walk func(at string, v any)
	walk = func(at string, v any) {
		switch v := v.(type) {
		case map[string]any:
			if ref, ok := v["$ref"].(string); ok {
				refs++
				if _, err := pointer(doc, ref); err != nil {
					t.Errorf("%s: $ref %q: %v", at, ref, err)
				}
			}
			for k, child := range v {
				walk(at+"/"+k, child)
			}
		case []any:
			for _, child := range v {
				walk(at+"/[]", child)
			}
		}
	}
	walk("#", doc)
	if refs == 0 {
		t.Fatal("no $ref found: the walk reads nothing")
	}
}

// pointer follows a local JSON pointer such as #/components/schemas/Error.
func pointer(doc any, ref string) (any, error) {
	path, ok := strings.CutPrefix(ref, "#/")
	if !ok {
		return nil, errNotLocal
	}
	v := doc
	for _, part := range strings.Split(path, "/") {
		part = strings.NewReplacer("~1", "/", "~0", "~").Replace(part)
		switch node := v.(type) {
		case map[string]any:
			if v, ok = node[part]; !ok {
				return nil, errMissing
			}
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(node) {
				return nil, errMissing
			}
			v = node[i]
		default:
			return nil, errMissing
		}
	}
	return v, nil
}

type refError string

func (e refError) Error() string { return string(e) }

const (
	errNotLocal = refError("not a reference inside the document")
	errMissing  = refError("nothing there")
)

func TestReadOnly(t *testing.T) {
	tests := []struct {
		schema string
		want   []string
	}{
		// The keys of a product a client may send back and the server
		// ignores: they come from the account, the clock and the viewer.
		{"Product", []string{"advertised", "id", "my_booking_id", "seller", "seller_email", "seller_id", "seller_verified", "thumb_url", "thumbs", "time"}},
		{"Error", nil},
		{"NoSuchSchema", nil},
	}
	for _, tt := range tests {
		t.Run(tt.schema, func(t *testing.T) {
			if got := contract.ReadOnly(tt.schema); !slices.Equal(got, tt.want) {
				t.Errorf("ReadOnly(%q) = %q, want %q", tt.schema, got, tt.want)
			}
		})
	}
}

func TestReadOnlyGivesACopy(t *testing.T) {
	contract.ReadOnly("Product")[0] = "changed"
	if got := contract.ReadOnly("Product")[0]; got == "changed" {
		t.Error("a caller's change reached the next caller")
	}
}

// TestEveryEventHasItsData: the names a client may be sent and the data
// each carries are one list.
func TestEveryEventHasItsData(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(contract.JSON())
	if err != nil {
		t.Fatal(err)
	}
	schemas := doc.Components.Schemas
	var names []string
	for _, name := range schemas["EventName"].Value.Enum {
		names = append(names, name.(string))
	}
	var withData []string
	for name := range schemas["LiveEventData"].Value.Properties {
		withData = append(withData, name)
	}
	slices.Sort(names)
	slices.Sort(withData)
	if len(names) == 0 || !slices.Equal(names, withData) {
		t.Errorf("EventName %q, LiveEventData %q", names, withData)
	}
}

// TestPathIdsAreIntegers: a path parameter under /api that names a row by
// its number is an integer of at least 1, as the server reads it (anything
// else names nothing: 404), whatever the parameter is called; a client
// generated from the document then takes the number, not its text. Only the
// parameters below name things by text.
func TestPathIdsAreIntegers(t *testing.T) {
	byText := map[string]string{
		"GET /api/posts/{post}":                 "a slug",
		"GET /api/users/admin/{user}":           "an email",
		"GET /api/users/seller/{user}":          "an email",
		"GET /api/users/seller/verified/{user}": "an email",
		"GET /api/myproducts/{email}":           "an email",
		"GET /api/categories/{name}":            "a category's name",
		"PATCH /api/categories/{name}":          "a category's name",
		"DELETE /api/auth/sessions/{id}":        "a session's id, made from its cookie",
	}
	doc, err := openapi3.NewLoader().LoadFromData(contract.JSON())
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for path, item := range doc.Paths.Map() {
		if !strings.HasPrefix(path, "/api/") {
			continue
		}
		for method, op := range item.Operations() {
			for _, ref := range slices.Concat(item.Parameters, op.Parameters) {
				p := ref.Value
				if p.In != openapi3.ParameterInPath {
					continue
				}
				seen++
				at := method + " " + path
				_, text := byText[at]
				schema := p.Schema.Value
				isID := schema.Type.Is(openapi3.TypeInteger) && schema.Min != nil && *schema.Min == 1
				if text && !schema.Type.Is(openapi3.TypeString) {
					t.Errorf("%s: {%s} is %v, want a string", at, p.Name, schema.Type.Slice())
				}
				if !text && !isID {
					t.Errorf("%s: {%s} is %v (minimum %v), want an integer of at least 1", at, p.Name, schema.Type.Slice(), minimum(schema))
				}
			}
		}
	}
	if seen < 50 {
		t.Errorf("%d path parameters: too few to be the whole document", seen)
	}
}

func minimum(s *openapi3.Schema) any {
	if s.Min == nil {
		return "none"
	}
	return *s.Min
}
