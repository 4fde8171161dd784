package sqlite_test

import (
	"strings"
	"testing"

	"rehome/app"
)

// searchPart is one part of a search, named as a query string asks for it.
type searchPart struct {
	query string
	set   func(*app.SearchInput)
}

// checkedSearch is the search the parts make together, checked as the
// service checks it, and its name as a query string.
func checkedSearch(tb testing.TB, parts ...searchPart) (app.Search, string) {
	tb.Helper()
	var in app.SearchInput
	var names []string
	for _, p := range parts {
		if p.set != nil {
			p.set(&in)
		}
		if p.query != "" {
			names = append(names, p.query)
		}
	}
	search, err := app.CheckSearch(in)
	if err != nil {
		tb.Fatal(err)
	}
	return search, strings.Join(names, "&")
}

func text(q string) searchPart {
	return searchPart{"q=" + strings.ReplaceAll(q, " ", "+"), func(in *app.SearchInput) { in.Text = q }}
}

func sortBy(sort app.SearchSort) searchPart {
	return searchPart{"sort=" + string(sort), func(in *app.SearchInput) { in.Sort = sort }}
}

func statuses(list ...app.ProductStatus) searchPart {
	var names []string
	for _, s := range list {
		names = append(names, "status="+string(s))
	}
	return searchPart{strings.Join(names, "&"), func(in *app.SearchInput) { in.Statuses = list }}
}

func cents(c app.Cents) *app.Cents { return &c }

func cm(f float64) *float64 { return &f }
