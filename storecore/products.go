package storecore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"rehome/app"
)

// ProductSelect reads a product with its category name and its seller's
// current name, email, verified state and choice to show their phone, so
// those are never stale copies. ProductColumns go with ProductJoins.
//
// Whether it is advertised comes from a LEFT JOIN on adverts' unique
// product_id (one row at most) rather than EXISTS: for an EXISTS
// PostgreSQL's planner hashes the whole adverts table once per list query,
// where the join probes the index once per product of the page; SQLite
// probes the index either way (TestListQueriesUseIndexes, in both stores).
const (
	ProductColumns = `p.id, p.category_id, c.name, p.name, p.description, p.image, p.thumb_url, p.images, p.thumbs,
	       p.width_cm, p.depth_cm, p.height_cm, p.condition, p.location, p.original_price, p.resale_price,
	       p.seller_id, u.name, u.email, p.seller_phone, u.show_phone, u.verified, p.purchase_year, p.use_period, p.status,
	       p.open_bookings, ad.id IS NOT NULL, p.created`
	ProductJoins = `
	JOIN categories c ON c.id = p.category_id
	JOIN users u ON u.id = p.seller_id
	LEFT JOIN adverts ad ON ad.product_id = p.id`
	ProductSelect = `SELECT ` + ProductColumns + ` FROM products p` + ProductJoins
)

// ProductRow holds the columns of a product that need converting after the
// scan. database/sql's Null types scan without reflection, and pgx takes
// them as sql.Scanners.
type ProductRow struct {
	Images, Thumbs       string
	Width, Depth, Height sql.NullFloat64
	Condition, Status    string
	OriginalPrice        sql.NullInt64
	ResalePrice          int64
	Created              int64
}

// Into converts the columns into p.
func (r *ProductRow) Into(p *app.Product) error {
	p.Condition = app.Condition(r.Condition)
	p.Status = app.StatusOf(app.ProductStatus(r.Status), p.OpenBookings)
	p.ResalePrice = app.Cents(r.ResalePrice)
	if r.OriginalPrice.Valid {
		original := app.Cents(r.OriginalPrice.Int64)
		p.OriginalPrice = &original
	}
	p.Created = FromMillis(r.Created)
	if r.Width.Valid || r.Depth.Valid || r.Height.Valid {
		p.Dimensions = &app.Dimensions{WidthCM: floatOrNil(r.Width), DepthCM: floatOrNil(r.Depth), HeightCM: floatOrNil(r.Height)}
	}
	if err := json.Unmarshal([]byte(r.Images), &p.Images); err != nil {
		return fmt.Errorf("product %d images: %w", p.ID, err)
	}
	if err := json.Unmarshal([]byte(r.Thumbs), &p.Thumbs); err != nil {
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

// ScanProduct reads a row of ProductColumns.
func ScanProduct(row Row) (app.Product, error) {
	var p app.Product
	var r ProductRow
	if err := row.Scan(productDest(&p, &r, nil)...); err != nil {
		return p, err
	}
	return p, r.Into(&p)
}

// ScanProductAnd reads a row of ProductColumns and the columns after them
// into extra.
func ScanProductAnd(row Row, extra ...any) (app.Product, error) {
	var p app.Product
	var r ProductRow
	if err := row.Scan(productDest(&p, &r, extra)...); err != nil {
		return p, err
	}
	return p, r.Into(&p)
}

// productDest is where a row of ProductColumns goes, and extra after it.
func productDest(p *app.Product, r *ProductRow, extra []any) []any {
	dest := []any{&p.ID, &p.CategoryID, &p.Category, &p.Name, &p.Description, &p.Image, &p.ThumbURL, &r.Images, &r.Thumbs,
		&r.Width, &r.Depth, &r.Height, &r.Condition, &p.Location, &r.OriginalPrice, &r.ResalePrice,
		&p.SellerID, &p.Seller, &p.Contact.Email, &p.Contact.Phone, &p.Contact.ShowPhone, &p.SellerVerified, &p.PurchaseYear, &p.UsePeriod, &r.Status,
		&p.OpenBookings, &p.Advertised, &r.Created}
	return append(dest, extra...)
}

// listingColumns are the columns a seller writes, in the order of
// listingValues.
const listingColumns = `category_id, name, description, image, thumb_url, images, thumbs, width_cm, depth_cm, height_cm,
	condition, location, original_price, resale_price, purchase_year, use_period`

// listingValues are plain types, which both drivers take without
// reflection.
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
	return []any{p.CategoryID, p.Name, p.Description, p.Image, p.ThumbURL, JSONStrings(images), JSONStrings(thumbs),
		width, depth, height, string(p.Condition), p.Location, original, int64(p.ResalePrice), p.PurchaseYear, p.UsePeriod}
}

// JSONStrings is a list of strings as a JSON array, as text columns hold it.
func JSONStrings(list []string) string {
	b, _ := json.Marshal(list) // strings always marshal
	return string(b)
}

// NewListingValues are what a new product is stored with, in the order of
// InsertProduct's columns.
func NewListingValues(p *app.Product, created int64) []any {
	return append(listingValues(p), p.SellerID, p.Contact.Phone, string(p.Status), created)
}

const (
	// InsertProduct stores a new product (NewListingValues) and returns its ID.
	InsertProduct = `INSERT INTO products (` + listingColumns + `, seller_id, seller_phone, status, created)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`
	// The update's own condition decides a race with a sale: under
	// PostgreSQL's READ COMMITTED a racing sale holds the row until it
	// commits, and the WHERE is checked again on the row as the sale left
	// it; SQLite's one writer runs them one after the other.
	updateProduct = `UPDATE products SET (` + listingColumns + `) =
	(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) WHERE id = ? AND status = 'Available'`
	productByID = ProductSelect + ` WHERE p.id = ?`
	// The seller's list; each is served by an index (see TestListQueriesUseIndexes).
	SellerCountQuery = `SELECT count(*) FROM products WHERE seller_id = ?`
	SellerPageQuery  = ProductSelect + ` WHERE p.seller_id = ? ORDER BY p.created DESC, p.id DESC LIMIT ? + 0 OFFSET ? + 0`
)

// CreateProduct stores a new listing, in a write transaction, and sets its ID.
func CreateProduct(ctx context.Context, tx Querier, p *app.Product, created int64) error {
	return tx.QueryRow(ctx, InsertProduct, NewListingValues(p, created)...).Scan(&p.ID)
}

// UpdateProduct writes what a seller may change of a listing that is not
// sold, in a write transaction; each of two racing edits writes every
// field, so one is stored whole.
func UpdateProduct(ctx context.Context, tx Querier, p *app.Product) error {
	edited, err := tx.Exec(ctx, updateProduct, append(listingValues(p), p.ID)...)
	if err != nil || edited == 1 {
		return err
	}
	return WhyNotForSale(ctx, tx, p.ID, "A sold product cannot be edited")
}

// WhyNotForSale explains a conditional write of a product that changed
// nothing: it is gone, or no longer for sale.
func WhyNotForSale(ctx context.Context, tx Querier, productID int64, soldMessage string) error {
	var status string
	if err := tx.QueryRow(ctx, `SELECT status FROM products WHERE id = ?`, productID).Scan(&status); err != nil {
		return NotFound(err, "Product")
	}
	return app.Errorf(app.KindConflict, "%s", soldMessage)
}

// ProductByID reads one product.
func ProductByID(ctx context.Context, q Querier, id int64) (*app.Product, error) {
	p, err := ScanProduct(q.QueryRow(ctx, productByID, id))
	if err != nil {
		return nil, NotFound(err, "Product")
	}
	return &p, nil
}

// DeleteProduct removes a product with its advert and reports (by cascade)
// and calls off its open bookings, whose snapshots stay with their buyers.
// Holding the row first makes a booking racing the deletion either commit
// before it, and its booking is seen and called off (each statement under
// READ COMMITTED sees what committed before it), or wait on the row (the
// foreign key's KEY SHARE lock conflicts with FOR UPDATE) and then find the
// product gone.
func DeleteProduct(ctx context.Context, d Dialect, tx Querier, id int64) error {
	var held int64
	if err := tx.QueryRow(ctx, `SELECT id FROM products WHERE id = ?`+d.ForUpdate, id).Scan(&held); err != nil {
		return NotFound(err, "Product")
	}
	if _, err := tx.Exec(ctx, `UPDATE bookings SET status = 'Cancelled' WHERE product_id = ? AND status = 'Booked'`, id); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `DELETE FROM products WHERE id = ?`, id)
	return err
}

// ScanListedProduct reads a listing for sale's ID and when it was listed.
func ScanListedProduct(r Row) (app.ListedProduct, error) {
	var p app.ListedProduct
	var created int64
	if err := r.Scan(&p.ID, &created); err != nil {
		return p, err
	}
	p.Listed = FromMillis(created)
	return p, nil
}
