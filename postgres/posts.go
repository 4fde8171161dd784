package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// freeSlugs finds the slugs a post of slug $1 might clash with.
const freeSlugs = `SELECT slug FROM posts
	WHERE slug = $1 OR (starts_with(slug, $1 || '-') AND substr(slug, length($1) + 2) ~ '^[0-9]+$')`

// CreatePost: transactions that write posts of one slug take turns: each
// first takes a transaction-level advisory lock on the slug it starts
// from, held until it commits, so the next one's freeSlugs (a statement of
// its own, which under READ COMMITTED sees every commit before it) finds
// the slug taken and picks the next.
func (db *DB) CreatePost(ctx context.Context, p *app.Post, audit *app.AuditEntry) error {
	return storecore.CreatePost(func() error { return db.insertPost(ctx, p, audit) })
}

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
		slug, err := storecore.FreeSlug(ctx, core{tx}, freeSlugs, base)
		if err != nil {
			return err
		}
		err = storecore.InsertPost(ctx, core{tx}, p, slug, now)
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
