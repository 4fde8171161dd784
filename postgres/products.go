package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

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
