package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
)

// The full-text index holds the listings' words stemmed in one language
// (migration 29), and a search must stem its words in the same one.

// searchLanguage is the language the index is stemmed in.
func (db *DB) searchLanguage() app.Language {
	l, _ := db.indexLanguage.Load().(app.Language)
	return l
}

func (db *DB) readSearchLanguage(ctx context.Context) error {
	var l string
	if err := db.write.QueryRowContext(ctx, `SELECT language FROM search_language`).Scan(&l); err != nil {
		return err
	}
	db.indexLanguage.Store(app.Language(l))
	return nil
}

// UseSearchLanguage stems the index in l from now on, rebuilding it in one
// transaction when it holds another language: a search meanwhile finds
// what the index held before. Of racing calls the last to commit wins,
// each rebuilding whole. Kept searches are forgotten (the write to
// search_language tells the feed every listing changed).
func (db *DB) UseSearchLanguage(ctx context.Context, l app.Language) error {
	if l == db.searchLanguage() {
		return nil
	}
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE search_language SET language = ? WHERE language <> ?`, string(l), string(l))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO products_search (products_search) VALUES ('delete-all')`); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO products_search (rowid, name, description, category, location)
			SELECT p.id, rehome_stems(p.name, ?1), rehome_stems(p.description, ?1), rehome_stems(c.name, ?1), rehome_stems(p.location, ?1)
			FROM products p JOIN categories c ON c.id = p.category_id`, string(l))
		return err
	})
	if err != nil {
		return err
	}
	db.indexLanguage.Store(l)
	return nil
}
