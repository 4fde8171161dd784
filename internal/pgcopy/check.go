package pgcopy

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Difference is the first row in which a table differs between the two
// databases.
type Difference struct {
	Table string
	Key   string // the row's primary key, such as id=7
	// What differs: a column's value, or a row one side lacks.
	What string
}

func (d *Difference) Error() string {
	return fmt.Sprintf("table %s, row %s: %s", d.Table, d.Key, d.What)
}

// Check compares every table Copy copies, row by row in primary key order
// and column by column, and returns a *Difference at the first difference.
// Each side is read in one snapshot.
func Check(ctx context.Context, from *sql.DB, to *pgxpool.Pool) ([]Table, error) {
	tables, err := plan(ctx, from, to)
	if err != nil {
		return nil, err
	}
	src, err := from.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer src.Rollback()
	tx, err := to.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := unbounded(ctx, tx); err != nil {
		return nil, err
	}
	checked := make([]Table, 0, len(tables))
	for _, t := range tables {
		n, err := checkTable(ctx, src, tx, t)
		if err != nil {
			return nil, err
		}
		checked = append(checked, Table{t.name, n})
	}
	return checked, nil
}

func checkTable(ctx context.Context, src *sql.Tx, tx pgx.Tx, t table) (int64, error) {
	// Text keys are ordered by their bytes on both sides: SQLite's BINARY
	// collation, PostgreSQL's "C".
	var sqliteOrder, pgOrder []string
	for _, k := range t.key {
		sqliteOrder = append(sqliteOrder, ident(k.name)+" COLLATE BINARY")
		if k.pgType == "text" {
			pgOrder = append(pgOrder, ident(k.name)+` COLLATE "C"`)
		} else {
			pgOrder = append(pgOrder, ident(k.name))
		}
	}
	cols := sqliteColumns(t.columns)
	left, err := src.QueryContext(ctx, `SELECT `+cols+` FROM `+ident(t.name)+` ORDER BY `+strings.Join(sqliteOrder, ", ")) // #nosec G202 -- names of the schema, quoted
	if err != nil {
		return 0, err
	}
	defer left.Close()
	right, err := tx.Query(ctx, `SELECT `+cols+` FROM `+ident(t.name)+` ORDER BY `+strings.Join(pgOrder, ", "))
	if err != nil {
		return 0, err
	}
	defer right.Close()

	values := make([]any, len(t.columns))
	pointers := make([]any, len(t.columns))
	for i := range values {
		pointers[i] = &values[i]
	}
	var n int64
	for {
		hasLeft, hasRight := left.Next(), right.Next()
		if !hasLeft || !hasRight {
			if err := left.Err(); err != nil {
				return n, err
			}
			if err := right.Err(); err != nil {
				return n, err
			}
		}
		var fromSQLite, fromPG []any
		if hasLeft {
			if err := left.Scan(pointers...); err != nil {
				return n, err
			}
			fromSQLite = make([]any, len(values))
			for i, v := range values {
				if fromSQLite[i], err = toPostgres(v, t.columns[i]); err != nil {
					return n, err
				}
				fromSQLite[i] = canonical(fromSQLite[i])
			}
		}
		if hasRight {
			v, err := right.Values()
			if err != nil {
				return n, err
			}
			fromPG = make([]any, len(v))
			for i := range v {
				fromPG[i] = canonical(v[i])
			}
		}
		switch {
		case !hasLeft && !hasRight:
			return n, nil
		case !hasRight:
			return n, &Difference{t.name, keyOf(t, fromSQLite), "in SQLite, missing in PostgreSQL"}
		case !hasLeft:
			return n, &Difference{t.name, keyOf(t, fromPG), "in PostgreSQL, not in SQLite"}
		}
		if a, b := keyOf(t, fromSQLite), keyOf(t, fromPG); a != b {
			return n, &Difference{t.name, a, fmt.Sprintf("in SQLite, where PostgreSQL's next row is %s", b)}
		}
		for i, c := range t.columns {
			if !equal(fromSQLite[i], fromPG[i]) {
				return n, &Difference{t.name, keyOf(t, fromSQLite),
					fmt.Sprintf("column %s is %s in SQLite and %s in PostgreSQL", c.name, show(fromSQLite[i]), show(fromPG[i]))}
			}
		}
		n++
	}
}

// canonical is a value of either side in one form: integers as int64,
// byte strings never nil.
func canonical(v any) any {
	switch x := v.(type) {
	case int16:
		return int64(x)
	case int32:
		return int64(x)
	case int:
		return int64(x)
	case float32:
		return float64(x)
	case []byte:
		if x == nil {
			return []byte{}
		}
	}
	return v
}

func equal(a, b any) bool {
	ab, aBytes := a.([]byte)
	bb, bBytes := b.([]byte)
	if aBytes || bBytes {
		return aBytes && bBytes && bytes.Equal(ab, bb)
	}
	return a == b
}

// keyOf is a row's primary key, as name=value pairs.
func keyOf(t table, row []any) string {
	var parts []string
	for _, k := range t.key {
		for i, c := range t.columns {
			if c.name == k.name {
				parts = append(parts, k.name+"="+show(row[i]))
			}
		}
	}
	return strings.Join(parts, " ")
}

// show is a value as the difference names it, cut short; byte strings in
// hex, since they are hashes and tokens.
func show(v any) string {
	const most = 60
	var s string
	switch x := v.(type) {
	case nil:
		return "NULL"
	case []byte:
		s = `\x` + hex.EncodeToString(x)
	case string:
		s = fmt.Sprintf("%q", x)
	default:
		s = fmt.Sprint(v)
	}
	if len(s) > most {
		s = s[:most] + "…"
	}
	return s
}
