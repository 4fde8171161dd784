package postgres

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// categoryKey is a category's name as its unique index compares it.
func categoryKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

func (db *DB) CreateCategory(ctx context.Context, c *app.Category, audit *app.AuditEntry) error {
	created := db.millis()
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `
			INSERT INTO categories (name, name_key, image, thumb_url, created) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
			c.Name, categoryKey(c.Name), c.Image, c.ThumbURL, created).Scan(&c.ID)
		if err != nil {
			return err
		}
		if audit != nil {
			audit.TargetID = c.ID
		}
		return db.record(ctx, tx, audit)
	})
	if isUniqueViolation(err) {
		return app.Errorf(app.KindConflict, "A category with this name already exists")
	}
	if err != nil {
		return referenceGone(err)
	}
	c.Created = fromMillis(created)
	return nil
}
