package sqlite_test

import (
	"context"
	"database/sql"

	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rehome/internal/schema"
	"rehome/sqlite"
)

// TestSchemasAgree: SQLite's migrations make the schema PostgreSQL's make
// (as kept in internal/schema/postgres.json, which TestSchemaIsKept in
// postgres/ holds to them): the same tables and columns, each holding the
// same kind of value, with the same nullability, keys, unique column sets,
// foreign keys and indexes, but for the differences below, each of which
// says why.
func TestSchemasAgree(t *testing.T) {
	postgres, err := schema.PostgreSQL()
	if err != nil {
		t.Fatal(err)
	}
	// SQLite has no boolean type: the store keeps one as 0 or 1 in an
	// INTEGER column.
	for _, table := range postgres {
		for name, column := range table.Columns {
			if column.Kind == schema.Boolean {
				column.Kind = schema.Integer
				table.Columns[name] = column
			}
		}
	}
	got := describeSQLite(t)
	diff := schema.Diff(got, postgres, "SQLite", "PostgreSQL")
	var unexplained []string
	for _, d := range diff {
		if _, ok := sqliteDiffers[d]; !ok {
			unexplained = append(unexplained, d)
		}
	}
	if len(unexplained) > 0 {
		t.Errorf("the schemas differ:\n%s", strings.Join(unexplained, "\n"))
	}
	for d := range sqliteDiffers {
		if !slices.Contains(diff, d) {
			t.Errorf("a difference explained is not there any more (remove it from sqliteDiffers): %s", d)
		}
	}
}

// sqliteDiffers are the differences between the two schemas that are
// meant, each with why: search is each database's own, and some of what
// one SQLite process keeps in memory is shared through PostgreSQL by
// several instances.
var sqliteDiffers = map[string]string{
	"table product_locations is in SQLite only":                                                                 "the location filter reads the distinct locations; PostgreSQL has a trigram index",
	"products.search is in PostgreSQL only":                                                                     "PostgreSQL's full-text document; SQLite's is the FTS5 table",
	"search_spellings.uses is in SQLite only":                                                                   "SQLite counts a spelling's uses; PostgreSQL keeps a row per listing",
	"search_spellings.product_id is in PostgreSQL only":                                                         "as above",
	"search_spellings's primary key is [folded spelling] in SQLite, [folded spelling product_id] in PostgreSQL": "as above",
	"search_spellings's indexes are [] in SQLite, [product_id] in PostgreSQL":                                   "as above",
	"products's indexes are [category_id,status,created,id category_id,status,resale_price,id location,status,created,id seller_id,created,id status,created,id status,resale_price,id] in SQLite, " +
		"[category_id,status,created,id category_id,status,resale_price,id created,id partial seller_id,created,id status,created,id status,resale_price,id] in PostgreSQL": "search: SQLite finds a location's listings by B-tree (PostgreSQL by trigram), PostgreSQL the reserved ones by a partial index",
	"table catalogue_version is in PostgreSQL only": "tells other instances that the category lists changed; one SQLite process knows",
	"table live_events is in PostgreSQL only":       "live events pass between instances; one SQLite process passes them in memory",
	"table rate_limits is in PostgreSQL only":       "rate limits are shared between instances; one SQLite process counts in memory",
	"table schema_version is in PostgreSQL only":    "SQLite keeps its migration number in PRAGMA user_version",
}

// describeSQLite migrates a new database and reads its tables. Virtual
// tables (full-text search) and their shadow tables are SQLite's own and
// left out.
func describeSQLite(t *testing.T) schema.Schema {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rehome.db")
	store, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=query_only(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)

	var virtual []string
	names := query(t, db, `SELECT name, sql LIKE 'CREATE VIRTUAL TABLE%' FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	var tables []string
	for _, row := range names {
		if row[1] == "1" {
			virtual = append(virtual, row[0])
		} else {
			tables = append(tables, row[0])
		}
	}
	s := schema.Schema{}
	for _, name := range tables {
		if slices.ContainsFunc(virtual, func(v string) bool { return strings.HasPrefix(name, v+"_") }) {
			continue
		}
		table := schema.Table{Columns: map[string]schema.Column{}}
		var key []struct {
			order  string
			column string
		}
		for _, c := range query(t, db, `SELECT name, type, "notnull", pk FROM pragma_table_info(?)`, name) {
			column := schema.Column{Kind: affinity(c[1]), NotNull: c[2] == "1" || c[3] != "0"}
			table.Columns[c[0]] = column
			if c[3] != "0" {
				key = append(key, struct{ order, column string }{c[3], c[0]})
			}
		}
		slices.SortFunc(key, func(a, b struct{ order, column string }) int { return strings.Compare(a.order, b.order) })
		for _, k := range key {
			table.PrimaryKey = append(table.PrimaryKey, k.column)
		}
		for _, index := range query(t, db, `SELECT name, "unique", origin, partial FROM pragma_index_list(?)`, name) {
			if index[2] == "pk" {
				continue // the primary key, above
			}
			var columns []string
			expression := false
			for _, c := range query(t, db, `SELECT cid, name FROM pragma_index_info(?) ORDER BY seqno`, index[0]) {
				if c[0] == "-2" {
					expression = true
					continue
				}
				columns = append(columns, c[1])
			}
			unique, partial := index[1] == "1", index[3] == "1"
			if unique && !partial && !expression {
				table.Unique = append(table.Unique, columns)
			} else {
				table.Indexes = append(table.Indexes, schema.IndexName(columns, unique, partial, expression))
			}
		}
		keys := map[string]*schema.ForeignKey{}
		var order []string
		for _, fk := range query(t, db, `SELECT id, "table", "from", coalesce("to", ''), on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq`, name) {
			k, ok := keys[fk[0]]
			if !ok {
				k = &schema.ForeignKey{Table: fk[1], OnDelete: fk[4]}
				keys[fk[0]] = k
				order = append(order, fk[0])
			}
			k.Columns = append(k.Columns, fk[2])
			k.References = append(k.References, fk[3])
		}
		for _, id := range order {
			table.ForeignKeys = append(table.ForeignKeys, *keys[id])
		}
		s[name] = table
	}
	// A foreign key naming no column refers to the other table's primary key.
	for name, table := range s {
		for i, fk := range table.ForeignKeys {
			if slices.Contains(fk.References, "") {
				table.ForeignKeys[i].References = s[fk.Table].PrimaryKey
			}
		}
		s[name] = table
	}
	s.Normalize()
	return s
}

// affinity names a declared SQLite type by the kind of value it holds,
// after SQLite's own rules for a column's affinity; BOOLEAN is said as it
// is declared.
func affinity(declared string) string {
	d := strings.ToUpper(declared)
	switch {
	case d == "BOOLEAN":
		return schema.Boolean
	case strings.Contains(d, "INT"):
		return schema.Integer
	case strings.Contains(d, "CHAR"), strings.Contains(d, "CLOB"), strings.Contains(d, "TEXT"):
		return schema.Text
	case d == "", strings.Contains(d, "BLOB"):
		return schema.Blob
	case strings.Contains(d, "REAL"), strings.Contains(d, "FLOA"), strings.Contains(d, "DOUB"):
		return schema.Real
	}
	return "numeric"
}

func query(t *testing.T, db *sql.DB, q string, args ...any) [][]string {
	t.Helper()
	rows, err := db.Query(q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	columns, _ := rows.Columns()
	var out [][]string
	for rows.Next() {
		values := make([]any, len(columns))
		for i := range values {
			values[i] = new(sql.NullString)
		}
		if err := rows.Scan(values...); err != nil {
			t.Fatal(err)
		}
		row := make([]string, len(columns))
		for i, v := range values {
			row[i] = v.(*sql.NullString).String
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
