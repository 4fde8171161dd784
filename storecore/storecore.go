// Package storecore is the SQL the SQLite and PostgreSQL stores share: per
// noun, the column lists, the scanning of rows and the plain reads and
// writes, written once with ? placeholders. Each store hands it a Querier
// over its own connections (package sqlite: database/sql over modernc's
// SQLite, with prepared statements; package postgres: pgx, which rebinds ?
// to $n once per query text) and keeps what differs by database: search,
// locking, the change feed and its caches, and the errors each driver
// reports.
package storecore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"rehome/app"
)

// Row is one row of an answer: *sql.Row, *sql.Rows, pgx.Row and pgx.Rows
// all scan this way.
type Row interface{ Scan(dest ...any) error }

// Rows are the rows of an answer, read with Next and Scan and closed once
// read.
type Rows interface {
	Row
	Next() bool
	Err() error
	Close()
}

// Querier runs the shared statements: a store's reader, or a transaction.
type Querier interface {
	QueryRow(ctx context.Context, query string, args ...any) Row
	Query(ctx context.Context, query string, args ...any) (Rows, error)
	// Exec runs a write and says how many rows it changed.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
}

// Dialect is what differs between the databases in a shared statement's
// text and in what their drivers report. Each store makes its own.
type Dialect struct {
	// ForUpdate follows a SELECT in a write transaction that must hold the
	// rows it reads until the transaction ends. SQLite needs none: its one
	// writer holds the whole database.
	ForUpdate string
	// ForNoKeyUpdate holds a row against updates and deletion, but not
	// against rows that refer to it by foreign key; "" where ForUpdate is.
	ForNoKeyUpdate string
	// ForShare holds a row against updates and deletion but lets other
	// transactions hold it so too; "" where ForUpdate is.
	ForShare string
	// ForKeyShare holds a row against deletion and changes of its key, as
	// a foreign key's check does; "" where ForUpdate is.
	ForKeyShare string
	// InIDs follows a column to keep the rows whose column is in a list of
	// IDs, bound as the one argument IDs makes of the list.
	InIDs string
	IDs   func([]int64) (any, error)
	// PostSlugs finds the slugs a new post's slug may clash with: it, and
	// it followed by a dash and a number, given as the one (numbered)
	// parameter, as each database matches patterns its own way.
	PostSlugs string
	// HoldPostSlug, where not "", takes a lock on a slug (its one
	// parameter) until the transaction ends.
	HoldPostSlug string
	// IsUniqueViolation tells a UNIQUE or PRIMARY KEY clash.
	IsUniqueViolation func(error) bool
	// ReferenceGone explains a write that points at a row deleted since
	// the request began; any other error is returned as it is.
	ReferenceGone func(error) error
}

// ForUpdateOf holds only the rows of table that a SELECT of several reads.
func (d Dialect) ForUpdateOf(table string) string {
	if d.ForUpdate == "" {
		return ""
	}
	return d.ForUpdate + " OF " + table
}

// FromMillis reads a time stored as UTC Unix milliseconds.
func FromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// NotFound turns a read that found no row into app's not-found error;
// pgx's ErrNoRows is database/sql's too.
func NotFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return app.Errorf(app.KindNotFound, "%s not found", what)
	}
	return err
}

// ChangedOne says a statement that changed no row found nothing to change.
func ChangedOne(n int64, err error, notFoundMessage string) error {
	if err != nil {
		return err
	}
	if n == 0 {
		return app.Errorf(app.KindNotFound, "%s", notFoundMessage)
	}
	return nil
}

// ReadList reads one page of a list and its total with q, a read
// transaction, so that the total agrees with the page. args are the list's
// own arguments; limit and offset follow them as pageQuery's last two.
func ReadList[T any](ctx context.Context, q Querier, page app.Page, countQuery, pageQuery string, args []any,
	scan func(Row) (T, error)) (app.List[T], error) {
	return ReadPage(ctx, q, page, countQuery, args, pageQuery, args, scan)
}

// ReadPage is ReadList for a page that takes other arguments than its
// count: pageArgs, then the limit and offset.
func ReadPage[T any](ctx context.Context, q Querier, page app.Page, countQuery string, countArgs []any,
	pageQuery string, pageArgs []any, scan func(Row) (T, error)) (app.List[T], error) {
	list := app.List[T]{Items: []T{}}
	if err := q.QueryRow(ctx, countQuery, countArgs...).Scan(&list.Total); err != nil {
		return list, err
	}
	if page.Offset >= list.Total {
		return list, nil
	}
	args := append(append(make([]any, 0, len(pageArgs)+2), pageArgs...), page.Limit, page.Offset)
	rows, err := q.Query(ctx, pageQuery, args...)
	if err != nil {
		return list, err
	}
	defer rows.Close()
	for rows.Next() {
		item, err := scan(rows)
		if err != nil {
			return list, err
		}
		list.Items = append(list.Items, item)
	}
	return list, rows.Err()
}
