package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
	"rehome/storecore"
)

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
