package storecore

import (
	"context"

	"rehome/app"
)

// A category page, newest first, through products_by_category (category_id,
// status, created DESC, id DESC). The store reads it plainly, at a cost
// that grows with the offset: it is what a fresh read answers, and the
// contract's reference (storetest). The marketplace serves category pages
// from the caches above the store (cache.Caches.CategoryProducts), which
// read them through the narrower reads below: the sort key of every
// stride-th listing, a page's IDs from a key, and listings and accounts by
// ID.
const (
	CategoryCountQuery = `SELECT count(*) FROM products WHERE category_id = ? AND status = 'Available'`
	CategoryPageQuery  = `SELECT ` + ProductColumns + `
		FROM (SELECT id FROM products WHERE category_id = ? AND status = 'Available'
		      ORDER BY created DESC, id DESC LIMIT ? OFFSET ?) page
		JOIN products p ON p.id = page.id` + ProductJoins + `
		ORDER BY p.created DESC, p.id DESC`
	// CategoryPageFrom is a page that starts at a key, in page order.
	CategoryPageFrom = `SELECT id FROM products
		WHERE category_id = ? AND status = 'Available' AND created <= ? AND (created < ? OR id <= ?)
		ORDER BY created DESC, id DESC LIMIT ? + 0`
	// CategoryPageSkip is a page that starts some entries after a key.
	CategoryPageSkip = `SELECT id FROM products
		WHERE category_id = ? AND status = 'Available' AND (created, id) <= (
			SELECT created, id FROM products
			WHERE category_id = ? AND status = 'Available' AND created <= ? AND (created < ? OR id <= ?)
			ORDER BY created DESC, id DESC LIMIT 1 OFFSET ? + 0)
		ORDER BY created DESC, id DESC LIMIT ? + 0`
)

func (s *Store) CategoryProducts(ctx context.Context, category *app.Category, page app.Page) (app.List[app.Product], error) {
	args := []any{category.ID}
	return list(ctx, s, page, CategoryCountQuery, CategoryPageQuery, args, ScanProduct)
}

// CategoryPageIDs are the IDs of up to limit listings for sale in the
// category, in page order, from the skip-th after the one at key from (skip
// 0: from it).
func (s *Store) CategoryPageIDs(ctx context.Context, category int64, from app.PageKey, skip, limit int) ([]int64, error) {
	var rows Rows
	var err error
	if skip == 0 {
		rows, err = s.read.Query(ctx, CategoryPageFrom, category, from.Created, from.Created, from.ID, limit)
	} else {
		rows, err = s.read.Query(ctx, CategoryPageSkip, category, category, from.Created, from.Created, from.ID, skip, limit)
	}
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ids := make([]int64, 0, limit)
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// ReadMarks reads a category's marks with q, a read transaction: its count
// of listings for sale by countQuery, and the keys marksQuery finds, each
// store's own (one takes category, the other category and stride).
func ReadMarks(ctx context.Context, q Querier, countQuery string, countArgs []any, marksQuery string, marksArgs []any,
	stride int) (total int, keys []app.PageKey, err error) {
	if err := q.QueryRow(ctx, countQuery, countArgs...).Scan(&total); err != nil {
		return 0, nil, err
	}
	keys = make([]app.PageKey, 0, (total+stride-1)/stride)
	rows, err := q.Query(ctx, marksQuery, marksArgs...)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var k app.PageKey
		if err := rows.Scan(&k.Created, &k.ID); err != nil {
			return 0, nil, err
		}
		keys = append(keys, k)
	}
	return total, keys, rows.Err()
}

// ListedColumns are a listing's own columns: all but its category's and
// seller's, which the caches above the store fill in from their own.
const ListedColumns = `p.id, p.category_id, p.name, p.description, p.image, p.thumb_url, p.images, p.thumbs,
	p.width_cm, p.depth_cm, p.height_cm, p.condition, p.location, p.original_price, p.resale_price, p.seller_id,
	p.seller_phone, p.purchase_year, p.use_period, p.status, p.open_bookings, ad.id IS NOT NULL, p.created`

// ScanListed reads a row of ListedColumns.
func ScanListed(row Row) (app.Product, error) {
	var p app.Product
	var r ProductRow
	err := row.Scan(&p.ID, &p.CategoryID, &p.Name, &p.Description, &p.Image, &p.ThumbURL, &r.Images, &r.Thumbs,
		&r.Width, &r.Depth, &r.Height, &r.Condition, &p.Location, &r.OriginalPrice, &r.ResalePrice,
		&p.SellerID, &p.Contact.Phone, &p.PurchaseYear, &p.UsePeriod, &r.Status, &p.OpenBookings, &p.Advertised, &r.Created)
	if err != nil {
		return p, err
	}
	return p, r.Into(&p)
}

// ListedProducts reads the listings with the given IDs, their own columns
// only, in no particular order; those gone are left out.
func (s *Store) ListedProducts(ctx context.Context, ids []int64) ([]app.Product, error) {
	list, err := s.d.IDs(ids)
	if err != nil {
		return nil, err
	}
	rows, err := s.read.Query(ctx, `SELECT `+ListedColumns+` FROM products p
		LEFT JOIN adverts ad ON ad.product_id = p.id WHERE p.id`+s.d.InIDs, list)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	products := make([]app.Product, 0, len(ids))
	for rows.Next() {
		p, err := ScanListed(rows)
		if err != nil {
			return nil, err
		}
		products = append(products, p)
	}
	return products, rows.Err()
}

// UsersByIDs reads the accounts with the given IDs, in no particular
// order; those gone are left out.
func (s *Store) UsersByIDs(ctx context.Context, ids []int64) ([]app.User, error) {
	list, err := s.d.IDs(ids)
	if err != nil {
		return nil, err
	}
	rows, err := s.read.Query(ctx, `SELECT `+UserColumns+` FROM users WHERE id`+s.d.InIDs, list)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	users := make([]app.User, 0, len(ids))
	for rows.Next() {
		u, err := ScanUserRow(rows)
		if err != nil {
			return nil, err
		}
		users = append(users, u)
	}
	return users, rows.Err()
}
