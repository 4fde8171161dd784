package api_test

import (
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"rehome/app"
)

// TestHeadAnswersAsGet: every GET route, walked from the router so that a
// new one is covered too, answers HEAD with the status and headers of its
// GET, and no body.
func TestHeadAnswersAsGet(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	r := s.seller.call("POST", "/api/products", productBody("Tables", s.picture.URL))
	expectStatus(t, r, http.StatusCreated)
	product := decode[app.Product](t, r)
	post := decode[app.Post](t, s.admin.call("POST", "/api/posts", map[string]string{"title": "Swap day", "body": "Bring a lamp."}))
	samples := map[string]string{
		"id": strconv.FormatInt(product.ID, 10), "name": "Tables", "post": post.Slug, "user": "seller@example.com",
		"email": "seller@example.com", "n": "1", "messageId": "1",
	}
	var paths []string
	router := s.srv.Config.Handler.(chi.Routes)
	err := chi.Walk(router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if method != http.MethodGet {
			return nil
		}
		switch route {
		case "/*": // the web app: its entry page for any route, and its files
			paths = append(paths, "/", "/index.html", "/categories/Tables", "/products/"+strconv.FormatInt(product.ID, 10), "/no/such/page")
		case "/images/*":
			paths = append(paths, s.picture.URL, s.picture.ThumbURL, "/images/none.jpg")
		default:
			paths = append(paths, pathParams.ReplaceAllStringFunc(route, func(p string) string {
				value, ok := samples[strings.Trim(p, "{}")]
				if !ok {
					t.Errorf("%s: no sample for %s", route, p)
				}
				return value
			}))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 50 {
		t.Fatalf("the walk found %d GET routes: too few to be the whole table", len(paths))
	}
	for _, p := range paths {
		for _, who := range []struct {
			name string
			c    *client
		}{{"anonymous", s.client()}, {"admin", s.admin}} {
			t.Run(who.name+" "+p, func(t *testing.T) {
				get := headersOf(t, who.c, http.MethodGet, p)
				head := headersOf(t, who.c, http.MethodHead, p)
				if head.status != get.status {
					t.Errorf("HEAD %d, GET %d", head.status, get.status)
				}
				for _, name := range comparedHeaders {
					if h, g := head.header.Values(name), get.header.Values(name); !slices.Equal(h, g) {
						t.Errorf("%s: HEAD %q, GET %q", name, h, g)
					}
				}
				if len(head.body) != 0 {
					t.Errorf("HEAD answered a body: %.100q", head.body)
				}
			})
		}
	}
}

// A HEAD where no GET is routed is refused as any other method is.
func TestHeadWithoutGet(t *testing.T) {
	t.Parallel()
	r := headersOf(t, newEnv(t).client(), http.MethodHead, "/api/auth/login")
	expectStatus(t, r, http.StatusMethodNotAllowed)
	if allow := r.header.Get("Allow"); allow != "POST" {
		t.Errorf("Allow %q, want POST", allow)
	}
}

// pathParams are a route's parameters, {id} or {n:[0-9]+}.
var pathParams = regexp.MustCompile(`\{[^}]+\}`)

// comparedHeaders are the headers a HEAD must answer as its GET does: all
// but those of the moment (Date), of the body as sent (Content-Length,
// which a streamed GET leaves out) and of the session (Set-Cookie, whose
// expiry moves on).
var comparedHeaders = []string{
	"Content-Type", "Content-Encoding", "Cache-Control", "ETag", "Last-Modified", "Vary", "Location", "Allow",
	"Retry-After", "Content-Disposition", "Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options",
	"Referrer-Policy", "Permissions-Policy", "X-Accel-Buffering",
}

// headersOf sends method to path as c, asking for gzip as a browser does
// (Go's client asks for it on GET alone), and reads the body but of an
// event stream, which does not end.
func headersOf(t *testing.T, c *client, method, p string) *response {
	t.Helper()
	req, err := http.NewRequest(method, c.base+p, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	answer := &response{status: res.StatusCode, header: res.Header}
	if res.Header.Get("Content-Type") != "text/event-stream" {
		if answer.body, err = io.ReadAll(res.Body); err != nil {
			t.Fatal(err)
		}
	}
	return answer
}

// Malformed names of sitemap files answer 404, not the web app's page.
func TestSitemapNamesAreExact(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.client()
	expectStatus(t, c.send("GET", "/sitemap-1.xml", "", nil), http.StatusOK)
	for _, name := range []string{"1.5", "01", "+1", "-1", "0", "abc", "", "1.xml", "2", "99999999999999999999"} {
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			p := "/sitemap-" + name + ".xml"
			t.Run(method+" "+p, func(t *testing.T) {
				r := c.send(method, p, "", nil)
				expectStatus(t, r, http.StatusNotFound)
				if ct := r.header.Get("Content-Type"); strings.HasPrefix(ct, "text/html") {
					t.Errorf("Content-Type %q: the web app's page", ct)
				}
			})
		}
	}
}
