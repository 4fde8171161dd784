package postgres

import (
	"context"
	"flag"
	"os"
	"strings"
	"testing"

	"rehome/internal/pgtest"
	"rehome/internal/schema"
)

var updateSchema = flag.Bool("update-schema", false, "write the migrated schema to internal/schema/postgres.json")

// TestSchemaIsKept: internal/schema/postgres.json is the schema these
// migrations make, for `make test` (which has no PostgreSQL) to hold
// SQLite's migrations to it. After changing a migration, run
//
//	tools/postgres/with-cluster sh -c 'go test ./postgres/ -run TestSchemaIsKept -update-schema'
func TestSchemaIsKept(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, pgtest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := describe(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if *updateSchema {
		b, err := schema.Encode(got)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("../internal/schema/postgres.json", b, 0o600); err != nil {
			t.Fatal(err)
		}
		return
	}
	kept, err := schema.PostgreSQL()
	if err != nil {
		t.Fatal(err)
	}
	if diff := schema.Diff(got, kept, "the migrations", "postgres.json"); len(diff) > 0 {
		t.Errorf("internal/schema/postgres.json is not what the migrations make (run this test with -update-schema):\n%s", strings.Join(diff, "\n"))
	}
}

// describe reads the public schema's tables: columns from
// information_schema, keys and indexes from the catalog. Indexes other
// than B-trees (full-text and trigram search) are PostgreSQL's own and
// left out.
func describe(ctx context.Context, db *DB) (schema.Schema, error) {
	s := schema.Schema{}
	rows, err := db.pool.Query(ctx, `
		SELECT c.table_name, c.column_name, c.data_type, c.is_nullable = 'NO'
		FROM information_schema.columns c
		JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
		WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var table, column, kind string
		var notNull bool
		if err := rows.Scan(&table, &column, &kind, &notNull); err != nil {
			return nil, err
		}
		t := s[table]
		if t.Columns == nil {
			t.Columns = map[string]schema.Column{}
		}
		t.Columns[column] = schema.Column{Kind: kindOf(kind), NotNull: notNull}
		s[table] = t
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}

	rows, err = db.pool.Query(ctx, `
		SELECT t.relname, i.indisprimary, i.indisunique, i.indpred IS NOT NULL, i.indexprs IS NOT NULL, am.amname,
			ARRAY(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY k(attnum, n)
				JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)
		FROM pg_index i
		JOIN pg_class t ON t.oid = i.indrelid
		JOIN pg_class ic ON ic.oid = i.indexrelid
		JOIN pg_am am ON am.oid = ic.relam
		JOIN pg_namespace ns ON ns.oid = t.relnamespace
		WHERE ns.nspname = 'public' AND t.relkind = 'r'`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var table, method string
		var primary, unique, partial, expression bool
		var columns []string
		if err := rows.Scan(&table, &primary, &unique, &partial, &expression, &method, &columns); err != nil {
			return nil, err
		}
		if method != "btree" {
			continue
		}
		t := s[table]
		switch {
		case primary:
			t.PrimaryKey = columns
		case unique && !partial && !expression:
			t.Unique = append(t.Unique, columns)
		default:
			t.Indexes = append(t.Indexes, schema.IndexName(columns, unique, partial, expression))
		}
		s[table] = t
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}

	rows, err = db.pool.Query(ctx, `
		SELECT t.relname, r.relname, c.confdeltype::text,
			ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(attnum, n)
				JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n),
			ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(attnum, n)
				JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n)
		FROM pg_constraint c
		JOIN pg_class t ON t.oid = c.conrelid
		JOIN pg_class r ON r.oid = c.confrelid
		JOIN pg_namespace ns ON ns.oid = t.relnamespace
		WHERE ns.nspname = 'public' AND c.contype = 'f'`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var table, references, action string
		var fk schema.ForeignKey
		if err := rows.Scan(&table, &references, &action, &fk.Columns, &fk.References); err != nil {
			return nil, err
		}
		fk.Table = references
		fk.OnDelete = map[string]string{"a": "NO ACTION", "r": "RESTRICT", "c": "CASCADE", "n": "SET NULL", "d": "SET DEFAULT"}[action]
		t := s[table]
		t.ForeignKeys = append(t.ForeignKeys, fk)
		s[table] = t
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	s.Normalize()
	return s, nil
}

// kindOf names a PostgreSQL type by the kind of value it holds.
func kindOf(dataType string) string {
	switch dataType {
	case "bigint", "integer", "smallint":
		return schema.Integer
	case "double precision", "real", "numeric":
		return schema.Real
	case "text", "character varying":
		return schema.Text
	case "bytea":
		return schema.Blob
	case "boolean":
		return schema.Boolean
	}
	return dataType
}
