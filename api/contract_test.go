package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/go-chi/chi/v5"
	"golang.org/x/crypto/bcrypt"

	"rehome/api"
	"rehome/app"
	"rehome/contract"
	"rehome/internal/wiring"
)

// loadedContract is the document the API's answers are held to.
type loadedContract struct {
	doc    *openapi3.T
	router routers.Router
}

var apiContract = sync.OnceValues(func() (*loadedContract, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(contract.JSON())
	if err != nil {
		return nil, fmt.Errorf("load contract/openapi.json: %w", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("contract/openapi.json is not valid OpenAPI: %w", err)
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, err
	}
	return &loadedContract{doc: doc, router: router}, nil
})

// checkAnswer fails the test when the answer res (with its body read into
// body) is not one the document gives to its request. Every answer under
// /api and at the other documented paths is checked, errors included; the
// web app's pages, which are any other path, are not the API's.
func checkAnswer(t testing.TB, res *http.Response, body []byte) {
	t.Helper()
	if err := answerError(res, body); err != nil {
		t.Errorf("%s %s answered %d, which contract/openapi.json does not allow: %v\nbody: %.300s",
			res.Request.Method, res.Request.URL.RequestURI(), res.StatusCode, err, body)
	}
}

func answerError(res *http.Response, body []byte) error {
	c, err := apiContract()
	if err != nil {
		return err
	}
	// The request as the server saw it: after any redirects, and a HEAD as
	// the GET it stands for.
	req := res.Request.Clone(context.Background())
	req.Method = strings.Replace(req.Method, http.MethodHead, http.MethodGet, 1)
	req.Body = http.NoBody
	if res.Header.Get("Content-Encoding") == "gzip" && len(body) > 0 {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return fmt.Errorf("gzipped body: %w", err)
		}
		if body, err = io.ReadAll(zr); err != nil {
			return fmt.Errorf("gzipped body: %w", err)
		}
	}
	route, params, err := c.router.FindRoute(req)
	if err != nil {
		// No such operation: an API path answers with an Error, as the
		// document's description says; other paths are the web app's.
		if !strings.HasPrefix(req.URL.Path, "/api/") {
			return nil
		}
		if res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusMethodNotAllowed {
			return fmt.Errorf("no operation in the document: %w", err)
		}
		return errorShape(c.doc, body)
	}
	options := &openapi3filter.Options{IncludeResponseStatus: true, AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}
	mediaType, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type"))
	if res.Request.Method == http.MethodHead {
		options.ExcludeResponseBody = true // it has none
	}
	if mediaType != "" && mediaType != "application/json" {
		// Bodies other than JSON are held to their status and media type.
		options.ExcludeResponseBody = true
		if err := documentedMediaType(route, res.StatusCode, mediaType); err != nil {
			return err
		}
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: options},
		Status:                 res.StatusCode,
		Header:                 res.Header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                options,
	}
	return openapi3filter.ValidateResponse(context.Background(), in)
}

// documentedMediaType checks that the operation answers status with a body
// of mediaType.
func documentedMediaType(route *routers.Route, status int, mediaType string) error {
	response := route.Operation.Responses.Status(status)
	if response == nil || response.Value == nil {
		return fmt.Errorf("status %d is not documented", status)
	}
	if response.Value.Content.Get(mediaType) == nil {
		return fmt.Errorf("status %d has no %q body in the document", status, mediaType)
	}
	return nil
}

// errorShape checks body against the document's Error schema.
func errorShape(doc *openapi3.T, body []byte) error {
	var value any
	if err := json.Unmarshal(body, &value); err != nil {
		return fmt.Errorf("body is not JSON: %w", err)
	}
	return doc.Components.Schemas["Error"].Value.VisitJSON(value, openapi3.EnableJSONSchema2020())
}

// TestRoutesMatchContract walks the route table: every route has its
// operation in the document, and every operation its route, with the same
// path parameters.
func TestRoutesMatchContract(t *testing.T) {
	m, err := wiring.Open(context.Background(), wiring.Location{Dir: t.TempDir()}, wiring.Settings{Hasher: app.BcryptHasher{Cost: bcrypt.MinCost}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	routed := map[string]bool{}
	err = chi.Walk(m.Server(api.Config{}).Handler(), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		switch {
		case route == "/*":
			// The web app's pages: any path the routes above do not take.
		case strings.HasSuffix(route, "/*"):
			// A file server, which chi lists under every method: its files
			// are read with GET.
			if method == http.MethodGet {
				routed[method+" "+strings.TrimSuffix(route, "*")+"{name}"] = true
			}
		default:
			routed[method+" "+route] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	c, err := apiContract()
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for path, item := range c.doc.Paths.Map() {
		for method := range item.Operations() {
			documented[method+" "+path] = true
		}
	}
	for op := range routed {
		if !documented[op] {
			t.Errorf("%s is routed but not in contract/openapi.json", op)
		}
	}
	for op := range documented {
		if !routed[op] {
			t.Errorf("%s is in contract/openapi.json but not routed", op)
		}
	}
	if len(routed) < 80 {
		t.Errorf("the walk found %d routes: too few to be the whole table", len(routed))
	}
}

// TestContractRefusesWhatItShould holds the check itself to account: an
// answer the document does not give must be refused, or every test that
// passes through it proves nothing.
func TestContractRefusesWhatItShould(t *testing.T) {
	site := `{"name":"Rehome","tagline":"","about":"","rules":"","privacy":"","terms":"","contact_email":"","public_listings":false,"language":"en"}`
	product := `{"id":1,"category":"Tables","product":"Oak table","description":"","image":"/images/a.jpg","thumb_url":"/images/a-thumb.jpg",` +
		`"images":["/images/a.jpg"],"thumbs":["/images/a-thumb.jpg"],"dimensions":null,"condition":"Good","location":"Town",` +
		`"original_price":null,"resale_price":120.5,"seller_id":2,"seller":"Sam","seller_verified":false,"purchase_year":null,` +
		`"use_period":null,"status":"Available","my_booking_id":null,"advertised":false,"time":"2026-11-22T10:15:00.000Z"}`
	tests := []struct {
		name, method, path string
		status             int
		contentType, body  string
		ok                 bool
	}{
		{"a site as documented", "GET", "/api/site", 200, "application/json", site, true},
		{"a site's name that is a number", "GET", "/api/site", 200, "application/json", strings.Replace(site, `"Rehome"`, `1`, 1), false},
		{"a site without its name", "GET", "/api/site", 200, "application/json", strings.Replace(site, `"name":"Rehome",`, ``, 1), false},
		{"a status the operation never gives", "GET", "/api/site", http.StatusTeapot, "application/json", `{"error":"Teapot"}`, false},
		{"a product as documented", "GET", "/api/products/1", 200, "application/json", product, true},
		{"a product that leaks a key", "GET", "/api/products/1", 200, "application/json", strings.Replace(product, `"id":1,`, `"id":1,"password_hash":"x",`, 1), false},
		{"a product of an unknown status", "GET", "/api/products/1", 200, "application/json", strings.Replace(product, `"Available"`, `"Lost"`, 1), false},
		{"a product with nine photos", "GET", "/api/products/1", 200, "application/json", strings.Replace(product, `"images":["/images/a.jpg"]`, `"images":["1","2","3","4","5","6","7","8","9"]`, 1), false},
		{"an error as documented", "GET", "/api/products/1", 404, "application/json", `{"error":"Not found"}`, true},
		{"an error without its message", "GET", "/api/products/1", 404, "application/json", `{"fields":{}}`, false},
		{"an error's field message that is not text", "POST", "/api/auth/login", 422, "application/json", `{"error":"x","fields":{"email":1}}`, false},
		{"no route, an error", "GET", "/api/nothing-here", 404, "application/json", `{"error":"Not found"}`, true},
		{"no route, a success", "GET", "/api/nothing-here", 200, "application/json", `{}`, false},
		{"a sitemap as XML", "GET", "/sitemap.xml", 200, "application/xml", `<urlset/>`, true},
		{"a sitemap as HTML", "GET", "/sitemap.xml", 200, "text/html", `<html></html>`, false},
		{"a web app page", "GET", "/dashboard/profile", 200, "text/html", `<html></html>`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, "http://127.0.0.1:8080"+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			res := &http.Response{Request: req, StatusCode: tt.status, Header: http.Header{"Content-Type": {tt.contentType}}}
			err = answerError(res, []byte(tt.body))
			if tt.ok && err != nil {
				t.Errorf("refused: %v", err)
			}
			if !tt.ok && err == nil {
				t.Error("accepted")
			}
		})
	}
}

// TestServesItsContract: the document is served as written, to anyone, and
// a client that holds it is answered 304.
func TestServesItsContract(t *testing.T) {
	e := newEnv(t)
	c := e.client()
	r := c.call("GET", "/api/openapi.json", nil)
	expectStatus(t, r, http.StatusOK)
	if !bytes.Equal(r.body, contract.JSON()) {
		t.Error("the body is not contract/openapi.json")
	}
	for name, want := range map[string]string{"Content-Type": "application/json", "Cache-Control": "no-cache"} {
		if got := r.header.Get(name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	etag := r.header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	again := c.send("GET", "/api/openapi.json", "", nil, "If-None-Match", etag)
	expectStatus(t, again, http.StatusNotModified)
	if len(again.body) != 0 {
		t.Errorf("304 with %d bytes", len(again.body))
	}
	expectStatus(t, c.send("GET", "/api/openapi.json", "", nil, "If-None-Match", `"other"`), http.StatusOK)
	zipped := c.send("GET", "/api/openapi.json", "", nil, "Accept-Encoding", "gzip")
	if zipped.header.Get("Content-Encoding") != "gzip" || len(zipped.body) >= len(contract.JSON()) {
		t.Errorf("asked for gzip: Content-Encoding %q, %d bytes of %d", zipped.header.Get("Content-Encoding"), len(zipped.body), len(contract.JSON()))
	}
}

// checkEvent fails the test when a live event's name or data is not one the
// document describes.
func checkEvent(t testing.TB, name, data string) {
	t.Helper()
	if err := eventError(name, data); err != nil {
		t.Errorf("event %q with data %s: %v", name, data, err)
	}
}

func eventError(name, data string) error {
	c, err := apiContract()
	if err != nil {
		return err
	}
	schemas := c.doc.Components.Schemas
	if err := schemas["EventName"].Value.VisitJSON(name, openapi3.EnableJSONSchema2020()); err != nil {
		return err
	}
	var value any
	if err := json.Unmarshal([]byte(data), &value); err != nil {
		return fmt.Errorf("data is not JSON: %w", err)
	}
	schema := schemas["LiveEventData"].Value.Properties[name]
	if schema == nil {
		return errors.New("LiveEventData has no schema for it")
	}
	return schema.Value.VisitJSON(value, openapi3.EnableJSONSchema2020())
}

func TestContractRefusesStrangeEvents(t *testing.T) {
	tests := []struct {
		name, event, data string
		ok                bool
	}{
		{"a message", "message", `{"conversation_id":3,"message_id":7}`, true},
		{"a booking of a deleted product", "booking", `{"booking_id":3,"product_id":null}`, true},
		{"a reset", "reset", `{}`, true},
		{"an unknown event", "party", `{}`, false},
		{"a message without its id", "message", `{"conversation_id":3}`, false},
		{"an unread count as text", "unread", `{"unread":"3"}`, false},
		{"a reset with data", "reset", `{"why":"restart"}`, false},
		{"data that is not JSON", "unread", `3 unread`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := eventError(tt.event, tt.data)
			if tt.ok && err != nil {
				t.Errorf("refused: %v", err)
			}
			if !tt.ok && err == nil {
				t.Error("accepted")
			}
		})
	}
}

// TestSessionCookieIsDocumented: the cookies the server sets at sign-up are
// the one the document's security scheme names and the cookie parameters
// its operations read.
func TestSessionCookieIsDocumented(t *testing.T) {
	c, err := apiContract()
	if err != nil {
		t.Fatal(err)
	}
	scheme := c.doc.Components.SecuritySchemes["session"]
	if scheme == nil || scheme.Value.In != "cookie" {
		t.Fatal("no cookie security scheme named session")
	}
	e := newEnv(t)
	r := e.client().form("/api/auth/register", map[string]string{
		"name": "Cora Cookie", "email": "cora@example.com", "password": testPassword, "role": "Buyer",
	}, nil)
	expectStatus(t, r, http.StatusCreated)
	documented := map[string]bool{scheme.Value.Name: true}
	for _, item := range c.doc.Paths.Map() {
		for _, op := range item.Operations() {
			for _, p := range op.Parameters {
				if p.Value != nil && p.Value.In == "cookie" {
					documented[p.Value.Name] = true
				}
			}
		}
	}
	var names []string
	for _, cookie := range (&http.Response{Header: r.header}).Cookies() {
		names = append(names, cookie.Name)
		if !documented[cookie.Name] {
			t.Errorf("cookie %q is not in the document", cookie.Name)
		}
	}
	if !slices.Contains(names, scheme.Value.Name) {
		t.Errorf("cookies %q, want the one the security scheme names, %q", names, scheme.Value.Name)
	}
}
