package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
)

// productSelect reads a product with its category name and its seller's
// current name, email and verified state, so those are never stale copies.
const (
	productColumns = `p.id, p.category_id, c.name, p.name, p.description, p.image, p.thumb_url, p.condition,
	       p.location, p.original_price, p.resale_price, p.seller_id, u.name, u.email, p.seller_phone,
	       u.verified, p.purchase_year, p.use_period, p.status, p.created`
	productJoins = `
	JOIN categories c ON c.id = p.category_id
	JOIN users u ON u.id = p.seller_id`
	productSelect = `SELECT ` + productColumns + ` FROM products p` + productJoins
)

func scanProduct(row interface{ Scan(...any) error }) (app.Product, error) {
	var p app.Product
	var created int64
	err := row.Scan(&p.ID, &p.CategoryID, &p.Category, &p.Name, &p.Description, &p.Image, &p.ThumbURL,
		&p.Condition, &p.Location, &p.OriginalPrice, &p.ResalePrice, &p.SellerID, &p.Seller, &p.SellerEmail,
		&p.SellerPhone, &p.SellerVerified, &p.PurchaseYear, &p.UsePeriod, &p.Status, &created)
	p.Created = fromMillis(created)
	return p, err
}

func (db *DB) CreateProduct(ctx context.Context, p *app.Product) error {
	created := db.millis()
	err := db.write.QueryRowContext(ctx, `
		INSERT INTO products (category_id, seller_id, name, description, image, thumb_url, condition, location,
		                      original_price, resale_price, seller_phone, purchase_year, use_period, status, created)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		p.CategoryID, p.SellerID, p.Name, p.Description, p.Image, p.ThumbURL, p.Condition, p.Location,
		p.OriginalPrice, p.ResalePrice, p.SellerPhone, p.PurchaseYear, p.UsePeriod, p.Status, created,
	).Scan(&p.ID)
	if err != nil {
		return referenceGone(err)
	}
	p.Created = fromMillis(created)
	return nil
}

func (db *DB) ProductByID(ctx context.Context, id int64) (*app.Product, error) {
	p, err := scanProduct(db.read.QueryRowContext(ctx, productSelect+` WHERE p.id = ?`, id))
	if err != nil {
		return nil, notFound(err, "Product")
	}
	return &p, nil
}

// The list queries; each is served by an index (see TestListQueriesUseIndexes).
const (
	categoryCountQuery = `SELECT count(*) FROM products WHERE category_id = ? AND status = 'Available'`
	categoryPageQuery  = productSelect + ` WHERE p.category_id = ? AND p.status = 'Available'
		ORDER BY p.created DESC, p.id DESC LIMIT ? OFFSET ?`
	sellerCountQuery = `SELECT count(*) FROM products WHERE seller_id = ?`
	sellerPageQuery  = productSelect + ` WHERE p.seller_id = ? ORDER BY p.created DESC, p.id DESC LIMIT ? OFFSET ?`
)

func (db *DB) CategoryProducts(ctx context.Context, categoryID int64, page app.Page) (app.List[app.Product], error) {
	return readList(ctx, db, page, categoryCountQuery, categoryPageQuery, []any{categoryID}, scanProduct)
}

func (db *DB) SellerProducts(ctx context.Context, sellerID int64, page app.Page) (app.List[app.Product], error) {
	return readList(ctx, db, page, sellerCountQuery, sellerPageQuery, []any{sellerID}, scanProduct)
}

// DeleteProduct removes a product with its advert and reports (by cascade)
// and calls off its open bookings, whose snapshots stay with their buyers.
func (db *DB) DeleteProduct(ctx context.Context, id int64) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE bookings SET status = 'Cancelled' WHERE product_id = ? AND status = 'Booked'`, id); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM products WHERE id = ?`, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return app.Errorf(app.KindNotFound, "Product not found")
		}
		return nil
	})
}
