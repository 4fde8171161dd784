package api_test

import (
	"net/http"
	"strings"
	"testing"

	"rehome/app"
)

// Bytes that are not UTF-8 answer 400 'Not valid UTF-8' wherever they come
// in, before any handler can misread them.
func TestInvalidUTF8IsRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	seller, _ := e.register("Sam Seller", "seller@example.com", app.RoleSeller)
	jsonBody := func(c *client, method, path, body string) func() *response {
		return func() *response { return c.send(method, path, "application/json", strings.NewReader(body)) }
	}
	get := func(path string) func() *response {
		return func() *response { return e.client().call("GET", path, nil) }
	}
	form := registerForm("Mal\xffformed", "mal@example.com", "Buyer")
	for _, tc := range []refusal{
		{"a JSON string with a stray byte", jsonBody(e.client(), "POST", "/api/auth/login", `{"email":"seller@example.com","password":"`+"\xff\xfe"+`"}`),
			http.StatusBadRequest, "Not valid UTF-8", nil},
		{"a JSON string cut inside a character", jsonBody(seller, "POST", "/api/products", `{"product":"caf`+"\xc3"+`"}`),
			http.StatusBadRequest, "Not valid UTF-8", nil},
		{"a JSON lone low surrogate", jsonBody(seller, "POST", "/api/products", `{"product":"\udc00"}`),
			http.StatusBadRequest, "Not valid UTF-8", nil},
		{"a JSON high surrogate without its pair", jsonBody(seller, "POST", "/api/products", `{"product":"\ud83dx"}`),
			http.StatusBadRequest, "Not valid UTF-8", nil},
		{"a JSON surrogate pair in the wrong order", jsonBody(seller, "POST", "/api/products", `{"product":"\ude00\ud83d"}`),
			http.StatusBadRequest, "Not valid UTF-8", nil},
		{"a search for a stray byte", get("/api/products?q=%FF"), http.StatusBadRequest, "Not valid UTF-8", nil},
		{"a search by a location cut inside a character", get("/api/products?location=caf%C3"), http.StatusBadRequest, "Not valid UTF-8", nil},
		{"a parameter name that is not UTF-8", get("/api/products?%FF=1"), http.StatusBadRequest, "Not valid UTF-8", nil},
		{"a page of a category", get("/api/categories/Tables?limit=%FF"), http.StatusBadRequest, "Not valid UTF-8", nil},
		{"a form field", func() *response { return e.client().form("/api/auth/register", form, nil) },
			http.StatusBadRequest, "Not valid UTF-8", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := e.fingerprint(t)
			expectError(t, tc.send(), tc.status, tc.message, tc.fields)
			if diff := fingerprintDiff(before, e.fingerprint(t)); diff != "" {
				t.Errorf("a refused request changed what is stored:\n%s", diff)
			}
		})
	}

	t.Run("UTF-8 and escaped pairs pass", func(t *testing.T) {
		expectStatus(t, seller.call("GET", "/api/products?q=caf%C3%A9", nil), http.StatusOK)
		r := e.client().send("POST", "/api/auth/login", "application/json",
			strings.NewReader(`{"email":"seller@example.com","password":"caf\u00e9 \ud83d\ude00 `+"é"+` \\udc00"}`))
		expectError(t, r, http.StatusUnauthorized, "Invalid email or password", nil)
	})
}

// A NUL (U+0000) in a path, a query or a text field answers 400 on either
// store, before any route reads it: PostgreSQL's text cannot hold one.
func TestNULIsRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	seller, _ := e.register("Sam Seller", "seller@example.com", app.RoleSeller)
	jsonBody := func(c *client, method, path, body string) func() *response {
		return func() *response { return c.send(method, path, "application/json", strings.NewReader(body)) }
	}
	get := func(path string) func() *response {
		return func() *response { return seller.call("GET", path, nil) }
	}
	const nul = "Not valid text: it holds a NUL character"
	form := registerForm("Nul\x00Name", "nul@example.com", "Buyer")
	for _, tc := range []refusal{
		{"an anonymous login's escaped email", jsonBody(e.client(), "POST", "/api/auth/login", `{"email":"seller\u0000@example.com","password":"secret123"}`),
			http.StatusBadRequest, nul, nil},
		{"an anonymous login's raw password", jsonBody(e.client(), "POST", "/api/auth/login", `{"email":"seller@example.com","password":"a`+"\x00"+`b"}`),
			http.StatusBadRequest, nul, nil},
		{"a listing's name", jsonBody(seller, "POST", "/api/products", `{"product":"Oak\u0000table"}`), http.StatusBadRequest, nul, nil},
		{"a registration's form field", func() *response { return e.client().form("/api/auth/register", form, nil) },
			http.StatusBadRequest, nul, nil},
		{"a search", get("/api/products?q=sofa%00"), http.StatusBadRequest, nul, nil},
		{"a parameter's name", get("/api/products?q%00=sofa"), http.StatusBadRequest, nul, nil},
		{"a listing's id", get("/api/products/1%00"), http.StatusBadRequest, nul, nil},
		{"a category's name", get("/api/categories/Tables%00"), http.StatusBadRequest, nul, nil},
		{"a post's slug", get("/api/posts/news%00"), http.StatusBadRequest, nul, nil},
		{"a seller's email", get("/api/myproducts/seller%00%40example.com"), http.StatusBadRequest, nul, nil},
		{"a page of the web app", get("/products/1%00"), http.StatusBadRequest, nul, nil},
		{"a sitemap", get("/sitemap-1%00.xml"), http.StatusBadRequest, nul, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := e.fingerprint(t)
			expectError(t, tc.send(), tc.status, tc.message, tc.fields)
			if diff := fingerprintDiff(before, e.fingerprint(t)); diff != "" {
				t.Errorf("a refused request changed what is stored:\n%s", diff)
			}
		})
	}

	t.Run("an escaped backslash before u0000 passes", func(t *testing.T) {
		r := e.client().send("POST", "/api/auth/login", "application/json",
			strings.NewReader(`{"email":"seller@example.com","password":"\\u0000"}`))
		expectError(t, r, http.StatusUnauthorized, "Invalid email or password", nil)
	})
	t.Run("in the marketplace's other languages", func(t *testing.T) {
		r := seller.send("GET", "/api/products?q=%00", "", nil, "Accept-Language", "de")
		expectError(t, r, http.StatusBadRequest, "Kein gültiger Text: er enthält ein NUL-Zeichen", nil)
	})
}
