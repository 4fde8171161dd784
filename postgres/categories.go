package postgres

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
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

// categoriesQuery lists every category by name, in name_key's order.
// Categories are a few dozen rows, read whole; this store keeps no copy of
// them, since another instance may add one at any time.
const categoriesQuery = `SELECT ` + categoryColumns + ` FROM categories ORDER BY name_key`

const categoryColumns = `id, name, image, thumb_url, created, listed`

func scanCategory(row storecore.Row) (*app.Category, error) {
	var c app.Category
	var created int64
	if err := row.Scan(&c.ID, &c.Name, &c.Image, &c.ThumbURL, &created, &c.Count); err != nil {
		return nil, err
	}
	c.Created = fromMillis(created)
	return &c, nil
}

func (db *DB) Categories(ctx context.Context) ([]app.Category, error) {
	rows, err := db.pool.Query(ctx, categoriesQuery)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	all := []app.Category{}
	for rows.Next() {
		c, err := scanCategory(rows)
		if err != nil {
			return nil, err
		}
		all = append(all, *c)
	}
	return all, rows.Err()
}

// CategoryByName finds a category by its name as the unique index on
// name_key compares it.
func (db *DB) CategoryByName(ctx context.Context, name string) (*app.Category, error) {
	c, err := scanCategory(db.pool.QueryRow(ctx, `SELECT `+categoryColumns+` FROM categories WHERE name_key = $1`, categoryKey(name)))
	if err != nil {
		return nil, notFound(err, "Category")
	}
	return c, nil
}

func (db *DB) UpdateCategory(ctx context.Context, c *app.Category, formerName string, audit *app.AuditEntry) error {
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE categories SET name = $1, name_key = $2, image = $3, thumb_url = $4 WHERE id = $5`,
			c.Name, categoryKey(c.Name), c.Image, c.ThumbURL, c.ID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindNotFound, "Category not found")
		}
		if former, now := categoryKey(formerName), categoryKey(c.Name); former != now {
			if _, err := tx.Exec(ctx, `DELETE FROM category_renames WHERE name_key = $1`, now); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `
				INSERT INTO category_renames (name_key, category_id) VALUES ($1, $2)
				ON CONFLICT (name_key) DO UPDATE SET category_id = excluded.category_id`, former, c.ID); err != nil {
				return err
			}
		}
		return db.record(ctx, tx, audit)
	})
	if isUniqueViolation(err) {
		return app.Errorf(app.KindConflict, "A category with this name already exists")
	}
	return referenceGone(err)
}

func (db *DB) CategoryRenamedFrom(ctx context.Context, name string) (*app.Category, error) {
	c, err := scanCategory(db.pool.QueryRow(ctx, `SELECT `+categoryColumns+` FROM categories
		WHERE id = (SELECT category_id FROM category_renames WHERE name_key = $1)`, categoryKey(name)))
	if err != nil {
		return nil, notFound(err, "Category")
	}
	return c, nil
}
