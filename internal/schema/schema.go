// Package schema describes a database's tables as the stores rely on them:
// columns with the kind of value they hold and whether they may be null,
// keys, unique constraints, foreign keys and indexes. SQLite's and
// PostgreSQL's migrations are written apart; a test in each store reads
// its migrated database into a Schema, and the two are held to one
// another through the PostgreSQL one kept in postgres.json (see
// TestSchemasAgree in sqlite/ and TestSchemaIsKept in postgres/), so that
// `make test`, which runs without PostgreSQL, fails when they part.
package schema

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Schema is a database's tables by name.
type Schema map[string]Table

// Table is one table's shape.
type Table struct {
	Columns    map[string]Column `json:"columns"`
	PrimaryKey []string          `json:"primary_key,omitempty"`
	// Unique lists the column sets a unique constraint or index holds to
	// (whole-table ones only: a partial unique index is in Indexes).
	Unique      [][]string   `json:"unique,omitempty"`
	ForeignKeys []ForeignKey `json:"foreign_keys,omitempty"`
	// Indexes lists the other indexes by their leading plain columns,
	// marked "partial" or "expression" where they are.
	Indexes []string `json:"indexes,omitempty"`
}

// Column is the kind of value a column holds, in the few kinds the stores
// tell apart: integer, real, text, blob, boolean, and others by name.
type Column struct {
	Kind    string `json:"kind"`
	NotNull bool   `json:"not_null,omitempty"`
}

// ForeignKey is a reference to another table, with what a deletion there
// does here.
type ForeignKey struct {
	Columns    []string `json:"columns"`
	Table      string   `json:"table"`
	References []string `json:"references"`
	OnDelete   string   `json:"on_delete"`
}

//go:embed postgres.json
var kept []byte

// PostgreSQL is the schema PostgreSQL's migrations make, as last kept.
func PostgreSQL() (Schema, error) {
	var s Schema
	if err := json.Unmarshal(kept, &s); err != nil {
		return nil, fmt.Errorf("postgres.json: %w", err)
	}
	return s, nil
}

// Encode is s as kept in postgres.json: indented, in a stable order.
func Encode(s Schema) ([]byte, error) {
	s.Normalize()
	b, err := json.MarshalIndent(s, "", "  ")
	return append(b, '\n'), err
}

// Normalize sorts what has no order of its own, so that two descriptions
// of one schema are equal.
func (s Schema) Normalize() {
	for name, t := range s {
		slices.SortFunc(t.Unique, compareColumns)
		t.Unique = slices.CompactFunc(t.Unique, slices.Equal)
		slices.SortFunc(t.ForeignKeys, func(a, b ForeignKey) int { return compareColumns(a.Columns, b.Columns) })
		slices.Sort(t.Indexes)
		s[name] = t
	}
}

func compareColumns(a, b []string) int {
	return strings.Compare(strings.Join(a, ","), strings.Join(b, ","))
}

// Diff lists how b differs from a, one line each, for the tables and
// columns both should have; empty when they agree.
func Diff(a, b Schema, aName, bName string) []string {
	a.Normalize()
	b.Normalize()
	var out []string
	say := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	for _, name := range slices.Sorted(maps.Keys(a)) {
		ta := a[name]
		tb, ok := b[name]
		if !ok {
			say("table %s is in %s only", name, aName)
			continue
		}
		for _, col := range slices.Sorted(maps.Keys(ta.Columns)) {
			ca := ta.Columns[col]
			switch cb, ok := tb.Columns[col]; {
			case !ok:
				say("%s.%s is in %s only", name, col, aName)
			case ca != cb:
				say("%s.%s is %+v in %s, %+v in %s", name, col, ca, aName, cb, bName)
			}
		}
		for _, col := range slices.Sorted(maps.Keys(tb.Columns)) {
			if _, ok := ta.Columns[col]; !ok {
				say("%s.%s is in %s only", name, col, bName)
			}
		}
		if !slices.Equal(ta.PrimaryKey, tb.PrimaryKey) {
			say("%s's primary key is %v in %s, %v in %s", name, ta.PrimaryKey, aName, tb.PrimaryKey, bName)
		}
		if !slices.EqualFunc(ta.Unique, tb.Unique, slices.Equal) {
			say("%s's unique column sets are %v in %s, %v in %s", name, ta.Unique, aName, tb.Unique, bName)
		}
		if !slices.EqualFunc(ta.ForeignKeys, tb.ForeignKeys, equalKeys) {
			say("%s's foreign keys are %+v in %s, %+v in %s", name, ta.ForeignKeys, aName, tb.ForeignKeys, bName)
		}
		if !slices.Equal(ta.Indexes, tb.Indexes) {
			say("%s's indexes are %v in %s, %v in %s", name, ta.Indexes, aName, tb.Indexes, bName)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(b)) {
		if _, ok := a[name]; !ok {
			say("table %s is in %s only", name, bName)
		}
	}
	return out
}

func equalKeys(a, b ForeignKey) bool {
	return slices.Equal(a.Columns, b.Columns) && a.Table == b.Table && slices.Equal(a.References, b.References) && a.OnDelete == b.OnDelete
}

// The kinds of values the stores tell apart.
const (
	Integer = "integer"
	Real    = "real"
	Text    = "text"
	Blob    = "blob"
	Boolean = "boolean"
)

// IndexName is how Table.Indexes names an index: its plain columns in
// order, then what else it is.
func IndexName(columns []string, unique, partial, expression bool) string {
	name := strings.Join(columns, ",")
	if expression {
		name += " +expression"
	}
	if unique {
		name += " unique"
	}
	if partial {
		name += " partial"
	}
	return name
}
