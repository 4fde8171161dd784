package sqlite

import (
	"context"
	"encoding/json"

	"rehome/app"
	"rehome/storecore"
)

// listedColumns are a product's own columns: all but its category's and
// seller's.
const listedColumns = `id, category_id, name, description, image, thumb_url, images, thumbs, width_cm, depth_cm, height_cm,
	condition, location, original_price, resale_price, seller_id, seller_phone, purchase_year, use_period, status,
	open_bookings, EXISTS (SELECT 1 FROM adverts a WHERE a.product_id = products.id), created`

func scanListed(row row) (app.Product, error) {
	var p app.Product
	var r storecore.ProductRow
	err := row.Scan(&p.ID, &p.CategoryID, &p.Name, &p.Description, &p.Image, &p.ThumbURL, &r.Images, &r.Thumbs,
		&r.Width, &r.Depth, &r.Height, &r.Condition, &p.Location, &r.OriginalPrice, &r.ResalePrice,
		&p.SellerID, &p.Contact.Phone, &p.PurchaseYear, &p.UsePeriod, &r.Status, &p.OpenBookings, &p.Advertised, &r.Created)
	if err != nil {
		return p, err
	}
	return p, r.Into(&p)
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
