package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
)

// The reported products, most recently reported first.
const (
	reportsCount = `SELECT count(*) FROM reports`
	reportsPage  = `
		SELECT r.id, p.id, p.name, p.image, p.thumb_url, p.resale_price, u.name, u.email,
		       (SELECT count(*) FROM reporters WHERE report_id = r.id), r.latest_reason, r.updated
		FROM reports r
		JOIN products p ON p.id = r.product_id
		JOIN users u ON u.id = p.seller_id
		ORDER BY r.updated DESC, r.id DESC LIMIT ? OFFSET ?`
)

func (db *DB) CreateReport(ctx context.Context, productID, reporterID int64, reason string) error {
	now := db.millis()
	return db.inTx(ctx, func(tx *sql.Tx) error {
		var reportID int64
		// A report with a reason replaces the latest reason; one without keeps it.
		err := tx.QueryRowContext(ctx, `
			INSERT INTO reports (product_id, latest_reason, updated) VALUES (?1, ?2, ?3)
			ON CONFLICT (product_id) DO UPDATE SET updated = ?3,
			    latest_reason = CASE WHEN ?2 <> '' THEN ?2 ELSE latest_reason END
			RETURNING id`, productID, reason, now).Scan(&reportID)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO reporters (report_id, user_id, reason, created) VALUES (?, ?, ?, ?)`,
			reportID, reporterID, reason, now)
		if isUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "You have already reported this product")
		}
		return err
	})
}

func scanReportedProduct(row interface{ Scan(...any) error }) (app.ReportedProduct, error) {
	var r app.ReportedProduct
	var updated int64
	err := row.Scan(&r.ID, &r.ProductID, &r.Product, &r.Image, &r.ThumbURL, &r.ResalePrice, &r.Seller, &r.SellerEmail,
		&r.Reports, &r.Reason, &updated)
	r.Updated = fromMillis(updated)
	return r, err
}

func (db *DB) ReportedProducts(ctx context.Context, page app.Page) (app.List[app.ReportedProduct], error) {
	return readList(ctx, db, page, reportsCount, reportsPage, nil, scanReportedProduct)
}

func (db *DB) DismissReport(ctx context.Context, id int64) error {
	return changeOne(ctx, db, `DELETE FROM reports WHERE id = ?`, id, "Report not found")
}

// changeOne runs a statement that must change exactly one row.
func changeOne(ctx context.Context, db *DB, query string, id int64, notFoundMessage string) error {
	res, err := db.write.ExecContext(ctx, query, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return app.Errorf(app.KindNotFound, "%s", notFoundMessage)
	}
	return nil
}
