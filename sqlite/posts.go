package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"strconv"

	"rehome/app"
)

// The author's name is read from their account while it exists, so a
// renamed admin's posts follow; the copy is for once it is gone.
const postColumns = `p.id, p.slug, p.title, p.body, p.author_id, coalesce(u.name, p.author_name), p.created, p.updated`

const postFrom = ` FROM posts p LEFT JOIN users u ON u.id = p.author_id`

const (
	postsCount = `SELECT count(*) FROM posts`
	// posts_newest gives this order.
	postsPage = `SELECT ` + postColumns + postFrom + ` ORDER BY p.created DESC, p.id DESC LIMIT ? + 0 OFFSET ? + 0`
)

func scanPost(r row) (app.Post, error) {
	var p app.Post
	var authorID sql.NullInt64
	var created, updated int64
	err := r.Scan(&p.ID, &p.Slug, &p.Title, &p.Body, &authorID, &p.Author.Name, &created, &updated)
	if authorID.Valid {
		p.Author.ID = &authorID.Int64
	}
	p.Created, p.Updated = fromMillis(created), fromMillis(updated)
	return p, err
}

func (db *DB) Posts(ctx context.Context, page app.Page) (app.List[app.Post], error) {
	return readList(ctx, db, page, postsCount, postsPage, nil, scanPost)
}

func (db *DB) PostBySlug(ctx context.Context, slug string) (*app.Post, error) {
	return db.post(ctx, `SELECT `+postColumns+postFrom+` WHERE p.slug = ?`, slug)
}

func (db *DB) PostByID(ctx context.Context, id int64) (*app.Post, error) {
	return db.post(ctx, `SELECT `+postColumns+postFrom+` WHERE p.id = ?`, id)
}

func (db *DB) post(ctx context.Context, query string, arg any) (*app.Post, error) {
	p, err := scanPost(db.queryRow(ctx, query, arg))
	if err != nil {
		return nil, notFound(err, "Post")
	}
	return &p, nil
}

// CreatePost picks the slug in the transaction that stores the post. Two
// posts of the same title written at once may still pick the same slug
// where transactions run side by side; the unique index refuses the second,
// which then picks again.
func (db *DB) CreatePost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	for tries := 1; ; tries++ {
		err := db.insertPost(ctx, p, audit)
		if !errors.Is(err, errSlugTaken) || tries == maxSlugTries {
			return err
		}
	}
}

// maxSlugTries bounds CreatePost's picking again: each try loses only to a
// post committed meanwhile, so a few are plenty.
const maxSlugTries = 5

var errSlugTaken = app.Errorf(app.KindConflict, "A post with this address was just published. Try again.")

func (db *DB) insertPost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	now := db.millis()
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		slug, err := db.freeSlug(ctx, tx, p.Slug)
		if err != nil {
			return err
		}
		err = db.txRow(ctx, tx, `
			INSERT INTO posts (slug, title, body, author_id, author_name, created, updated)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
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
func (db *DB) freeSlug(ctx context.Context, tx *sql.Tx, base string) (string, error) {
	rows, err := db.txQuery(ctx, tx, `SELECT slug FROM posts WHERE slug = ?1 OR slug GLOB ?1 || '-[0-9]*'`, base)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	taken := map[string]bool{}
	for rows.Next() {
		var slug string
		if err := rows.Scan(&slug); err != nil {
			return "", err
		}
		taken[slug] = true
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	slug := base
	for n := 2; taken[slug]; n++ {
		slug = base + "-" + strconv.Itoa(n)
	}
	return slug, nil
}

func (db *DB) UpdatePost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	now := db.millis()
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := db.txExec(ctx, tx, `UPDATE posts SET title = ?, body = ?, updated = ? WHERE id = ?`, p.Title, p.Body, now, p.ID)
		if err := changedOne(res, err, "Post not found"); err != nil {
			return err
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
	return db.changeOneRecorded(ctx, `DELETE FROM posts WHERE id = ?`, id, "Post not found", audit)
}
