package contract_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	// The generated client's own packages: required here so that go.mod
	// keeps them, and the client builds inside this module.
	_ "github.com/oapi-codegen/nullable"
	_ "github.com/oapi-codegen/runtime"

	"rehome/contract"
)

// TestGoClientGenerates: a Go client generated from the document by
// oapi-codegen (pinned in go.mod as a tool) builds as it is given, and reads
// what the document means: every amount a float64, and "null or X" kept
// apart from "left out" where a client may send either.
func TestGoClientGenerates(t *testing.T) {
	dir := t.TempDir()
	generated := filepath.Join(dir, "client.gen.go")
	config := filepath.Join(dir, "oapi-codegen.yaml")
	// nullable-type: a field that may be null, or left out, is a
	// nullable.Nullable[T], not a pointer that cannot tell the two apart.
	err := os.WriteFile(config, []byte("package: rehomeclient\n"+
		"generate: {models: true, client: true}\n"+
		"output-options: {nullable-type: true}\n"+
		"output: "+generated+"\n"), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	run(t, "go", "tool", "oapi-codegen", "-config", config, "openapi.json")

	// Built as a package of this module, from the temp dir: the overlay
	// puts the file at a path inside the module without writing there.
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	overlay := filepath.Join(dir, "overlay.json")
	replace, _ := json.Marshal(map[string]map[string]string{
		"Replace": {filepath.Join(here, "rehomeclient", "client.gen.go"): generated},
	})
	if err := os.WriteFile(overlay, replace, 0o600); err != nil {
		t.Fatal(err)
	}
	run(t, "go", "build", "-overlay", overlay, "./rehomeclient")

	fields := structFields(t, generated)
	tests := []struct{ field, want string }{
		{"Product.ResalePrice", "float64"},
		{"Product.OriginalPrice", "nullable.Nullable[float64]"},
		{"Product.PurchaseYear", "nullable.Nullable[int]"},
		{"Product.Dimensions", "nullable.Nullable[Dimensions]"},
		{"Dimensions.WidthCm", "*float64"},
		{"Booking.Price", "float64"},
		{"ReportedProduct.ResalePrice", "float64"},
		{"Rating.Average", "float64"},
		{"ProductInput.ResalePrice", "float64"},
		{"ProductInput.OriginalPrice", "nullable.Nullable[float64]"},
		{"ProductInput.PurchaseYear", "nullable.Nullable[int]"},
		{"DimensionsInput.WidthCm", "nullable.Nullable[float64]"},
		{"DimensionsInput.DepthCm", "nullable.Nullable[float64]"},
		{"DimensionsInput.HeightCm", "nullable.Nullable[float64]"},
		// null clears these in a PATCH; left out, they stay.
		{"ProductChanges.Dimensions", "nullable.Nullable[DimensionsInput]"},
		{"ProductChanges.OriginalPrice", "nullable.Nullable[float64]"},
		{"ProductChanges.PurchaseYear", "nullable.Nullable[int]"},
		{"ProductChanges.Description", "nullable.Nullable[string]"},
		{"ProductChanges.ResalePrice", "*float64"},
		{"User.SuspendedUntil", "nullable.Nullable[time.Time]"},
		// Nobody signed in is a 204, which leaves it nil.
		{"GetApiAuthMeResponse.JSON200", "*User"},
	}
	for _, tt := range tests {
		if got, ok := fields[tt.field]; !ok {
			t.Errorf("the client has no %s", tt.field)
		} else if got != tt.want {
			t.Errorf("%s is a %s, want %s", tt.field, got, tt.want)
		}
	}
	for field, typ := range fields {
		if strings.Contains(typ, "float32") {
			t.Errorf("%s is a %s: a number without format double", field, typ)
		}
	}
}

func run(t *testing.T, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// structFields gives the type of each field of each struct type declared in
// the file, as written, keyed "Type.Field".
func structFields(t *testing.T, path string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fields := map[string]string{}
	ast.Inspect(file, func(n ast.Node) bool {
		spec, ok := n.(*ast.TypeSpec)
		if !ok {
			return true
		}
		if st, ok := spec.Type.(*ast.StructType); ok {
			for _, f := range st.Fields.List {
				typ := string(src[fset.Position(f.Type.Pos()).Offset:fset.Position(f.Type.End()).Offset])
				for _, name := range f.Names {
					fields[spec.Name.Name+"."+name.Name] = typ
				}
			}
		}
		return false
	})
	return fields
}

// TestNoAnswerIsNull: a JSON body of null is read by oapi-codegen's client
// as a value of zero fields (it unmarshals into the type, not a pointer),
// so an answer that may be nothing is a status of its own, such as 204.
func TestNoAnswerIsNull(t *testing.T) {
	type response struct {
		Ref     string `json:"$ref"`
		Content map[string]struct {
			Schema json.RawMessage `json:"schema"`
		} `json:"content"`
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Responses map[string]response `json:"responses"`
		} `json:"paths"`
		Components struct {
			Responses map[string]response `json:"responses"`
		} `json:"components"`
	}
	if err := json.Unmarshal(contract.JSON(), &doc); err != nil {
		t.Fatal(err)
	}
	answers := 0
	for path, item := range doc.Paths {
		for method, op := range item {
			for status, r := range op.Responses {
				if name, ok := strings.CutPrefix(r.Ref, "#/components/responses/"); ok {
					r = doc.Components.Responses[name]
				}
				for mediaType, content := range r.Content {
					answers++
					if nullable(content.Schema) {
						t.Errorf("%s %s answers %s %s that may be null", method, path, status, mediaType)
					}
				}
			}
		}
	}
	if answers < 500 {
		t.Errorf("read %d answers: too few to be the document's", answers)
	}
}

// nullable reports whether a schema allows null at its top: "null" in its
// type, or a branch of anyOf or oneOf that does.
func nullable(raw json.RawMessage) bool {
	var s struct {
		Type  json.RawMessage   `json:"type"`
		AnyOf []json.RawMessage `json:"anyOf"`
		OneOf []json.RawMessage `json:"oneOf"`
	}
	if json.Unmarshal(raw, &s) != nil {
		return false
	}
	var types []string
	if json.Unmarshal(s.Type, &types) != nil {
		var one string
		json.Unmarshal(s.Type, &one)
		types = []string{one}
	}
	if slices.Contains(types, "null") {
		return true
	}
	return slices.ContainsFunc(append(s.AnyOf, s.OneOf...), nullable)
}
