// Package contract publishes the API's contract: an OpenAPI 3.1 document,
// contract/openapi.json, which the server serves at /api/openapi.json and
// from which clients generate their types.
//
// The document is written by hand and the tests hold the code to it, rather
// than being generated from the Go handlers (with huma, say). Generating it
// would hand every handler's routing, decoding and encoding to the
// generator, and the product lists are written by a hand encoder kept for a
// measured budget (docs/benchmarks.md). Instead, each answer the API tests
// receive is validated against the document, so a change on either side
// fails a test until the other follows, and a test walks the route table to
// prove that it and the document name the same operations.
//
// This package reads the document with the standard library alone, so that
// the server does not link an OpenAPI library; the tests use kin-openapi.
package contract

import (
	_ "embed"
	"encoding/json"
	"slices"
)

//go:embed openapi.json
var document []byte

// JSON is the document as written. Callers must not change it.
func JSON() []byte { return document }

// readOnly holds the read-only property names of each component schema.
var readOnly = readOnlyKeys(document)

// ReadOnly names the properties of the component schema that are marked
// readOnly: keys a client may send back with the rest, which the server
// accepts and ignores. Nil for a schema without any, or unknown.
func ReadOnly(schema string) []string {
	return slices.Clone(readOnly[schema])
}

func readOnlyKeys(doc []byte) map[string][]string {
	var d struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct {
					ReadOnly bool `json:"readOnly"`
				} `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		panic("contract: openapi.json is not JSON: " + err.Error())
	}
	keys := map[string][]string{}
	for name, schema := range d.Components.Schemas {
		for property, p := range schema.Properties {
			if p.ReadOnly {
				keys[name] = append(keys[name], property)
			}
		}
		slices.Sort(keys[name])
	}
	return keys
}
