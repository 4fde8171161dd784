// Package webroutes knows where the web app's screens are, from the web
// app's own route table (pwa/src/lib/paths.ts, written out as routes.json
// by pwa/scripts/routes.mjs), so that the links in mails, phone
// notifications and pages the server writes are never a second copy of it.
package webroutes

import (
	_ "embed"
	"encoding/json"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"rehome/app"
)

//go:embed routes.json
var routesJSON []byte

// patterns are the screens' paths by name, such as "/dashboard/messages/:id".
var patterns = func() map[string]string {
	var m map[string]string
	if err := json.Unmarshal(routesJSON, &m); err != nil {
		panic("webroutes: routes.json: " + err.Error())
	}
	return m
}()

var param = regexp.MustCompile(`:\w+`)

// Pattern is the path of the screen called name in the route table. An
// unknown name is a mistake in the code, caught by its tests.
func Pattern(name string) string {
	pattern, ok := patterns[name]
	if !ok {
		panic("webroutes: the web app has no screen " + strconv.Quote(name))
	}
	return pattern
}

// Prefix is the path of the screen called name up to its first parameter,
// such as "/products/" for "/products/:id": what paths to that screen
// start with.
func Prefix(name string) string {
	prefix, _, _ := strings.Cut(Pattern(name), ":")
	return prefix
}

// PathTo is the path of the screen called name showing value, such as a
// category's name, in its one parameter.
func PathTo(name, value string) string {
	return param.ReplaceAllLiteralString(Pattern(name), url.PathEscape(value))
}

// Path is the path a link opens, with its ID in the screen's parameter and
// its token in the query string, as the screen reads them.
func Path(l app.Link) string {
	path := Pattern(string(l.Screen))
	if strings.Contains(path, ":") {
		path = PathTo(string(l.Screen), strconv.FormatInt(l.ID, 10))
	}
	if l.Token != "" {
		path += "?token=" + url.QueryEscape(l.Token)
	}
	return path
}

// URL links at base, the address people use (no final slash needed).
func URL(base string) app.Linker {
	base = strings.TrimSuffix(base, "/")
	return func(l app.Link) string { return base + Path(l) }
}
