package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestBinaryLeavesOutTemplates: text/template and html/template look
// methods up by name, so once linked the linker keeps every exported
// method of every package in the binary. That made it 9 MB larger, and
// the server 5 MB larger under load (docs/benchmarks.md, peak RSS).
func TestBinaryLeavesOutTemplates(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, pkg := range []string{"text/template", "html/template"} {
		if slices.Contains(deps, pkg) {
			t.Errorf("the rehome binary links %s", pkg)
		}
	}
}

// TestImportsPointInward: the domain imports none of the HTTP layer's
// packages, the mechanisms beneath api never import it back, and
// each reaches no further than its job needs (the encoder writes bytes and
// needs no net/http; the caching and client-address packages know nothing
// of the marketplace).
func TestImportsPointInward(t *testing.T) {
	httpLayer := []string{"rehome/api", "rehome/api/httpcache", "rehome/api/wire",
		"rehome/api/eventstream", "rehome/api/sessions", "rehome/api/clientaddr",
		"rehome/api/webapp", "rehome/oidc"}
	tests := []struct {
		pkg     string
		mustNot []string
	}{
		{"rehome/app", httpLayer},
		{"rehome/api/wire", []string{"net/http", "rehome/api"}},
		{"rehome/api/httpcache", []string{"rehome/app", "rehome/api"}},
		{"rehome/api/clientaddr", []string{"rehome/app", "rehome/api"}},
		{"rehome/api/webapp", []string{"rehome/app", "rehome/api"}},
		{"rehome/api/sessions", []string{"rehome/api"}},
		{"rehome/api/eventstream", []string{"rehome/api"}},
		{"rehome/oidc", []string{"rehome/api"}},
		{"rehome/ratelimits", []string{"rehome/api", "rehome/sqlite", "rehome/postgres"}},
		// The SQL both stores share knows neither store nor either driver.
		{"rehome/storecore", append([]string{"rehome/sqlite", "rehome/postgres", "rehome/cache",
			"modernc.org/sqlite", "github.com/jackc/pgx/v5"}, httpLayer...)},
	}
	for _, tt := range tests {
		t.Run(tt.pkg, func(t *testing.T) {
			out, err := exec.Command("go", "list", "-deps", tt.pkg).Output()
			if err != nil {
				t.Skipf("go list: %v", err)
			}
			deps := strings.Fields(string(out))
			for _, pkg := range tt.mustNot {
				if slices.Contains(deps, pkg) {
					t.Errorf("%s imports %s", tt.pkg, pkg)
				}
			}
		})
	}
}

// TestDomainSpeaksNoTransport: the marketplace's rules take typed inputs
// and give typed events and links; reading queries and bodies, and writing
// JSON and web addresses, is the job of the layers around app.
func TestDomainSpeaksNoTransport(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "rehome/app").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, pkg := range []string{"net/url", "net/http", "encoding/json"} {
		if slices.Contains(deps, pkg) {
			t.Errorf("package app depends on %s", pkg)
		}
	}
}

// TestDomainBuildsNoHTML: the domain says what a mail says
// (app.MailContent); writing it out as HTML is package mail's layout.
func TestDomainBuildsNoHTML(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "rehome/app").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, pkg := range []string{"html", "html/template"} {
		if slices.Contains(deps, pkg) {
			t.Errorf("package app depends on %s", pkg)
		}
	}
}
