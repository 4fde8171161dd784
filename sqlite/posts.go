package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
	"rehome/storecore"
)

func (db *DB) Posts(ctx context.Context, page app.Page) (app.List[app.Post], error) {
	return readList(ctx, db, page, storecore.PostsCount, storecore.PostsPage, nil, storecore.ScanPost)
}

func (db *DB) PostBySlug(ctx context.Context, slug string) (*app.Post, error) {
	return storecore.PostBySlug(ctx, reader{db}, slug)
}

func (db *DB) PostByID(ctx context.Context, id int64) (*app.Post, error) {
	return storecore.PostByID(ctx, reader{db}, id)
}

// freeSlugs finds the slugs a post of slug ?1 might clash with.
const freeSlugs = `SELECT slug FROM posts WHERE slug = ?1 OR slug GLOB ?1 || '-[0-9]*'`

func (db *DB) CreatePost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	return storecore.CreatePost(func() error { return db.insertPost(ctx, p, audit) })
}

func (db *DB) insertPost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	now := db.millis()
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		slug, err := storecore.FreeSlug(ctx, writer{db, tx}, freeSlugs, p.Slug)
		if err != nil {
			return err
		}
		err = storecore.InsertPost(ctx, writer{db, tx}, p, slug, now)
		if isUniqueViolation(err) {
			return storecore.ErrSlugTaken
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

func (db *DB) UpdatePost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	now := db.millis()
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		if err := storecore.UpdatePost(ctx, writer{db, tx}, p, now); err != nil {
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
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if err := storecore.DeletePost(ctx, writer{db, tx}, id); err != nil {
			return err
		}
		return db.record(ctx, tx, audit)
	})
}
