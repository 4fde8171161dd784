// Package pwa holds the built web app, embedded in the binary. Only an empty
// dist/.gitkeep is committed, so the Go code builds before the web app does;
// a binary built that way answers with a page saying the web app is missing
// (see api/webapp). make build builds the web app first.
package pwa

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Files is the built web app, rooted at its index.html.
func Files() fs.FS {
	files, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed directive guarantees dist exists
	}
	return files
}
