package storecore

import (
	"context"
	"database/sql"
	"errors"
	"strconv"

	"rehome/app"
)

// The author's name is read from their account while it exists, so a
// renamed admin's posts follow; the copy is for once it is gone.
const (
	postColumns = `p.id, p.slug, p.title, p.body, p.author_id, coalesce(u.name, p.author_name), p.created, p.updated`
	postFrom    = ` FROM posts p LEFT JOIN users u ON u.id = p.author_id`
)

const (
	PostsCount = `SELECT count(*) FROM posts`
	// posts_newest gives this order.
	PostsPage = `SELECT ` + postColumns + postFrom + ` ORDER BY p.created DESC, p.id DESC LIMIT ? + 0 OFFSET ? + 0`
)

// ScanPost reads a row of postColumns.
func ScanPost(r Row) (app.Post, error) {
	var p app.Post
	var authorID sql.NullInt64
	var created, updated int64
	err := r.Scan(&p.ID, &p.Slug, &p.Title, &p.Body, &authorID, &p.Author.Name, &created, &updated)
	p.Author.ID = NullID(authorID)
	p.Created, p.Updated = FromMillis(created), FromMillis(updated)
	return p, err
}

func PostBySlug(ctx context.Context, q Querier, slug string) (*app.Post, error) {
	return post(ctx, q, `SELECT `+postColumns+postFrom+` WHERE p.slug = ?`, slug)
}

func PostByID(ctx context.Context, q Querier, id int64) (*app.Post, error) {
	return post(ctx, q, `SELECT `+postColumns+postFrom+` WHERE p.id = ?`, id)
}

func post(ctx context.Context, q Querier, query string, arg any) (*app.Post, error) {
	p, err := ScanPost(q.QueryRow(ctx, query, arg))
	if err != nil {
		return nil, NotFound(err, "Post")
	}
	return &p, nil
}

// CreatePost picks the slug in the transaction that stores the post.
// Posts written at once may still pick the same slug ("news-2" is both
// "News 2" and the second "News"); the unique index refuses the second,
// which then picks again: insert gives ErrSlugTaken, a few times at most.
func CreatePost(insert func() error) error {
	for tries := 1; ; tries++ {
		err := insert()
		if !errors.Is(err, ErrSlugTaken) || tries == maxSlugTries {
			return err
		}
	}
}

// maxSlugTries bounds CreatePost's picking again: each try loses only to a
// post committed meanwhile, so a few are plenty.
const maxSlugTries = 5

// ErrSlugTaken is the answer to a post whose slug another took meanwhile.
var ErrSlugTaken = app.Errorf(app.KindConflict, "A post with this address was just published. Try again.")

// InsertPost stores a post under the slug picked for it, in a write
// transaction, and sets its ID; the store tells a unique violation (its
// slug taken meanwhile) from other errors.
func InsertPost(ctx context.Context, tx Querier, p *app.Post, slug string, now int64) error {
	return tx.QueryRow(ctx, `
		INSERT INTO posts (slug, title, body, author_id, author_name, created, updated)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		slug, p.Title, p.Body, p.Author.ID, p.Author.Name, now, now).Scan(&p.ID)
}

// FreeSlug is base, or base-2, base-3, ... whichever no post has yet, of
// the slugs query finds: those that are base, or base followed by a dash
// and a number, with base as its one parameter (numbered, as each
// database matches patterns its own way).
func FreeSlug(ctx context.Context, tx Querier, query string, base string) (string, error) {
	rows, err := tx.Query(ctx, query, base)
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

// UpdatePost writes a post's title and body, in a write transaction.
func UpdatePost(ctx context.Context, tx Querier, p *app.Post, now int64) error {
	n, err := tx.Exec(ctx, `UPDATE posts SET title = ?, body = ?, updated = ? WHERE id = ?`, p.Title, p.Body, now, p.ID)
	return ChangedOne(n, err, "Post not found")
}

// DeletePost deletes a post, in a write transaction.
func DeletePost(ctx context.Context, tx Querier, id int64) error {
	n, err := tx.Exec(ctx, `DELETE FROM posts WHERE id = ?`, id)
	return ChangedOne(n, err, "Post not found")
}
