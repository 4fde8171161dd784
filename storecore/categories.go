package storecore

import (
	"context"
	"strings"

	"rehome/app"
)

// CategoryKey folds a name the way uniqueness and look-ups compare it, as
// categories' unique index on name_key does.
func CategoryKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// CategoryColumns are a category's columns, with its count of listings
// for sale (kept by trigger).
const CategoryColumns = `id, name, image, thumb_url, created, listed`

// ScanCategory reads a row of CategoryColumns and the columns after them
// into extra.
func ScanCategory(row Row, extra ...any) (*app.Category, error) {
	var c app.Category
	var created int64
	if err := row.Scan(append([]any{&c.ID, &c.Name, &c.Image, &c.ThumbURL, &created, &c.Count}, extra...)...); err != nil {
		return nil, err
	}
	c.Created = FromMillis(created)
	return &c, nil
}

var errCategoryNameTaken = app.Errorf(app.KindConflict, "A category with this name already exists")

func (s *Store) CreateCategory(ctx context.Context, c *app.Category, audit *app.AuditEntry) error {
	created := s.now()
	err := s.inTx(ctx, func(tx Querier) error {
		err := tx.QueryRow(ctx, `
			INSERT INTO categories (name, name_key, image, thumb_url, created) VALUES (?, ?, ?, ?, ?) RETURNING id`,
			c.Name, CategoryKey(c.Name), c.Image, c.ThumbURL, created).Scan(&c.ID)
		if err != nil {
			return err
		}
		if audit != nil {
			audit.TargetID = c.ID
		}
		return Record(ctx, s.d, tx, audit, created)
	})
	if s.d.IsUniqueViolation(err) {
		return errCategoryNameTaken
	}
	if err != nil {
		return s.d.ReferenceGone(err)
	}
	c.Created = FromMillis(created)
	return nil
}

// UpdateCategory renames a category or changes its image; a renamed
// category keeps answering to its former name (category_renames) until
// another takes it.
func (s *Store) UpdateCategory(ctx context.Context, c *app.Category, formerName string, audit *app.AuditEntry) error {
	err := s.recorded(ctx, audit, func(tx Querier) error {
		n, err := tx.Exec(ctx, `UPDATE categories SET name = ?, name_key = ?, image = ?, thumb_url = ? WHERE id = ?`,
			c.Name, CategoryKey(c.Name), c.Image, c.ThumbURL, c.ID)
		if err := ChangedOne(n, err, "Category not found"); err != nil {
			return err
		}
		former, now := CategoryKey(formerName), CategoryKey(c.Name)
		if former == now {
			return nil
		}
		if _, err := tx.Exec(ctx, `DELETE FROM category_renames WHERE name_key = ?`, now); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `
			INSERT INTO category_renames (name_key, category_id) VALUES (?, ?)
			ON CONFLICT (name_key) DO UPDATE SET category_id = excluded.category_id`, former, c.ID)
		return err
	})
	if s.d.IsUniqueViolation(err) {
		return errCategoryNameTaken
	}
	return s.d.ReferenceGone(err)
}

// The reads of categories, each from the database; SQLite's store answers
// them from its cache of the whole list instead.

// CategoriesQuery lists every category by name, in name_key's order.
const CategoriesQuery = `SELECT ` + CategoryColumns + `, name_key FROM categories ORDER BY name_key`

func (s *Store) Categories(ctx context.Context) ([]app.Category, error) {
	rows, err := s.read.Query(ctx, CategoriesQuery)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	all := []app.Category{}
	for rows.Next() {
		var key string
		c, err := ScanCategory(rows, &key)
		if err != nil {
			return nil, err
		}
		all = append(all, *c)
	}
	return all, rows.Err()
}

// CategoryByName finds a category by its name as the unique index on
// name_key compares it.
func (s *Store) CategoryByName(ctx context.Context, name string) (*app.Category, error) {
	c, err := ScanCategory(s.read.QueryRow(ctx, `SELECT `+CategoryColumns+` FROM categories WHERE name_key = ?`, CategoryKey(name)))
	if err != nil {
		return nil, NotFound(err, "Category")
	}
	return c, nil
}

func (s *Store) CategoryRenamedFrom(ctx context.Context, name string) (*app.Category, error) {
	c, err := ScanCategory(s.read.QueryRow(ctx, `SELECT `+CategoryColumns+` FROM categories
		WHERE id = (SELECT category_id FROM category_renames WHERE name_key = ?)`, CategoryKey(name)))
	if err != nil {
		return nil, NotFound(err, "Category")
	}
	return c, nil
}
