package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// webSize is what a first visit to / downloads of the web app's code, in
// gzip bytes as the server sends it (gzip level 9).
type webSize struct {
	entryJS, entryCSS int // what index.html loads: its script, modulepreloads and stylesheets
	routeJS, routeCSS int // the home route's chunk and its dependencies not loaded already
	files             []string
}

var (
	// Attributes of <script src> and <link href>, in index.html.
	scriptSrc   = regexp.MustCompile(`<script[^>]*\ssrc="([^"]+)"`)
	linkTag     = regexp.MustCompile(`<link[^>]*>`)
	linkHref    = regexp.MustCompile(`\shref="([^"]+)"`)
	linkRel     = regexp.MustCompile(`\srel="([^"]+)"`)
	viteDeps    = regexp.MustCompile(`m\.f=\[([^\]]*)\]`)
	routeImport = `import\(['"` + "`" + `]\./(%s-[\w-]+\.js)['"` + "`" + `]\)[^;]{0,200}?__vite__mapDeps\(\[([\d,]*)\]\)`
)

// measureWebApp reads dist/index.html and gzips what it loads, then adds the
// chunk (and its Vite preload dependencies) that the entry script imports
// for route, such as "home" for /.
func measureWebApp(dist, route string) (webSize, error) {
	html, err := os.ReadFile(filepath.Join(dist, "index.html"))
	if err != nil {
		return webSize{}, err
	}
	var s webSize
	loaded := map[string]bool{}
	add := func(url string, route bool) error {
		name := strings.TrimPrefix(path.Clean("/"+url), "/")
		if loaded[name] {
			return nil
		}
		loaded[name] = true
		n, err := gzipSize(filepath.Join(dist, filepath.FromSlash(name)))
		if err != nil {
			return err
		}
		s.files = append(s.files, fmt.Sprintf("%s %d", name, n))
		switch {
		case strings.HasSuffix(name, ".css") && route:
			s.routeCSS += n
		case strings.HasSuffix(name, ".css"):
			s.entryCSS += n
		case route:
			s.routeJS += n
		default:
			s.entryJS += n
		}
		return nil
	}
	var entries []string
	for _, m := range scriptSrc.FindAllSubmatch(html, -1) {
		entries = append(entries, string(m[1]))
		if err := add(string(m[1]), false); err != nil {
			return s, err
		}
	}
	for _, tag := range linkTag.FindAll(html, -1) {
		rel, href := linkRel.FindSubmatch(tag), linkHref.FindSubmatch(tag)
		if rel == nil || href == nil {
			continue
		}
		if r := string(rel[1]); r == "stylesheet" || r == "modulepreload" {
			if err := add(string(href[1]), false); err != nil {
				return s, err
			}
		}
	}
	if route == "" {
		return s, nil
	}
	for _, entry := range entries {
		js, err := os.ReadFile(filepath.Join(dist, filepath.FromSlash(strings.TrimPrefix(path.Clean("/"+entry), "/"))))
		if err != nil {
			return s, err
		}
		chunk, deps := routeChunk(js, route)
		if chunk == "" {
			continue
		}
		if err := add(path.Join(path.Dir(entry), chunk), true); err != nil {
			return s, err
		}
		for _, dep := range deps {
			if err := add(dep, true); err != nil {
				return s, err
			}
		}
	}
	return s, nil
}

// routeChunk finds, in Vite's output, the chunk a lazy route imports and the
// files Vite preloads with it (listed in __vite__mapDeps, relative to the
// site's root).
func routeChunk(js []byte, route string) (string, []string) {
	m := regexp.MustCompile(fmt.Sprintf(routeImport, regexp.QuoteMeta(route))).FindSubmatch(js)
	if m == nil {
		return "", nil
	}
	var all []string
	if list := viteDeps.FindSubmatch(js); list != nil {
		for _, quoted := range strings.Split(string(list[1]), ",") {
			all = append(all, strings.Trim(quoted, "\"'`"))
		}
	}
	var deps []string
	for _, index := range strings.Split(string(m[2]), ",") {
		i, err := strconv.Atoi(index)
		if err == nil && i < len(all) {
			deps = append(deps, all[i])
		}
	}
	return string(m[1]), deps
}

func gzipSize(name string) (int, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return 0, err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	return buf.Len(), nil
}
