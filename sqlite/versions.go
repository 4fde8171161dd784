package sqlite

// After a write commits, it forgets the cached rows it changed and then
// tells the readers that keep versions: first forgetting, so that a reader
// who sees the new version never finds the old rows in a cache.

// anyCategory stands for every category in listingsChanged.
const anyCategory int64 = 0

// CatalogueVersion changes after every write through this store that may
// change what the public lists show: categories, available products with
// their sellers' names and verified state, adverts. The API tags those lists
// with it, so an unchanged list is answered without reading the database.
func (db *DB) CatalogueVersion() uint64 { return db.catalogue.Load() }

func (db *DB) catalogueChanged() { db.catalogue.Add(1) }

// listingsChanged follows a write that changed which products a category
// has available, or any category's for anyCategory.
func (db *DB) listingsChanged(category int64) {
	db.pages.changed(category)
	db.catalogueChanged()
}

// userChanged follows a write to an account; the public lists show
// sellers' names and verified state.
func (db *DB) userChanged(id int64) {
	db.users.forget(id)
	db.catalogueChanged()
}
