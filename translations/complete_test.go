package translations

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"rehome/app"
)

// TestEveryMessageIsTranslated: every message the rules in package app
// write for people is in each catalog. It reads app's source for them: the
// string constants named …Message, the messages given to a Validator's
// Check, to Errorf (without a verb) and to an Error's Message, the values
// of an Error's Fields, the texts of mails (say) and push notes (Title,
// Body, and any text with a {placeholder}); a message put together with a number ("Use
// at most " + strconv.Itoa(n) + " characters") as its pattern, the number
// written {n}.
func TestEveryMessageIsTranslated(t *testing.T) {
	messages := appMessages(t)
	if len(messages) < 50 {
		t.Fatalf("found only %d messages in package app: is the reading of its source broken?", len(messages))
	}
	for _, l := range app.Languages[1:] {
		for _, english := range messages {
			if Translate(l, english) == english {
				t.Errorf("%s.json lacks %q", l, english)
			}
		}
	}
}

// TestDefaultSiteIsTranslated: a new marketplace's texts (its tagline,
// about, rules, privacy and terms) are in each catalog, for a marketplace
// in that language to show until an admin writes its own.
func TestDefaultSiteIsTranslated(t *testing.T) {
	site := app.DefaultSite()
	for _, l := range app.Languages[1:] {
		for _, english := range []string{site.Tagline, site.About, site.Rules, site.Privacy, site.Terms} {
			if Translate(l, english) == english {
				t.Errorf("%s.json lacks %q", l, english)
			}
		}
	}
}

var placeholder = regexp.MustCompile(`\{[a-z_]+\}`)

func appMessages(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob("../app/*.go")
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	add := func(e ast.Expr) {
		if sum, ok := e.(*ast.BinaryExpr); ok {
			if pattern, ok := numbered(sum); ok && !slices.Contains(found, pattern) {
				found = append(found, pattern)
			}
			return
		}
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return
		}
		s, err := strconv.Unquote(lit.Value)
		words := strings.ContainsFunc(placeholder.ReplaceAllString(s, ""), unicode.IsLetter)
		if err == nil && words && !strings.Contains(s, "%") && !slices.Contains(found, s) {
			found = append(found, s)
		}
	}
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				if typ, ok := n.Type.(*ast.Ident); n.Type != nil && (!ok || typ.Name != "string") {
					return true // a kind's name (ReportMessage), not words
				}
				for i, id := range n.Names {
					if strings.HasSuffix(id.Name, "Message") && i < len(n.Values) {
						add(n.Values[i])
					}
				}
			case *ast.CallExpr:
				switch fun := n.Fun.(type) {
				case *ast.SelectorExpr:
					if fun.Sel.Name == "Check" && len(n.Args) == 3 {
						add(n.Args[2])
					}
				case *ast.Ident:
					if fun.Name == "Errorf" && len(n.Args) == 2 {
						add(n.Args[1])
					}
					if fun.Name == "say" && len(n.Args) > 0 {
						add(n.Args[0]) // a mail's text
					}
				}
			case *ast.AssignStmt:
				// A push note's body chosen before the note is made.
				if id, ok := n.Lhs[0].(*ast.Ident); ok && id.Name == "body" && len(n.Rhs) == 1 {
					add(n.Rhs[0])
				}
			case *ast.BasicLit:
				// A text with {placeholders}: a push note's or a mail's.
				if s, err := strconv.Unquote(n.Value); err == nil && placeholder.MatchString(s) && strings.Contains(s, " ") {
					add(n)
				}
			case *ast.KeyValueExpr:
				if key, ok := n.Key.(*ast.Ident); ok && (key.Name == "Message" || key.Name == "Title" || key.Name == "Body") {
					add(n.Value)
				}
				if key, ok := n.Key.(*ast.Ident); ok && key.Name == "Fields" {
					if fields, ok := n.Value.(*ast.CompositeLit); ok {
						for _, elt := range fields.Elts {
							if kv, ok := elt.(*ast.KeyValueExpr); ok {
								add(kv.Value)
							}
						}
					}
				}
			}
			return true
		})
	}
	return found
}

// numbered is the pattern of a message put together of words and a
// number: "Use at most " + strconv.Itoa(n) + " characters" is "Use at
// most {n} characters".
func numbered(e *ast.BinaryExpr) (string, bool) {
	var parts []ast.Expr
	var flatten func(ast.Expr) bool
	flatten = func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.BinaryExpr:
			return e.Op == token.ADD && flatten(e.X) && flatten(e.Y)
		case *ast.ParenExpr:
			return flatten(e.X)
		default:
			parts = append(parts, e)
			return true
		}
	}
	if !flatten(e) {
		return "", false
	}
	var b strings.Builder
	words, numbers := 0, 0
	for _, part := range parts {
		switch p := part.(type) {
		case *ast.BasicLit:
			s, err := strconv.Unquote(p.Value)
			if p.Kind != token.STRING || err != nil {
				return "", false
			}
			b.WriteString(s)
			words++
		case *ast.CallExpr:
			if sel, ok := p.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Itoa" {
				return "", false
			}
			b.WriteString("{n}")
			numbers++
		default:
			return "", false
		}
	}
	return b.String(), words > 0 && numbers == 1
}
