package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"slices"
	"sync"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"rehome/app"
	"rehome/cache"
)

// The caches (package cache) and the catalogue's version must forget
// whatever a write changed. No write path says so by hand, where a new one
// could forget to: SQLite reports every row a statement on the writer
// changes, cascades included (its pre-update hook), changes notes them, and
// when the write transaction has ended, inTx publishes them on the change
// feed in one step.

// changes is what the writer changed in the transaction under way.
type changes struct {
	cache.Change
	ended endings // sessions that ended, told once committed
}

// columns says where the hook finds the values it needs in a changed row,
// read from the schema once it is up to date.
type columns struct {
	productCategory int // products.category_id
	// products' name, description, category_id and location: what the
	// full-text index holds of a listing
	productText   [4]int
	advertProduct int // adverts.product_id
	bookingBuyer  int // bookings.buyer_id
	blockBlocker  int // blocks.blocker_id
	userEpoch     int // users.session_epoch
	categoryName  int // categories.name
}

// changeNotes collects the changes the writer connection reports. Only the
// goroutine holding the writer (one connection, inTx's lock) adds to them.
type changeNotes struct {
	mu      sync.Mutex
	cols    columns
	pending changes
}

func (n *changeNotes) note(d sqlite.SQLitePreUpdateData) {
	n.mu.Lock()
	defer n.mu.Unlock()
	c := &n.pending
	// SQLite gives the old rowid for an update or delete and the new one for
	// an insert or update; an update may change it.
	hasOld, hasNew := d.Op != sqlite3.SQLITE_INSERT, d.Op != sqlite3.SQLITE_DELETE
	switch d.TableName {
	case "users":
		c.Users = appendRowIDs(c.Users, d, hasOld, hasNew)
		c.Catalogue = true // sellers' names and verified state
		c.ended.noteAccount(d, n.cols.userEpoch)
	case "products":
		c.Products = appendRowIDs(c.Products, d, hasOld, hasNew)
		c.Catalogue = true
		if !hasOld || !hasNew || d.OldRowID != d.NewRowID || !sameText(d.Old, d.New, n.cols.productText) {
			c.ProductTexts = appendRowIDs(c.ProductTexts, d, hasOld, hasNew)
		}
		for _, row := range rows(d, hasOld, hasNew) {
			if category, ok := column[int64](row, n.cols.productCategory); ok {
				c.Listings = appendNew(c.Listings, category)
			} else {
				c.AllListings = true
			}
		}
	case "bookings":
		for _, row := range rows(d, hasOld, hasNew) {
			if buyer, ok := column[int64](row, n.cols.bookingBuyer); ok {
				c.Bookers = appendNew(c.Bookers, buyer)
			} else {
				c.AllBookers = true // unreadable, or null: rare enough to forget everyone's
			}
		}
	case "blocks":
		for _, row := range rows(d, hasOld, hasNew) {
			if blocker, ok := column[int64](row, n.cols.blockBlocker); ok {
				c.Blockers = appendNew(c.Blockers, blocker)
			} else {
				c.AllBlockers = true
			}
		}
	case "categories":
		c.Categories, c.Catalogue = true, true
		// A rename changes its listings' search text, which a trigger
		// rewrites in the index, where this hook does not look. The count
		// of listings, updated with every sale, leaves the searches be.
		if hasOld && hasNew && !sameName(d, n.cols.categoryName) {
			c.AllProducts = true
		}
	case "adverts":
		c.Catalogue = true
		// A product's row carries whether it is advertised.
		for _, row := range rows(d, hasOld, hasNew) {
			if product, ok := column[int64](row, n.cols.advertProduct); ok {
				c.Products = append(c.Products, product)
			} else {
				c.AllProducts = true
			}
		}
	case "sessions":
		// WITHOUT ROWID: the token, its primary key, is the first column.
		for _, row := range rows(d, hasOld, hasNew) {
			if token, ok := column[string](row, 0); ok {
				c.Sessions = append(c.Sessions, app.SessionID(token))
			} else {
				c.AllSessions = true
			}
		}
		c.ended.noteSession(d)
	case "search_language":
		// The index is rebuilt: every kept search is stale.
		c.AllProducts, c.Catalogue = true, true
	case "site_settings":
		c.Site = true
	}
}

// take returns what was noted so far and starts afresh.
func (n *changeNotes) take() changes {
	n.mu.Lock()
	defer n.mu.Unlock()
	c := n.pending
	n.pending = changes{}
	return c
}

// rows are the readers of the row before the change and the row after it,
// where there is one.
func rows(d sqlite.SQLitePreUpdateData, hasOld, hasNew bool) []func(...any) error {
	var read []func(...any) error
	if hasOld {
		read = append(read, d.Old)
	}
	if hasNew {
		read = append(read, d.New)
	}
	return read
}

// column reads column i of a changed row.
func column[T any](read func(...any) error, i int) (T, bool) {
	v := make([]any, i+1)
	if read(v...) != nil {
		var zero T
		return zero, false
	}
	value, ok := v[i].(T)
	return value, ok
}

// sameName is whether an updated category row kept its name; false when
// either cannot be read, or the column is not known yet.
func sameName(d sqlite.SQLitePreUpdateData, col int) bool {
	old, okOld := column[string](d.Old, col)
	new, okNew := column[string](d.New, col)
	return col != 0 && okOld && okNew && old == new
}

// sameText is whether two rows of products hold the same text for the
// full-text index; false when either cannot be read, or the columns are
// not known yet.
func sameText(old, new func(...any) error, cols [4]int) bool {
	if cols == [4]int{} {
		return false
	}
	n := slices.Max(cols[:]) + 1
	a, b := make([]any, n), make([]any, n)
	if old(a...) != nil || new(b...) != nil {
		return false
	}
	for _, i := range cols {
		switch x, y := a[i], b[i]; x := x.(type) {
		case []byte:
			if y, ok := y.([]byte); !ok || !bytes.Equal(x, y) {
				return false
			}
		case string, int64, float64, nil:
			if x != y {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func appendRowIDs(list []int64, d sqlite.SQLitePreUpdateData, hasOld, hasNew bool) []int64 {
	if hasOld {
		list = append(list, d.OldRowID)
	}
	if hasNew && !(hasOld && d.NewRowID == d.OldRowID) {
		list = append(list, d.NewRowID)
	}
	return list
}

func appendNew(list []int64, v int64) []int64 {
	if slices.Contains(list, v) {
		return list
	}
	return append(list, v)
}

// noticingConnector registers the pre-update hook on every connection the
// writer pool opens.
type noticingConnector struct {
	driver.Connector
	notes *changeNotes
}

func (c noticingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	hooks, ok := conn.(sqlite.HookRegisterer)
	if !ok {
		conn.Close()
		return nil, fmt.Errorf("sqlite connection %T takes no hooks", conn)
	}
	hooks.RegisterPreUpdateHook(c.notes.note)
	return conn, nil
}

// openWriter opens the writer pool with its changes reported to notes.
func openWriter(dsn string, notes *changeNotes) (*sql.DB, error) {
	base, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(noticingConnector{Connector: base, notes: notes}), nil
}

// readColumns finds, once the schema is up to date, the columns the hook reads.
func (db *DB) readColumns(ctx context.Context) error {
	var cols columns
	for _, c := range []struct {
		table, column string
		cid           *int
	}{
		{"products", "category_id", &cols.productCategory},
		{"products", "name", &cols.productText[0]},
		{"products", "description", &cols.productText[1]},
		{"products", "category_id", &cols.productText[2]},
		{"products", "location", &cols.productText[3]},
		{"adverts", "product_id", &cols.advertProduct},
		{"bookings", "buyer_id", &cols.bookingBuyer},
		{"blocks", "blocker_id", &cols.blockBlocker},
		{"users", "session_epoch", &cols.userEpoch},
		{"categories", "name", &cols.categoryName},
	} {
		err := db.write.QueryRowContext(ctx, `SELECT cid FROM pragma_table_info(?) WHERE name = ?`, c.table, c.column).Scan(c.cid)
		if err != nil {
			return fmt.Errorf("%s.%s: %w", c.table, c.column, err)
		}
	}
	db.notes.mu.Lock()
	db.notes.cols = cols
	db.notes.mu.Unlock()
	return nil
}

// CatalogueVersion changes after every write through this store that may
// change what the public lists show: categories, available products with
// their sellers' names and verified state, adverts. The API tags those lists
// with it, so an unchanged list is answered without reading the database.
func (db *DB) CatalogueVersion() uint64 { return db.caches.CatalogueVersion() }

// Caches are what this store keeps, forgotten as its feed tells of writes:
// the composition root reads the signed-in request's session and account
// through them (cache.Caches.UserByID, cache.SessionStore), as it does on
// PostgreSQL.
func (db *DB) Caches() *cache.Caches { return db.caches }

// Feed tells what each write changed, before the write returns.
func (db *DB) Feed() cache.Feed { return db.feed }
