package sqlite

import (
	"context"
	"strings"

	"rehome/app"
)

// categoryKey folds a name the way uniqueness and look-ups compare it.
func categoryKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

func (db *DB) CreateCategory(ctx context.Context, c *app.Category) error {
	created := db.millis()
	err := db.write.QueryRowContext(ctx, `
		INSERT INTO categories (name, name_key, image, thumb_url, created) VALUES (?, ?, ?, ?, ?) RETURNING id`,
		c.Name, categoryKey(c.Name), c.Image, c.ThumbURL, created).Scan(&c.ID)
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
const categoriesQuery = `SELECT ` + categoryColumns + ` FROM categories ORDER BY name_key`

const categoryColumns = `id, name, image, thumb_url, created`

func scanCategory(row interface{ Scan(...any) error }) (*app.Category, error) {
	var c app.Category
	var created int64
	if err := row.Scan(&c.ID, &c.Name, &c.Image, &c.ThumbURL, &created); err != nil {
		return nil, err
	}
	c.Created = fromMillis(created)
	return &c, nil
}

func (db *DB) Categories(ctx context.Context) ([]app.Category, error) {
	rows, err := db.read.QueryContext(ctx, categoriesQuery)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	categories := []app.Category{}
	for rows.Next() {
		c, err := scanCategory(rows)
		if err != nil {
			return nil, err
		}
		categories = append(categories, *c)
	}
	return categories, rows.Err()
}

func (db *DB) CategoryByName(ctx context.Context, name string) (*app.Category, error) {
	c, err := scanCategory(db.read.QueryRowContext(ctx, `SELECT `+categoryColumns+` FROM categories WHERE name_key = ?`,
		categoryKey(name)))
	if err != nil {
		return nil, notFound(err, "Category")
	}
	return c, nil
}
