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
		ORDER BY r.updated DESC, r.id DESC LIMIT ? + 0 OFFSET ? + 0`
)

func (db *DB) CreateReport(ctx context.Context, productID, reporterID int64, reason string) error {
	now := db.millis()
	return db.inTx(ctx, func(tx *sql.Tx) error {
		var reportID int64
		// A report with a reason replaces the latest reason; one without keeps it.
		err := db.txRow(ctx, tx, `
			INSERT INTO reports (product_id, latest_reason, updated) VALUES (?1, ?2, ?3)
			ON CONFLICT (product_id) DO UPDATE SET updated = ?3,
			    latest_reason = CASE WHEN ?2 <> '' THEN ?2 ELSE latest_reason END
			RETURNING id`, productID, reason, now).Scan(&reportID)
		if err != nil {
			return referenceGone(err)
		}
		_, err = db.txExec(ctx, tx, `INSERT INTO reporters (report_id, user_id, reason, created) VALUES (?, ?, ?, ?)`,
			reportID, reporterID, reason, now)
		if isUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "You have already reported this product")
		}
		return referenceGone(err)
	})
}

func scanReportedProduct(row row) (app.ReportedProduct, error) {
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

func (db *DB) DismissReport(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		var listing string
		err := db.txRow(ctx, tx, `SELECT p.name FROM reports r JOIN products p ON p.id = r.product_id WHERE r.id = ?`, id).Scan(&listing)
		if err != nil {
			return notFound(err, "Report")
		}
		if _, err := db.txExec(ctx, tx, `DELETE FROM reports WHERE id = ?`, id); err != nil {
			return err
		}
		if audit != nil {
			audit.Target = listing
		}
		return db.record(ctx, tx, audit)
	})
}

// reportsBy lists the reports a user took part in.
func (db *DB) reportsBy(ctx context.Context, tx *sql.Tx, userID int64) ([]int64, error) {
	rows, err := db.txQuery(ctx, tx, `SELECT report_id FROM reporters WHERE user_id = ?`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// refreshReport brings a report in line with the reporters it has left: it
// goes when nobody stands behind it, and otherwise shows the latest reason
// still given.
func (db *DB) refreshReport(ctx context.Context, tx *sql.Tx, reportID int64) error {
	_, err := db.txExec(ctx, tx, `DELETE FROM reports WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM reporters WHERE report_id = ?1)`, reportID)
	if err != nil {
		return err
	}
	_, err = db.txExec(ctx, tx, `
		UPDATE reports SET latest_reason = coalesce(
			(SELECT reason FROM reporters WHERE report_id = ?1 AND reason <> '' ORDER BY created DESC LIMIT 1), '')
		WHERE id = ?1`, reportID)
	return err
}

// ReportsMadeBy lists a person's reports through reporters_by_user.
func (db *DB) ReportsMadeBy(ctx context.Context, userID int64) ([]app.ReportMade, error) {
	rows, err := db.query(ctx, `
		SELECT p.id, p.name, rp.reason, rp.created
		FROM reporters rp
		JOIN reports r ON r.id = rp.report_id
		JOIN products p ON p.id = r.product_id
		WHERE rp.user_id = ? ORDER BY rp.created, rp.report_id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	made := []app.ReportMade{}
	for rows.Next() {
		var r app.ReportMade
		var created int64
		if err := rows.Scan(&r.ProductID, &r.Product, &r.Reason, &created); err != nil {
			return nil, err
		}
		r.Time = fromMillis(created)
		made = append(made, r)
	}
	return made, rows.Err()
}
