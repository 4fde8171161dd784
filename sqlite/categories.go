package sqlite

import (
	"context"
	"slices"

	"rehome/app"
	"rehome/cache"
	"rehome/storecore"
)

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
	rows, err := db.query(ctx, storecore.CategoriesQuery)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	all := &cache.Categories{List: []app.Category{}, ByKey: map[string]int{}, ByID: map[int64]int{}}
	for rows.Next() {
		var key string
		c, err := storecore.ScanCategory(rows, &key)
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
	i, ok := all.ByKey[storecore.CategoryKey(name)]
	if !ok {
		return nil, app.Errorf(app.KindNotFound, "Category not found")
	}
	c := all.List[i]
	return &c, nil
}

// CategoryRenamedFrom is read only for a name no category has, which is
// rare enough to go to the database each time.
func (db *DB) CategoryRenamedFrom(ctx context.Context, name string) (*app.Category, error) {
	var id int64
	err := db.queryRow(ctx, `SELECT category_id FROM category_renames WHERE name_key = ?`, storecore.CategoryKey(name)).Scan(&id)
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
