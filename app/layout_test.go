package app_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestEachServiceInItsFile: a service (an exported struct holding a store
// interface) has all its methods in the one file named after it, and no
// file holds methods of two services, so that a service is read, and
// grows, in one place.
func TestEachServiceInItsFile(t *testing.T) {
	for _, trouble := range serviceFileTrouble(t, ".") {
		t.Error(trouble)
	}
}

// serviceFileTrouble lists how the package in dir strays from one file per
// service.
func serviceFileTrouble(t *testing.T, dir string) []string {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	services := map[string]bool{}
	methodFiles := map[string][]string{} // service → the files of its methods
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.TypeSpec)
			if !ok || !spec.Name.IsExported() {
				return true
			}
			if st, ok := spec.Type.(*ast.StructType); ok && holdsStore(st) {
				services[spec.Name.Name] = true
			}
			return true
		})
	}
	for _, f := range files {
		file := filepath.Base(fset.Position(f.Pos()).Filename)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil {
				recv := receiverName(fd)
				if !slices.Contains(methodFiles[recv], file) {
					methodFiles[recv] = append(methodFiles[recv], file)
				}
			}
		}
	}
	var trouble []string
	byFile := map[string][]string{}
	for service := range services {
		want := snakeCase(service) + ".go"
		for _, file := range methodFiles[service] {
			byFile[file] = append(byFile[file], service)
			if file != want {
				trouble = append(trouble, service+" has methods in "+file+", not in "+want)
			}
		}
	}
	for file, held := range byFile {
		if len(held) > 1 {
			slices.Sort(held)
			trouble = append(trouble, file+" holds methods of "+strings.Join(held, " and "))
		}
	}
	slices.Sort(trouble)
	return trouble
}

// holdsStore: a field's type is a store interface (a SomethingStore, or
// the mail queue).
func holdsStore(st *ast.StructType) bool {
	for _, field := range st.Fields.List {
		if id, ok := field.Type.(*ast.Ident); ok && (strings.HasSuffix(id.Name, "Store") || id.Name == "MailQueue") {
			return true
		}
	}
	return false
}

func receiverName(fd *ast.FuncDecl) string {
	t := fd.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

var wordStart = regexp.MustCompile(`([a-z0-9])([A-Z])`)

// snakeCase is the file name of a Go name: SiteSettings → site_settings.
func snakeCase(name string) string {
	return strings.ToLower(wordStart.ReplaceAllString(name, "${1}_${2}"))
}
