package postgres

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"rehome/storecore"
)

// dialect is what PostgreSQL's text of storecore's statements needs, and
// its driver's errors.
var dialect = storecore.Dialect{
	ForUpdate:      " FOR UPDATE",
	ForNoKeyUpdate: " FOR NO KEY UPDATE",
	ForShare:       " FOR SHARE",
	ForKeyShare:    " FOR KEY SHARE",
	InIDs:          ` = ANY(?)`,
	IDs:            func(ids []int64) (any, error) { return ids, nil },
	PostSlugs: `SELECT slug FROM posts
		WHERE slug = $1 OR (starts_with(slug, $1 || '-') AND substr(slug, length($1) + 2) ~ '^[0-9]+$')`,
	HoldPostSlug:      `SELECT pg_advisory_xact_lock(` + strconv.Itoa(slugLockClass) + `, hashtext($1))`,
	IsUniqueViolation: isUniqueViolation,
	ReferenceGone:     referenceGone,
}

// slugLockClass is the first key of the advisory locks CreatePost takes
// (Dialect.HoldPostSlug), the second being the hash of the slug it starts
// from: the two-key locks are a space apart from the one-key lock of the
// migrations.
const slugLockClass = 1016

// runner is what the pool and a transaction both run statements with.
type runner interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// core runs storecore's statements on the pool or a transaction, with
// their ? placeholders as PostgreSQL's $n.
type core struct{ r runner }

func (c core) QueryRow(ctx context.Context, query string, args ...any) storecore.Row {
	return c.r.QueryRow(ctx, rebind(query), args...)
}

func (c core) Query(ctx context.Context, query string, args ...any) (storecore.Rows, error) {
	rows, err := c.r.Query(ctx, rebind(query), args...)
	if err != nil {
		return nil, err
	}
	return rows, nil
}

func (c core) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := c.r.Exec(ctx, rebind(query), args...)
	return tag.RowsAffected(), err
}

// rebound keeps each query text rebound, so that a statement is rewritten
// once in the life of the process (query → rebound query).
var rebound sync.Map

// rebind numbers a query's ? placeholders $1, $2, … in order, and makes
// a numbered one, ?N, $N, as SQLite reads them: a bare ? after ?N is
// N+1. A ? inside quotes is text and stays.
func rebind(query string) string {
	if q, ok := rebound.Load(query); ok {
		return q.(string)
	}
	var b strings.Builder
	n := 0
	var quote byte
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			j := i + 1
			for j < len(query) && query[j] >= '0' && query[j] <= '9' {
				j++
			}
			if j == i+1 {
				n++
				b.WriteString("$" + strconv.Itoa(n))
				continue
			}
			number, _ := strconv.Atoi(query[i+1 : j])
			n = max(n, number)
			b.WriteString("$" + query[i+1:j])
			i = j - 1
			continue
		}
		b.WriteByte(c)
	}
	q := b.String()
	rebound.Store(query, q)
	return q
}

// txRunner runs storecore's transactions through inTx (which retries a
// transaction PostgreSQL aborted) and readTx.
type txRunner struct{ db *DB }

func (r txRunner) InTx(ctx context.Context, fn func(tx storecore.Querier) error) error {
	return r.db.inTx(ctx, func(tx pgx.Tx) error { return fn(core{tx}) })
}

func (r txRunner) ReadTx(ctx context.Context, fn func(tx storecore.Querier) error) error {
	return r.db.readTx(ctx, func(tx pgx.Tx) error { return fn(core{tx}) })
}
