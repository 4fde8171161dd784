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
