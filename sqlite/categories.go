package sqlite

import (
	"context"
	"database/sql"
	"slices"
	"strings"

	"rehome/app"
	"rehome/cache"
)

// categoryKey folds a name the way uniqueness and look-ups compare it.
func categoryKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

func (db *DB) CreateCategory(ctx context.Context, c *app.Category, audit *app.AuditEntry) error {
	created := db.millis()
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		err := db.txRow(ctx, tx, `
			INSERT INTO categories (name, name_key, image, thumb_url, created) VALUES (?, ?, ?, ?, ?) RETURNING id`,
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

// categoriesQuery lists every category by name; name_key's unique index keeps it in order.
const categoriesQuery = `SELECT ` + categoryColumns + `, name_key FROM categories ORDER BY name_key`

const categoryColumns = `id, name, image, thumb_url, created, listed`

func scanCategory(row row, extra ...any) (*app.Category, error) {
	var c app.Category
	var created int64
	if err := row.Scan(append([]any{&c.ID, &c.Name, &c.Image, &c.ThumbURL, &created, &c.Count}, extra...)...); err != nil {
		return nil, err
	}
	c.Created = fromMillis(created)
	return &c, nil
}

// Categories are few, read on every category page and changed only by
// CreateCategory, so the whole list is cached.
func (db *DB) Categories(ctx context.Context) ([]app.Category, error) {
	all, err := db.allCategories(ctx)
	if err != nil {
		return nil, err
	}
	return slices.Clone(all.List), nil
}

func (db *DB) allCategories(ctx context.Context) (*cache.Categories, error) {
	if all, ok := db.caches.Categories.Get(struct{}{}); ok {
		return all, nil
	}
	gen := db.caches.Categories.Generation()
	rows, err := db.query(ctx, categoriesQuery)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	all := &cache.Categories{List: []app.Category{}, ByKey: map[string]int{}, ByID: map[int64]int{}}
	for rows.Next() {
		var key string
		c, err := scanCategory(rows, &key)
		if err != nil {
			return nil, err
		}
		all.ByKey[key], all.ByID[c.ID] = len(all.List), len(all.List)
		all.List = append(all.List, *c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	db.caches.Categories.Put(gen, struct{}{}, all)
	return all, nil
}

func (db *DB) CategoryByName(ctx context.Context, name string) (*app.Category, error) {
	all, err := db.allCategories(ctx)
	if err != nil {
		return nil, err
	}
	i, ok := all.ByKey[categoryKey(name)]
	if !ok {
		return nil, app.Errorf(app.KindNotFound, "Category not found")
	}
	c := all.List[i]
	return &c, nil
}

func (db *DB) UpdateCategory(ctx context.Context, c *app.Category, formerName string, audit *app.AuditEntry) error {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := db.txExec(ctx, tx, `UPDATE categories SET name = ?, name_key = ?, image = ?, thumb_url = ? WHERE id = ?`,
			c.Name, categoryKey(c.Name), c.Image, c.ThumbURL, c.ID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return app.Errorf(app.KindNotFound, "Category not found")
		}
		if former, now := categoryKey(formerName), categoryKey(c.Name); former != now {
			if _, err := db.txExec(ctx, tx, `DELETE FROM category_renames WHERE name_key = ?`, now); err != nil {
				return err
			}
			if _, err := db.txExec(ctx, tx, `
				INSERT INTO category_renames (name_key, category_id) VALUES (?, ?)
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

// CategoryRenamedFrom is read only for a name no category has, which is
// rare enough to go to the database each time.
func (db *DB) CategoryRenamedFrom(ctx context.Context, name string) (*app.Category, error) {
	var id int64
	err := db.queryRow(ctx, `SELECT category_id FROM category_renames WHERE name_key = ?`, categoryKey(name)).Scan(&id)
	if err != nil {
		return nil, notFound(err, "Category")
	}
	all, err := db.allCategories(ctx)
	if err != nil {
		return nil, err
	}
	i, ok := all.ByID[id]
	if !ok {
		return nil, app.Errorf(app.KindNotFound, "Category not found")
	}
	c := all.List[i]
	return &c, nil
}
