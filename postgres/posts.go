package postgres

import (
	"context"
	"errors"
	"strconv"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// The author's name is read from their account while it exists, so a
// renamed admin's posts follow; the copy is for once it is gone.
const postColumns = `p.id, p.slug, p.title, p.body, p.author_id, coalesce(u.name, p.author_name), p.created, p.updated`

const postFrom = ` FROM posts p LEFT JOIN users u ON u.id = p.author_id`

const (
	postsCount = `SELECT count(*) FROM posts`
	// posts_newest gives this order.
	postsPage = `SELECT ` + postColumns + postFrom + ` ORDER BY p.created DESC, p.id DESC LIMIT $1 OFFSET $2`
)

func scanPost(r storecore.Row) (app.Post, error) {
	var p app.Post
	var created, updated int64
	err := r.Scan(&p.ID, &p.Slug, &p.Title, &p.Body, &p.Author.ID, &p.Author.Name, &created, &updated)
	p.Created, p.Updated = fromMillis(created), fromMillis(updated)
	return p, err
}

func (db *DB) Posts(ctx context.Context, page app.Page) (app.List[app.Post], error) {
	return readList(ctx, db, page, postsCount, postsPage, nil, scanPost)
}

func (db *DB) PostBySlug(ctx context.Context, slug string) (*app.Post, error) {
	return db.post(ctx, `SELECT `+postColumns+postFrom+` WHERE p.slug = $1`, slug)
}

func (db *DB) PostByID(ctx context.Context, id int64) (*app.Post, error) {
	return db.post(ctx, `SELECT `+postColumns+postFrom+` WHERE p.id = $1`, id)
}

func (db *DB) post(ctx context.Context, query string, arg any) (*app.Post, error) {
	p, err := scanPost(db.pool.QueryRow(ctx, query, arg))
	if err != nil {
		return nil, notFound(err, "Post")
	}
	return &p, nil
}

// CreatePost picks the slug in the transaction that stores the post.
// Transactions that write posts of one slug take turns: each first takes a
// transaction-level advisory lock on the slug it starts from, held until
// it commits, so the next one's freeSlug (a statement of its own, which
// under READ COMMITTED sees every commit before it) finds the slug taken
// and picks the next. Posts of different titles may still pick the same
// slug ("news-2" is both "News 2" and the second "News"); the unique index
// refuses the second, which then picks again.
func (db *DB) CreatePost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	for tries := 1; ; tries++ {
		err := db.insertPost(ctx, p, audit)
		if !errors.Is(err, errSlugTaken) || tries == maxSlugTries {
			return err
		}
	}
}

// maxSlugTries bounds CreatePost's picking again: each try loses only to a
// post of another starting slug committed meanwhile, so a few are plenty.
const maxSlugTries = 5

var errSlugTaken = app.Errorf(app.KindConflict, "A post with this address was just published. Try again.")

// slugLockClass is the first key of the advisory locks CreatePost takes,
// the second being the hash of the slug it starts from: the two-key locks
// are a space apart from the one-key lock of the migrations.
const slugLockClass = 1016

func (db *DB) insertPost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	now, base := db.millis(), p.Slug
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, slugLockClass, base); err != nil {
			return err
		}
		slug, err := freeSlug(ctx, tx, base)
		if err != nil {
			return err
		}
		err = tx.QueryRow(ctx, `
			INSERT INTO posts (slug, title, body, author_id, author_name, created, updated)
			VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
			slug, p.Title, p.Body, p.Author.ID, p.Author.Name, now, now).Scan(&p.ID)
		if isUniqueViolation(err) {
			return errSlugTaken
		}
		if err != nil {
			return referenceGone(err)
		}
		p.Slug = slug
		if audit != nil {
			audit.TargetID = p.ID
		}
		return db.record(ctx, tx, audit)
	})
	if err != nil {
		return err
	}
	p.Created, p.Updated = fromMillis(now), fromMillis(now)
	return nil
}

// freeSlug is base, or base-2, base-3, ... whichever no post has yet.
func freeSlug(ctx context.Context, tx pgx.Tx, base string) (string, error) {
	rows, err := tx.Query(ctx, `
		SELECT slug FROM posts
		WHERE slug = $1 OR (starts_with(slug, $1 || '-') AND substr(slug, length($1) + 2) ~ '^[0-9]+$')`, base)
	if err != nil {
		return "", err
	}
	slugs, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return "", err
	}
	taken := make(map[string]bool, len(slugs))
	for _, slug := range slugs {
		taken[slug] = true
	}
	slug := base
	for n := 2; taken[slug]; n++ {
		slug = base + "-" + strconv.Itoa(n)
	}
	return slug, nil
}

func (db *DB) UpdatePost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	now := db.millis()
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE posts SET title = $1, body = $2, updated = $3 WHERE id = $4`, p.Title, p.Body, now, p.ID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindNotFound, "Post not found")
		}
		return db.record(ctx, tx, audit)
	})
	if err != nil {
		return err
	}
	p.Updated = fromMillis(now)
	return nil
}

func (db *DB) DeletePost(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM posts WHERE id = $1`, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindNotFound, "Post not found")
		}
		return db.record(ctx, tx, audit)
	})
}
