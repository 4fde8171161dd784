// Package pgcopy copies a marketplace from SQLite into PostgreSQL, and
// compares the two afterwards: 'rehome migrate' is built on it.
//
// The two schemas have the same tables and columns (see the head of
// postgres/migrations/0001_schema.sql), so a row is copied as it is, its
// id included; flags, integers 0 and 1 in SQLite, become booleans. The
// search tables of SQLite (FTS5 and their shadow tables) are not copied:
// PostgreSQL builds its own from the rows, through its triggers. Tables
// that PostgreSQL alone has (what instances share, such as rate limits) are
// left empty.
package pgcopy

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrNotEmpty refuses to copy into a database that already holds rows.
var ErrNotEmpty = errors.New("the PostgreSQL database is not empty")

// Table is one table and its rows.
type Table struct {
	Name string
	Rows int64
}

// table is what the copy and the comparison know of one table.
type table struct {
	name    string
	columns []column // those copied: SQLite's, in PostgreSQL's order
	key     []column // the primary key, to order rows by
	serial  []string // identity columns, whose sequences follow the copy
}

type column struct {
	name   string
	pgType string // information_schema's data_type, such as boolean or bigint
}

// countingTriggers keep counts of other tables' rows as rows are added
// (postgres/migrations/0001_schema.sql). The copied counts are right
// already: these are off during the copy, or each copied row would be
// counted a second time.
var countingTriggers = []struct{ table, trigger string }{
	{"bookings", "bookings_open_insert"},
	{"products", "categories_listed_insert"},
}

// Copy copies every table of from (a SQLite marketplace at the newest
// schema) into to (a PostgreSQL one whose schema postgres.Open brought up
// to date), in one transaction, parents before children. It refuses with
// ErrNotEmpty when any of those tables already has a row. Afterwards each
// identity column's sequence continues past the highest id copied.
func Copy(ctx context.Context, from *sql.DB, to *pgxpool.Pool) ([]Table, error) {
	tables, err := plan(ctx, from, to)
	if err != nil {
		return nil, err
	}
	src, err := from.BeginTx(ctx, nil) // one snapshot of every table
	if err != nil {
		return nil, err
	}
	defer src.Rollback()
	tx, err := to.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := unbounded(ctx, tx); err != nil {
		return nil, err
	}

	if err := refuseRows(ctx, tx, tables); err != nil {
		return nil, err
	}

	triggers, err := existingTriggers(ctx, tx)
	if err != nil {
		return nil, err
	}
	for _, c := range triggers {
		if _, err := tx.Exec(ctx, `ALTER TABLE `+ident(c.table)+` DISABLE TRIGGER `+ident(c.trigger)); err != nil {
			return nil, err
		}
	}
	copied := make([]Table, 0, len(tables))
	for _, t := range tables {
		n, err := copyTable(ctx, src, tx, t)
		if err != nil {
			return nil, fmt.Errorf("copy %s: %w", t.name, err)
		}
		copied = append(copied, Table{t.name, n})
		for _, col := range t.serial {
			if _, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence($1, $2), m) FROM (SELECT max(`+ident(col)+`) AS m FROM `+ident(t.name)+`) AS top WHERE m IS NOT NULL`,
				ident(t.name), col); err != nil {
				return nil, fmt.Errorf("sequence of %s.%s: %w", t.name, col, err)
			}
		}
	}
	// Triggers deferred to the commit (the catalogue's version) run now:
	// a table with trigger events pending cannot be altered.
	if _, err := tx.Exec(ctx, `SET CONSTRAINTS ALL IMMEDIATE`); err != nil {
		return nil, err
	}
	for _, c := range triggers {
		if _, err := tx.Exec(ctx, `ALTER TABLE `+ident(c.table)+` ENABLE TRIGGER `+ident(c.trigger)); err != nil {
			return nil, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, err
	}
	return copied, nil
}

// CheckEmpty returns ErrNotEmpty, naming the tables, when any table Copy
// would copy holds a row in to. It writes nothing: 'rehome migrate' asks
// it before it copies the pictures, so that a database it would refuse
// gets no pictures either. Copy asks again in its own transaction.
func CheckEmpty(ctx context.Context, from *sql.DB, to *pgxpool.Pool) error {
	tables, err := plan(ctx, from, to)
	if err != nil {
		return err
	}
	return refuseRows(ctx, to, tables)
}

func refuseRows(ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, tables []table) error {
	var full []string
	for _, t := range tables {
		var any bool
		if err := q.QueryRow(ctx, `SELECT EXISTS (SELECT FROM `+ident(t.name)+`)`).Scan(&any); err != nil {
			return err
		}
		if any {
			full = append(full, t.name)
		}
	}
	if len(full) > 0 {
		return fmt.Errorf("%w: %s hold rows; migrate into an empty database", ErrNotEmpty, strings.Join(full, ", "))
	}
	return nil
}

// existingTriggers are the counting triggers the schema has: a later
// migration may have replaced one.
func existingTriggers(ctx context.Context, tx pgx.Tx) ([]struct{ table, trigger string }, error) {
	var found []struct{ table, trigger string }
	for _, c := range countingTriggers {
		var ok bool
		err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
			WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = $1 AND t.tgname = $2)`, c.table, c.trigger).Scan(&ok)
		if err != nil {
			return nil, err
		}
		if ok {
			found = append(found, c)
		}
	}
	return found, nil
}

func copyTable(ctx context.Context, src *sql.Tx, tx pgx.Tx, t table) (int64, error) {
	rows, err := src.QueryContext(ctx, `SELECT `+sqliteColumns(t.columns)+` FROM `+ident(t.name)) // #nosec G202 -- names of the schema, quoted
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	names := make([]string, len(t.columns))
	for i, c := range t.columns {
		names[i] = c.name
	}
	values := make([]any, len(t.columns))
	pointers := make([]any, len(t.columns))
	for i := range values {
		pointers[i] = &values[i]
	}
	n, err := tx.CopyFrom(ctx, pgx.Identifier{t.name}, names, pgx.CopyFromFunc(func() ([]any, error) {
		if !rows.Next() {
			return nil, rows.Err()
		}
		if err := rows.Scan(pointers...); err != nil {
			return nil, err
		}
		row := make([]any, len(values))
		for i, v := range values {
			var err error
			if row[i], err = toPostgres(v, t.columns[i]); err != nil {
				return nil, err
			}
		}
		return row, nil
	}))
	if err != nil {
		return 0, err
	}
	return n, rows.Err()
}

// plan is the tables to copy, parents before children, with their
// columns: those of SQLite, each of which PostgreSQL must have.
func plan(ctx context.Context, from *sql.DB, to *pgxpool.Pool) ([]table, error) {
	names, err := sqliteTables(ctx, from)
	if err != nil {
		return nil, err
	}
	var tables []table
	for _, name := range names {
		t, err := describe(ctx, from, to, name)
		if err != nil {
			return nil, err
		}
		tables = append(tables, t)
	}
	return inKeyOrder(ctx, to, tables)
}

// sqliteIndexTables are SQLite tables that only index others, kept by
// triggers from their rows: PostgreSQL has indexes of its own instead.
var sqliteIndexTables = []string{
	"product_locations", // the distinct locations the location filter reads (sqlite migration 0022)
	// The language the search index is stemmed in (sqlite migration 0029,
	// postgres 0012): PostgreSQL's starts as its migration left it, and
	// serve stems it in the marketplace's language at start.
	"search_language",
	// The words a suggestion offers (sqlite migration 0034, postgres
	// 0017): PostgreSQL's triggers fill its own, a row per word and
	// listing, as the listings are copied.
	"search_spellings",
}

// sqliteTables are SQLite's tables of rows: not its own (sqlite_*), not
// virtual tables (the search indexes) nor their shadow tables, nor the
// tables that only index others.
func sqliteTables(ctx context.Context, from *sql.DB) ([]string, error) {
	rows, err := from.QueryContext(ctx, `SELECT name, coalesce(sql, '') FROM sqlite_schema
		WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names, virtual []string
	for rows.Next() {
		var name, ddl string
		if err := rows.Scan(&name, &ddl); err != nil {
			return nil, err
		}
		switch {
		case strings.HasPrefix(strings.ToUpper(ddl), "CREATE VIRTUAL TABLE"):
			virtual = append(virtual, name)
		case !slices.Contains(sqliteIndexTables, name):
			names = append(names, name)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return slices.DeleteFunc(names, func(name string) bool {
		return slices.ContainsFunc(virtual, func(v string) bool { return strings.HasPrefix(name, v+"_") })
	}), nil
}

// describe reads a table's columns on both sides.
func describe(ctx context.Context, from *sql.DB, to *pgxpool.Pool, name string) (table, error) {
	t := table{name: name}
	rows, err := from.QueryContext(ctx, `SELECT name FROM pragma_table_info(?) ORDER BY cid`, name)
	if err != nil {
		return t, err
	}
	var sqliteCols []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			rows.Close()
			return t, err
		}
		sqliteCols = append(sqliteCols, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return t, err
	}

	pgRows, err := to.Query(ctx, `SELECT column_name, data_type, is_identity = 'YES', is_generated = 'ALWAYS'
		FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1
		ORDER BY ordinal_position`, name)
	if err != nil {
		return t, err
	}
	pgCols := map[string]column{}
	var order []string
	for pgRows.Next() {
		var c column
		var identity, generated bool
		if err := pgRows.Scan(&c.name, &c.pgType, &identity, &generated); err != nil {
			pgRows.Close()
			return t, err
		}
		if generated {
			continue // PostgreSQL computes it
		}
		if identity {
			t.serial = append(t.serial, c.name)
		}
		pgCols[c.name] = c
		order = append(order, c.name)
	}
	pgRows.Close()
	if err := pgRows.Err(); err != nil {
		return t, err
	}
	if len(order) == 0 {
		return t, fmt.Errorf("PostgreSQL has no table %s", name)
	}
	for _, c := range sqliteCols {
		if _, ok := pgCols[c]; !ok {
			return t, fmt.Errorf("PostgreSQL's table %s has no column %s", name, c)
		}
	}
	for _, c := range order {
		if slices.Contains(sqliteCols, c) {
			t.columns = append(t.columns, pgCols[c])
		}
	}

	keyRows, err := to.Query(ctx, `SELECT a.attname FROM pg_index i
		JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
		WHERE i.indrelid = $1::regclass AND i.indisprimary
		ORDER BY array_position(i.indkey::int2[], a.attnum)`, ident(name))
	if err != nil {
		return t, err
	}
	keys, err := pgx.CollectRows(keyRows, pgx.RowTo[string])
	if err != nil {
		return t, err
	}
	for _, k := range keys {
		t.key = append(t.key, pgCols[k])
	}
	if len(t.key) == 0 {
		return t, fmt.Errorf("PostgreSQL's table %s has no primary key to compare rows by", name)
	}
	return t, nil
}

// inKeyOrder sorts tables so that each comes after the tables its foreign
// keys point at, by PostgreSQL's constraints; among tables free to go, by
// name, so that the order is the same each time.
func inKeyOrder(ctx context.Context, to *pgxpool.Pool, tables []table) ([]table, error) {
	rows, err := to.Query(ctx, `SELECT child.relname, parent.relname FROM pg_constraint k
		JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
		WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace AND k.conrelid <> k.confrelid`)
	if err != nil {
		return nil, err
	}
	parents := map[string][]string{}
	for rows.Next() {
		var child, parent string
		if err := rows.Scan(&child, &parent); err != nil {
			rows.Close()
			return nil, err
		}
		parents[child] = append(parents[child], parent)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	left := slices.Clone(tables)
	sort.Slice(left, func(i, j int) bool { return left[i].name < left[j].name })
	placed := map[string]bool{}
	var ordered []table
	for len(left) > 0 {
		i := slices.IndexFunc(left, func(t table) bool {
			for _, p := range parents[t.name] {
				if !placed[p] && slices.ContainsFunc(left, func(o table) bool { return o.name == p }) {
					return false
				}
			}
			return true
		})
		if i < 0 {
			return nil, fmt.Errorf("the foreign keys of %s go round in a circle", left[0].name)
		}
		placed[left[i].name] = true
		ordered = append(ordered, left[i])
		left = slices.Delete(left, i, i+1)
	}
	return ordered, nil
}

// toPostgres is a value read from SQLite as PostgreSQL's column c takes it.
func toPostgres(v any, c column) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch c.pgType {
	case "boolean":
		if n, ok := v.(int64); ok && (n == 0 || n == 1) {
			return n == 1, nil
		}
	case "bigint", "integer", "smallint":
		switch n := v.(type) {
		case int64:
			return n, nil
		case float64:
			if n == float64(int64(n)) {
				return int64(n), nil
			}
		}
	case "double precision", "real", "numeric":
		switch n := v.(type) {
		case float64:
			return n, nil
		case int64:
			return float64(n), nil
		}
	case "bytea":
		switch b := v.(type) {
		case []byte:
			return b, nil
		case string:
			return []byte(b), nil
		}
	case "text", "character varying":
		switch s := v.(type) {
		case string:
			return s, nil
		case []byte:
			return string(s), nil
		}
	default:
		return v, nil
	}
	return nil, fmt.Errorf("column %s: %#v does not fit PostgreSQL's %s", c.name, v, c.pgType)
}

// ident quotes a table or column name for either database.
func ident(name string) string { return pgx.Identifier{name}.Sanitize() }

func sqliteColumns(cols []column) string {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = ident(c.name)
	}
	return strings.Join(names, ", ")
}

// unbounded lifts, for the rest of tx, the bounds the store puts on each
// statement of a request (postgres/bounds.go): copying or comparing a
// whole table may take longer.
func unbounded(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0`)
	return err
}
