package sqlite

// CatalogueVersion changes after every write through this store that may
// change what the public lists show: categories, available products with
// their sellers' names and verified state, adverts. The API tags those lists
// with it, so an unchanged list is answered without reading the database.
func (db *DB) CatalogueVersion() uint64 { return db.catalogue.Load() }
