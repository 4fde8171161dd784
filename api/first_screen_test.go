package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"rehome/api"
	"rehome/app"
)

// firstScreenOf is what a page carries of the home page's first screen: the
// pictures its head preloads and the lists it holds, by name ("" when
// there are none).
func firstScreenOf(t *testing.T, body []byte) (preloads []string, lists map[string]json.RawMessage) {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	attr := func(n *html.Node, key string) string {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val
			}
		}
		return ""
	}
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch {
		case n.Data == "link" && attr(n, "rel") == "preload" && attr(n, "as") == "image":
			if n.Parent.Data != "head" || attr(n, "fetchpriority") != "high" {
				t.Errorf("preload of %s in <%s>, fetchpriority %q", attr(n, "href"), n.Parent.Data, attr(n, "fetchpriority"))
			}
			preloads = append(preloads, attr(n, "href"))
		case n.Data == "script" && attr(n, "id") == "first-screen":
			if lists != nil || attr(n, "type") != "application/json" || n.FirstChild == nil {
				t.Fatalf("a second or odd first-screen script: %q", attr(n, "type"))
			}
			if err := json.Unmarshal([]byte(n.FirstChild.Data), &lists); err != nil {
				t.Fatalf("the first screen's lists: %v", err)
			}
		}
	}
	return preloads, lists
}

func compactJSON(t *testing.T, data []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	return b.String()
}

// The home page a visitor opens carries its lists as the API answers them
// and preloads the pictures of its first row of adverts; a signed-in
// person's and the service worker's copy carry neither. Its ETag follows
// the lists, and HEAD and If-None-Match still answer as for any page.
func TestHomePageCarriesItsFirstScreen(t *testing.T) {
	t.Parallel()
	s := newShareShop(t, api.Config{})
	names := []string{"Oak table", `Pine </script><script>alert(1)</script> chair`, "Birch shelf"}
	var thumbs []string
	for _, name := range names {
		body := productBody("Tables", s.seller.upload(pngImage(t, 60, 40)).URL)
		body["product"] = name
		r := s.seller.call("POST", "/api/products", body)
		expectStatus(t, r, http.StatusCreated)
		p := decode[app.Product](t, r)
		expectStatus(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": p.ID}), http.StatusCreated)
		thumbs = append(thumbs, p.ThumbURL)
	}
	visitor := s.client()
	home := visitor.call("GET", "/", nil)
	expectStatus(t, home, http.StatusOK)
	if bytes.Contains(home.body, []byte("<script>alert(1)")) {
		t.Error("a product's name ends the lists' script element")
	}

	preloads, lists := firstScreenOf(t, home.body)
	// The newest advert first, two to a row on a phone.
	if want := []string{thumbs[2], thumbs[1]}; !slices.Equal(preloads, want) {
		t.Errorf("preloaded %q, want %q", preloads, want)
	}
	for name, path := range map[string]string{"categories": "/api/categories", "advertised": "/api/advertised?limit=24"} {
		answer := visitor.call("GET", path, nil)
		expectStatus(t, answer, http.StatusOK)
		if got, want := compactJSON(t, lists[name]), compactJSON(t, answer.body); got != want {
			t.Errorf("%s: the page has\n%s\nthe API answers\n%s", name, got, want)
		}
	}

	for _, page := range []struct {
		name string
		c    *client
		path string
	}{{"signed in", s.seller, "/"}, {"the service worker's copy", visitor, "/index.html"}, {"another page", visitor, "/login"}} {
		r := page.c.call("GET", page.path, nil)
		expectStatus(t, r, http.StatusOK)
		if preloads, lists := firstScreenOf(t, r.body); preloads != nil || lists != nil {
			t.Errorf("%s: preloads %q, lists %v", page.name, preloads, lists)
		}
	}
	if r := visitor.call("GET", "/home", nil); !bytes.Equal(r.body, home.body) {
		t.Error("/home is not the home page")
	}

	etag := home.header.Get("ETag")
	if etag == "" {
		t.Fatal("the home page has no ETag")
	}
	expectStatus(t, visitor.send("GET", "/", "", nil, "If-None-Match", etag), http.StatusNotModified)
	head := headersOf(t, visitor, http.MethodHead, "/")
	if head.status != http.StatusOK || head.header.Get("ETag") != etag || len(head.body) != 0 {
		t.Errorf("HEAD: %d, ETag %q, %d bytes", head.status, head.header.Get("ETag"), len(head.body))
	}

	// A new advert is on the page at once, under another ETag.
	body := productBody("Tables", s.seller.upload(pngImage(t, 60, 40)).URL)
	body["product"] = "Elm bench"
	p := decode[app.Product](t, s.seller.call("POST", "/api/products", body))
	expectStatus(t, s.seller.call("POST", "/api/advertised", map[string]any{"product_id": p.ID}), http.StatusCreated)
	again := visitor.send("GET", "/", "", nil, "If-None-Match", etag)
	expectStatus(t, again, http.StatusOK)
	if again.header.Get("ETag") == etag {
		t.Error("the ETag stayed as the lists changed")
	}
	if preloads, lists := firstScreenOf(t, again.body); len(preloads) == 0 || preloads[0] != p.ThumbURL ||
		!strings.Contains(string(lists["advertised"]), "Elm bench") {
		t.Errorf("after a new advert: preloads %q", preloads)
	}
}
