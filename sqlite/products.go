package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"

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

func scanProduct(row row) (app.Product, error) {
	var p app.Product
	// Plain types: database/sql converts into named ones by reflection.
	var condition, status string
	var originalPrice, resalePrice, created int64
	err := row.Scan(&p.ID, &p.CategoryID, &p.Category, &p.Name, &p.Description, &p.Image, &p.ThumbURL,
		&condition, &p.Location, &originalPrice, &resalePrice, &p.SellerID, &p.Seller, &p.SellerEmail,
		&p.SellerPhone, &p.SellerVerified, &p.PurchaseYear, &p.UsePeriod, &status, &created)
	p.Condition, p.Status = app.Condition(condition), app.ProductStatus(status)
	p.OriginalPrice, p.ResalePrice = app.Cents(originalPrice), app.Cents(resalePrice)
	p.Created = fromMillis(created)
	return p, err
}

func (db *DB) CreateProduct(ctx context.Context, p *app.Product) error {
	created := db.millis()
	err := db.writeRow(ctx, `
		INSERT INTO products (category_id, seller_id, name, description, image, thumb_url, condition, location,
		                      original_price, resale_price, seller_phone, purchase_year, use_period, status, created)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		[]any{p.CategoryID, p.SellerID, p.Name, p.Description, p.Image, p.ThumbURL, p.Condition, p.Location,
			p.OriginalPrice, p.ResalePrice, p.SellerPhone, p.PurchaseYear, p.UsePeriod, p.Status, created},
		&p.ID)
	if err != nil {
		return referenceGone(err)
	}
	p.Created = fromMillis(created)
	return nil
}

// listedColumns are a product's own columns, which never change once it is
// listed except for its status.
const listedColumns = `id, category_id, name, description, image, thumb_url, condition, location,
	original_price, resale_price, seller_id, seller_phone, purchase_year, use_period, status, created`

// listedProducts returns the products with the given IDs, in that order,
// with their own columns: from the products cache, and the database for
// those it lacks. A product deleted meanwhile is left out. Their status is
// the status they had when first read.
func (db *DB) listedProducts(ctx context.Context, ids []int64) ([]app.Product, error) {
	products := make([]app.Product, 0, len(ids))
	var missing []int64
	for _, id := range ids {
		if p, ok := db.products.get(id); ok {
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
	gen := db.products.generation()
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
		var p app.Product
		// Plain types: database/sql converts into named ones by reflection.
		var condition, status string
		var originalPrice, resalePrice, created int64
		err := rows.Scan(&p.ID, &p.CategoryID, &p.Name, &p.Description, &p.Image, &p.ThumbURL, &condition, &p.Location,
			&originalPrice, &resalePrice, &p.SellerID, &p.SellerPhone, &p.PurchaseYear, &p.UsePeriod, &status, &created)
		if err != nil {
			return nil, err
		}
		p.Condition, p.Status = app.Condition(condition), app.ProductStatus(status)
		p.OriginalPrice, p.ResalePrice = app.Cents(originalPrice), app.Cents(resalePrice)
		p.Created = fromMillis(created)
		found[p.ID] = p
		db.products.put(gen, p.ID, p)
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
		if _, err := db.txExec(ctx, tx, `UPDATE bookings SET status = 'Cancelled' WHERE product_id = ? AND status = 'Booked'`, id); err != nil {
			return err
		}
		res, err := db.txExec(ctx, tx, `DELETE FROM products WHERE id = ?`, id)
		return changedOne(res, err, "Product not found")
	})
}
