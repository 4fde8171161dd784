// Package pwa holds the built web app, embedded in the binary. dist/ holds a
// committed placeholder page so the server builds before the web app does.
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
