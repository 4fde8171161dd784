package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

// productSelect reads a product with its category name and its seller's
// current name, email, verified state and choice to show their phone, so
// those are never stale copies. productColumns go with productJoins.
//
// Whether it is advertised comes from a LEFT JOIN on adverts' unique
// product_id (one row at most) rather than EXISTS: for an EXISTS the
// planner hashes the whole adverts table once per list query, where the
// join probes the index once per product of the page (TestListQueriesUseIndexes).
const (
	productColumns = `p.id, p.category_id, c.name, p.name, p.description, p.image, p.thumb_url, p.images, p.thumbs,
	       p.width_cm, p.depth_cm, p.height_cm, p.condition, p.location, p.original_price, p.resale_price,
	       p.seller_id, u.name, u.email, p.seller_phone, u.show_phone, u.verified, p.purchase_year, p.use_period, p.status,
	       p.open_bookings, ad.id IS NOT NULL, p.created`
	productJoins = `
	JOIN categories c ON c.id = p.category_id
	JOIN users u ON u.id = p.seller_id
	LEFT JOIN adverts ad ON ad.product_id = p.id`
	productSelect = `SELECT ` + productColumns + ` FROM products p` + productJoins
)

// productRow holds the columns of a product that need converting after the scan.
type productRow struct {
	images, thumbs       string
	width, depth, height *float64
	condition, status    string
	originalPrice        *int64
	resalePrice          int64
	created              int64
}

// into converts the columns into p.
func (r *productRow) into(p *app.Product) error {
	p.Condition = app.Condition(r.condition)
	p.Status = app.StatusOf(app.ProductStatus(r.status), p.OpenBookings)
	p.ResalePrice = app.Cents(r.resalePrice)
	if r.originalPrice != nil {
		original := app.Cents(*r.originalPrice)
		p.OriginalPrice = &original
	}
	p.Created = fromMillis(r.created)
	if r.width != nil || r.depth != nil || r.height != nil {
		p.Dimensions = &app.Dimensions{WidthCM: r.width, DepthCM: r.depth, HeightCM: r.height}
	}
	if err := json.Unmarshal([]byte(r.images), &p.Images); err != nil {
		return fmt.Errorf("product %d images: %w", p.ID, err)
	}
	if err := json.Unmarshal([]byte(r.thumbs), &p.Thumbs); err != nil {
		return fmt.Errorf("product %d thumbs: %w", p.ID, err)
	}
	return nil
}

func scanProduct(row pgx.Row) (app.Product, error) {
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

// listingColumns are the columns a seller writes, in the order of
// listingValues.
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
	var original *int64
	if p.OriginalPrice != nil {
		v := int64(*p.OriginalPrice)
		original = &v
	}
	return []any{p.CategoryID, p.Name, p.Description, p.Image, p.ThumbURL, jsonStrings(images), jsonStrings(thumbs),
		width, depth, height, string(p.Condition), p.Location, original, int64(p.ResalePrice), p.PurchaseYear, p.UsePeriod}
}

// newListingColumns are what a new product is stored with.
const (
	newListingColumns = listingColumns + `, seller_id, seller_phone, status, created`
	newListingParams  = `$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20`
)

func newListingValues(p *app.Product, created int64) []any {
	return append(listingValues(p), p.SellerID, p.Contact.Phone, string(p.Status), created)
}

func jsonStrings(list []string) string {
	b, _ := json.Marshal(list) // strings always marshal
	return string(b)
}

func (db *DB) CreateProduct(ctx context.Context, p *app.Product) error {
	created := db.millis()
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO products (`+newListingColumns+`) VALUES (`+newListingParams+`) RETURNING id`,
			newListingValues(p, created)...).Scan(&p.ID)
	})
	if err != nil {
		return referenceGone(err)
	}
	p.Created = fromMillis(created)
	return nil
}

func (db *DB) ProductByID(ctx context.Context, id int64) (*app.Product, error) {
	p, err := scanProduct(db.pool.QueryRow(ctx, productSelect+` WHERE p.id = $1`, id))
	if err != nil {
		return nil, notFound(err, "Product")
	}
	return &p, nil
}

// UpdateProduct writes what a seller may change of a listing that is not
// sold, in one conditional UPDATE: under READ COMMITTED a racing sale
// holds the row until it commits, and the WHERE is checked again on the
// row as the sale left it, so the edit lands before the sale or changes
// nothing. Two racing edits queue on the row lock; each writes every
// field, so one is stored whole.
func (db *DB) UpdateProduct(ctx context.Context, p *app.Product) error {
	values := append(listingValues(p), p.ID)
	return db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE products SET (`+listingColumns+`) =
			($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) WHERE id = $17 AND status = 'Available'`,
			values...)
		if err != nil {
			return referenceGone(err)
		}
		if tag.RowsAffected() == 1 {
			return nil
		}
		return whyNotForSale(ctx, tx, p.ID, "A sold product cannot be edited")
	})
}

// whyNotForSale explains a conditional write of a product that changed
// nothing: it is gone, or no longer for sale.
func whyNotForSale(ctx context.Context, tx pgx.Tx, productID int64, soldMessage string) error {
	var status string
	if err := tx.QueryRow(ctx, `SELECT status FROM products WHERE id = $1`, productID).Scan(&status); err != nil {
		return notFound(err, "Product")
	}
	return app.Errorf(app.KindConflict, "%s", soldMessage)
}

// The list queries; each is served by an index (see TestListQueriesUseIndexes).
const (
	sellerCountQuery = `SELECT count(*) FROM products WHERE seller_id = $1`
	sellerPageQuery  = productSelect + ` WHERE p.seller_id = $1 ORDER BY p.created DESC, p.id DESC LIMIT $2 OFFSET $3`
)

func (db *DB) SellerProducts(ctx context.Context, sellerID int64, page app.Page) (app.List[app.Product], error) {
	return readList(ctx, db, page, sellerCountQuery, sellerPageQuery, []any{sellerID}, scanProduct)
}

// DeleteProduct removes a product with its advert and reports (by cascade)
// and calls off its open bookings, whose snapshots stay with their buyers.
// SELECT ... FOR UPDATE holds the row first: a booking racing the deletion
// either committed before it, and its booking is seen and called off (each
// statement under READ COMMITTED sees what committed before it), or its
// insert waits on the row (the foreign key's KEY SHARE lock conflicts with
// FOR UPDATE) and then finds the product gone.
func (db *DB) DeleteProduct(ctx context.Context, id int64) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		var held int64
		if err := tx.QueryRow(ctx, `SELECT id FROM products WHERE id = $1 FOR UPDATE`, id).Scan(&held); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return app.Errorf(app.KindNotFound, "Product not found")
			}
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE bookings SET status = 'Cancelled' WHERE product_id = $1 AND status = 'Booked'`, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM products WHERE id = $1`, id)
		return err
	})
}

// myBookingsQuery finds a viewer's open or paid bookings of some products
// through bookings_open_once (whose condition this repeats word for word).
// One declined or cancelled is history: the buyer may book again. This
// store keeps no per-viewer cache as sqlite's does: another instance may
// have changed the viewer's bookings, and the index answers a page's
// products in one probe each.
const myBookingsQuery = `SELECT product_id, id, status FROM bookings
	WHERE product_id = ANY($1) AND buyer_id = $2 AND status IN ('Booked', 'Paid')`

// MyBookings finds the viewer's open or paid bookings of the given
// products; nil when there are none.
func (db *DB) MyBookings(ctx context.Context, viewerID int64, productIDs []int64) (map[int64]app.MyBooking, error) {
	if len(productIDs) == 0 {
		return nil, nil
	}
	rows, err := db.pool.Query(ctx, myBookingsQuery, productIDs, viewerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var mine map[int64]app.MyBooking
	for rows.Next() {
		var product int64
		var booking app.MyBooking
		var status string
		if err := rows.Scan(&product, &booking.ID, &status); err != nil {
			return nil, err
		}
		booking.Status = app.BookingStatus(status)
		if mine == nil {
			mine = map[int64]app.MyBooking{}
		}
		mine[product] = booking
	}
	return mine, rows.Err()
}
