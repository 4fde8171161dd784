package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"rehome/app"
)

// productSelect reads a product with its category name and its seller's
// current name, email, verified state and choice to show their phone, so
// those are never stale copies.
const (
	productColumns = `p.id, p.category_id, c.name, p.name, p.description, p.image, p.thumb_url, p.images, p.thumbs,
	       p.width_cm, p.depth_cm, p.height_cm, p.condition, p.location, p.original_price, p.resale_price,
	       p.seller_id, u.name, u.email, p.seller_phone, u.show_phone, u.verified, p.purchase_year, p.use_period, p.status,
	       p.open_bookings, EXISTS (SELECT 1 FROM adverts a WHERE a.product_id = p.id), p.created`
	productJoins = `
	JOIN categories c ON c.id = p.category_id
	JOIN users u ON u.id = p.seller_id`
	productSelect = `SELECT ` + productColumns + ` FROM products p` + productJoins
)

// productRow holds the columns of a product that need converting after the
// scan. Plain types: database/sql converts into named ones by reflection.
type productRow struct {
	images, thumbs       string
	width, depth, height sql.NullFloat64
	condition, status    string
	originalPrice        sql.NullInt64
	resalePrice          int64
	created              int64
}

// into converts the columns into p.
func (r *productRow) into(p *app.Product) error {
	p.Condition = app.Condition(r.condition)
	p.Status = app.StatusOf(app.ProductStatus(r.status), p.OpenBookings)
	p.ResalePrice = app.Cents(r.resalePrice)
	if r.originalPrice.Valid {
		original := app.Cents(r.originalPrice.Int64)
		p.OriginalPrice = &original
	}
	p.Created = fromMillis(r.created)
	if r.width.Valid || r.depth.Valid || r.height.Valid {
		p.Dimensions = &app.Dimensions{WidthCM: floatOrNil(r.width), DepthCM: floatOrNil(r.depth), HeightCM: floatOrNil(r.height)}
	}
	if err := json.Unmarshal([]byte(r.images), &p.Images); err != nil {
		return fmt.Errorf("product %d images: %w", p.ID, err)
	}
	if err := json.Unmarshal([]byte(r.thumbs), &p.Thumbs); err != nil {
		return fmt.Errorf("product %d thumbs: %w", p.ID, err)
	}
	return nil
}

func floatOrNil(f sql.NullFloat64) *float64 {
	if !f.Valid {
		return nil
	}
	return &f.Float64
}

func scanProduct(row row) (app.Product, error) {
	var p app.Product
	var r productRow
	err := row.Scan(&p.ID, &p.CategoryID, &p.Category, &p.Name, &p.Description, &p.Image, &p.ThumbURL, &r.images, &r.thumbs,
		&r.width, &r.depth, &r.height, &r.condition, &p.Location, &r.originalPrice, &r.resalePrice,
		&p.SellerID, &p.Seller, &p.Contact.Email, &p.Contact.Phone, &p.Contact.ShowPhone, &p.SellerVerified, &p.PurchaseYear, &p.UsePeriod, &r.status,
		&p.OpenBookings, &p.Advertised, &r.created)
	if err != nil {
		return p, err
	}
	return p, r.into(&p)
}

// listingValues are the columns a seller writes, in the order of
// listingColumns.
const listingColumns = `category_id, name, description, image, thumb_url, images, thumbs, width_cm, depth_cm, height_cm,
	condition, location, original_price, resale_price, purchase_year, use_period`

func listingValues(p *app.Product) []any {
	images, thumbs := p.Images, p.Thumbs
	if len(images) == 0 {
		images, thumbs = []string{p.Image}, []string{p.ThumbURL} // a listing from before photos came in lists
	}
	var width, depth, height *float64
	if d := p.Dimensions; d != nil {
		width, depth, height = d.WidthCM, d.DepthCM, d.HeightCM
	}
	return []any{p.CategoryID, p.Name, p.Description, p.Image, p.ThumbURL, jsonStrings(images), jsonStrings(thumbs),
		width, depth, height, p.Condition, p.Location, p.OriginalPrice, p.ResalePrice, p.PurchaseYear, p.UsePeriod}
}

// newListingColumns are what a new product is stored with.
const (
	newListingColumns = listingColumns + `, seller_id, seller_phone, status, created`
	newListingParams  = `?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?`
)

func newListingValues(p *app.Product, created int64) []any {
	return append(listingValues(p), p.SellerID, p.Contact.Phone, p.Status, created)
}

func jsonStrings(list []string) string {
	b, _ := json.Marshal(list) // strings always marshal
	return string(b)
}

func (db *DB) CreateProduct(ctx context.Context, p *app.Product) error {
	created := db.millis()
	err := db.writeRow(ctx, `INSERT INTO products (`+newListingColumns+`) VALUES (`+newListingParams+`) RETURNING id`,
		newListingValues(p, created), &p.ID)
	if err != nil {
		return referenceGone(err)
	}
	p.Created = fromMillis(created)
	return nil
}

// UpdateProduct writes what a seller may change of a listing that is not
// sold; the update's own condition decides a race with the sale.
func (db *DB) UpdateProduct(ctx context.Context, p *app.Product) error {
	values := listingValues(p)
	return db.inTx(ctx, func(tx *sql.Tx) error {
		edited, err := changedRow(db.txExec(ctx, tx, `UPDATE products SET (`+listingColumns+`) =
			(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) WHERE id = ? AND status = 'Available'`, append(values, p.ID)...))
		if err != nil || edited {
			return referenceGone(err)
		}
		return db.whyNotAvailable(ctx, tx, p.ID, "A sold product cannot be edited")
	})
}

// listedColumns are a product's own columns: all but its category's and
// seller's.
const listedColumns = `id, category_id, name, description, image, thumb_url, images, thumbs, width_cm, depth_cm, height_cm,
	condition, location, original_price, resale_price, seller_id, seller_phone, purchase_year, use_period, status,
	open_bookings, EXISTS (SELECT 1 FROM adverts a WHERE a.product_id = products.id), created`

func scanListed(row row) (app.Product, error) {
	var p app.Product
	var r productRow
	err := row.Scan(&p.ID, &p.CategoryID, &p.Name, &p.Description, &p.Image, &p.ThumbURL, &r.images, &r.thumbs,
		&r.width, &r.depth, &r.height, &r.condition, &p.Location, &r.originalPrice, &r.resalePrice,
		&p.SellerID, &p.Contact.Phone, &p.PurchaseYear, &p.UsePeriod, &r.status, &p.OpenBookings, &p.Advertised, &r.created)
	if err != nil {
		return p, err
	}
	return p, r.into(&p)
}

// listedProducts returns the products with the given IDs, in that order,
// with their own columns: from the products cache, and the database for
// those it lacks. A product deleted meanwhile is left out. Every change of a
// product's row, its open bookings' count and its advert included, drops it
// from the cache (changes.go).
func (db *DB) listedProducts(ctx context.Context, ids []int64) ([]app.Product, error) {
	products := make([]app.Product, 0, len(ids))
	var missing []int64
	for _, id := range ids {
		if p, ok := db.caches.Products.Get(id); ok {
			products = append(products, p)
		} else {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		return products, nil
	}
	found := make(map[int64]app.Product, len(ids))
	for _, p := range products {
		found[p.ID] = p
	}
	gen := db.caches.Products.Generation()
	list, err := json.Marshal(missing)
	if err != nil {
		return nil, err
	}
	rows, err := db.query(ctx, `SELECT `+listedColumns+` FROM products WHERE id IN (SELECT value FROM json_each(?))`, string(list))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		p, err := scanListed(rows)
		if err != nil {
			return nil, err
		}
		found[p.ID] = p
		db.caches.Products.Put(gen, p.ID, p)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// Back in the order asked for.
	products = products[:0]
	for _, id := range ids {
		if p, ok := found[id]; ok {
			products = append(products, p)
		}
	}
	return products, nil
}

func (db *DB) ProductByID(ctx context.Context, id int64) (*app.Product, error) {
	p, err := scanProduct(db.queryRow(ctx, productSelect+` WHERE p.id = ?`, id))
	if err != nil {
		return nil, notFound(err, "Product")
	}
	return &p, nil
}

// The list queries; each is served by an index (see TestListQueriesUseIndexes).
const (
	sellerCountQuery = `SELECT count(*) FROM products WHERE seller_id = ?`
	sellerPageQuery  = productSelect + ` WHERE p.seller_id = ? ORDER BY p.created DESC, p.id DESC LIMIT ? + 0 OFFSET ? + 0`
)

func (db *DB) SellerProducts(ctx context.Context, sellerID int64, page app.Page) (app.List[app.Product], error) {
	return readList(ctx, db, page, sellerCountQuery, sellerPageQuery, []any{sellerID}, scanProduct)
}

// DeleteProduct removes a product with its advert and reports (by cascade)
// and calls off its open bookings, whose snapshots stay with their buyers.
func (db *DB) DeleteProduct(ctx context.Context, id int64) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		// Holding the row first makes a booking racing the deletion either
		// wait and find the product gone, or commit first and be called off.
		res, err := db.txExec(ctx, tx, `UPDATE products SET status = status WHERE id = ?`, id)
		if err := changedOne(res, err, "Product not found"); err != nil {
			return err
		}
		if _, err := db.txExec(ctx, tx, `UPDATE bookings SET status = 'Cancelled' WHERE product_id = ? AND status = 'Booked'`, id); err != nil {
			return err
		}
		_, err = db.txExec(ctx, tx, `DELETE FROM products WHERE id = ?`, id)
		return err
	})
}

// MyBookings finds the viewer's open or paid bookings of the given
// products. Every signed-in list of products asks, so the store keeps
// each viewer's bookings (product to booking) once read, and forgets them
// when a write changes one of their bookings (changes.go); a viewer with
// more than maxKeptBookings is asked about the page's products alone,
// through bookings_open_once. Budget: the signed-in category page's server
// CPU per request (docs/benchmarks.md).
func (db *DB) MyBookings(ctx context.Context, viewerID int64, productIDs []int64) (map[int64]app.MyBooking, error) {
	all, ok := db.caches.BookedBy.Get(viewerID)
	if !ok {
		var err error
		if all, ok, err = db.readBookedBy(ctx, viewerID); err != nil {
			return nil, err
		}
	}
	if !ok {
		return db.bookingsOf(ctx, viewerID, productIDs)
	}
	var mine map[int64]app.MyBooking
	for _, product := range productIDs {
		if booking, found := all[product]; found {
			if mine == nil {
				mine = map[int64]app.MyBooking{}
			}
			mine[product] = booking
		}
	}
	return mine, nil
}

// maxKeptBookings is the most bookings kept for one viewer.
const maxKeptBookings = 256

// readBookedBy reads all of a viewer's open or paid bookings,
// and keeps them unless there are more than maxKeptBookings (ok false).
func (db *DB) readBookedBy(ctx context.Context, viewerID int64) (map[int64]app.MyBooking, bool, error) {
	gen := db.caches.BookedBy.Generation()
	all, err := db.bookedProducts(ctx, bookedByQuery, viewerID, maxKeptBookings+1)
	if err != nil || len(all) > maxKeptBookings {
		return nil, false, err
	}
	db.caches.BookedBy.Put(gen, viewerID, all)
	return all, true, nil
}

func (db *DB) bookingsOf(ctx context.Context, viewerID int64, productIDs []int64) (map[int64]app.MyBooking, error) {
	list, err := json.Marshal(productIDs)
	if err != nil {
		return nil, err
	}
	return db.bookedProducts(ctx, myBookingsQuery, string(list), viewerID)
}

// bookedProducts reads the (product, booking, status) rows a query answers.
func (db *DB) bookedProducts(ctx context.Context, query string, args ...any) (map[int64]app.MyBooking, error) {
	rows, err := db.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	booked := map[int64]app.MyBooking{}
	for rows.Next() {
		var product int64
		var booking app.MyBooking
		if err := rows.Scan(&product, &booking.ID, &booking.Status); err != nil {
			return nil, err
		}
		booked[product] = booking
	}
	return booked, rows.Err()
}

const (
	// A viewer's open or paid bookings, through bookings_by_buyer. One
	// declined or cancelled is history: the buyer may book again.
	bookedByQuery = `SELECT product_id, id, status FROM bookings
		WHERE buyer_id = ? AND status IN ('Booked', 'Paid') AND product_id IS NOT NULL LIMIT ?`
	// A viewer's open or paid bookings of some products, through
	// bookings_open_once (whose condition this repeats word for word).
	myBookingsQuery = `SELECT product_id, id, status FROM bookings
		WHERE product_id IN (SELECT value FROM json_each(?1)) AND buyer_id = ?2 AND status IN ('Booked', 'Paid')`
)
