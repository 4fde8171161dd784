package storetest

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestEveryStoreMethodIsCalled fails naming each store method the contract
// never calls: a method no contract test calls is a promise no second
// store is held to.
//
// It reads the suite's source, type-checked, rather than recording calls
// at run time: a recorder would need a forwarding method per store method,
// written or generated again whenever a store interface changes, and it
// would see nothing of the PostgreSQL runs that `make test` skips. Types
// tell a call of app.BookingStore's MarkNoShow from any other MarkNoShow.
func TestEveryStoreMethodIsCalled(t *testing.T) {
	pkg, files, info := typeCheckSuite(t)
	called := map[*types.Func]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if s := info.Selections[sel]; s != nil {
					if fn, ok := s.Obj().(*types.Func); ok {
						called[fn.Origin()] = true
					}
				}
			}
			return true
		})
	}

	var missing []string
	for name, methods := range storeMethods(t, pkg) {
		for _, m := range methods {
			if !called[m] {
				missing = append(missing, name+"."+m.Name())
			}
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("the contract suite never calls %s", m)
	}
}

// storeMethods lists, by interface, the methods of the suite's Stores and
// of every store interface of app (named ...Store), so that a store
// interface the suite does not reach counts as never called too.
func storeMethods(t *testing.T, suite *types.Package) map[string][]*types.Func {
	t.Helper()
	methods := map[string][]*types.Func{}
	seen := map[*types.Func]bool{}
	add := func(name string, iface *types.Interface) {
		for m := range iface.Methods() {
			if !seen[m] {
				seen[m] = true
				methods[name] = append(methods[name], m)
			}
		}
	}
	var app *types.Package
	for _, p := range suite.Imports() {
		if p.Path() == "rehome/app" {
			app = p
		}
	}
	if app == nil {
		t.Fatal("storetest does not import rehome/app")
	}
	for _, name := range app.Scope().Names() {
		obj := app.Scope().Lookup(name)
		iface, ok := obj.Type().Underlying().(*types.Interface)
		if ok && obj.Exported() && strings.HasSuffix(name, "Store") {
			add("app."+name, iface)
		}
	}
	// What Stores holds beside app's ...Store interfaces: the mail and
	// push queues, the sessions, the clock and Exclusively.
	add("Stores", suite.Scope().Lookup("Stores").Type().Underlying().(*types.Interface))
	return methods
}

// typeCheckSuite parses and type-checks the package's non-test files, its
// imports read from the export data the go command builds for them.
func typeCheckSuite(t *testing.T) (*types.Package, []*ast.File, *types.Info) {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}

	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}}={{.Export}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	exports := map[string]string{}
	for line := range strings.Lines(string(out)) {
		path, file, _ := strings.Cut(strings.TrimSpace(line), "=")
		exports[path] = file
	}
	lookup := func(path string) (io.ReadCloser, error) {
		data, err := os.ReadFile(exports[path])
		if err != nil {
			return nil, err
		}
		return io.NopCloser(bufio.NewReader(bytes.NewReader(data))), nil
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup)}
	info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := conf.Check("rehome/storetest", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, files, info
}
