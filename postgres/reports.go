package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

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
		ORDER BY r.updated DESC, r.id DESC LIMIT $1 OFFSET $2`
)

// CreateReport finds or starts the product's report by an upsert, which
// holds the report's row until the reporter is added: of one person's
// racing reports the second waits, then clashes on reporters' primary key.
func (db *DB) CreateReport(ctx context.Context, productID, reporterID int64, reason string) error {
	now := db.millis()
	return db.inTx(ctx, func(tx pgx.Tx) error {
		var reportID int64
		// A report with a reason replaces the latest reason; one without keeps it.
		err := tx.QueryRow(ctx, `
			INSERT INTO reports (product_id, latest_reason, updated) VALUES ($1, $2, $3)
			ON CONFLICT (product_id) DO UPDATE SET updated = excluded.updated,
			    latest_reason = CASE WHEN excluded.latest_reason <> '' THEN excluded.latest_reason ELSE reports.latest_reason END
			RETURNING id`, productID, reason, now).Scan(&reportID)
		if err != nil {
			return referenceGone(err)
		}
		_, err = tx.Exec(ctx, `INSERT INTO reporters (report_id, user_id, reason, created) VALUES ($1, $2, $3, $4)`,
			reportID, reporterID, reason, now)
		if isUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "You have already reported this product")
		}
		return referenceGone(err)
	})
}

func scanReportedProduct(row pgx.Row) (app.ReportedProduct, error) {
	var r app.ReportedProduct
	var price, updated int64
	err := row.Scan(&r.ID, &r.ProductID, &r.Product, &r.Image, &r.ThumbURL, &price, &r.Seller, &r.SellerEmail,
		&r.Reports, &r.Reason, &updated)
	r.ResalePrice = app.Cents(price)
	r.Updated = fromMillis(updated)
	return r, err
}

func (db *DB) ReportedProducts(ctx context.Context, page app.Page) (app.List[app.ReportedProduct], error) {
	return readList(ctx, db, page, reportsCount, reportsPage, nil, scanReportedProduct)
}

// DismissReport deletes the report and reads the listing's name in one
// statement, so the audit names what was dismissed.
func (db *DB) DismissReport(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		var listing string
		err := tx.QueryRow(ctx, `DELETE FROM reports r USING products p WHERE r.id = $1 AND p.id = r.product_id RETURNING p.name`, id).
			Scan(&listing)
		if err != nil {
			return notFound(err, "Report")
		}
		if audit != nil {
			audit.Target = listing
		}
		return db.record(ctx, tx, audit)
	})
}

// reportsBy lists the reports a user took part in.
func (db *DB) reportsBy(ctx context.Context, tx pgx.Tx, userID int64) ([]int64, error) {
	rows, err := tx.Query(ctx, `SELECT report_id FROM reporters WHERE user_id = $1`, userID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// refreshReport brings a report in line with the reporters it has left: it
// goes when nobody stands behind it, and otherwise shows the latest reason
// still given.
func (db *DB) refreshReport(ctx context.Context, tx pgx.Tx, reportID int64) error {
	_, err := tx.Exec(ctx, `DELETE FROM reports WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM reporters WHERE report_id = $1)`, reportID)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `
		UPDATE reports SET latest_reason = coalesce(
			(SELECT reason FROM reporters WHERE report_id = $1 AND reason <> '' ORDER BY created DESC LIMIT 1), '')
		WHERE id = $1`, reportID)
	return err
}

// ReportsMadeBy lists a person's reports through reporters_by_user.
func (db *DB) ReportsMadeBy(ctx context.Context, userID int64) ([]app.ReportMade, error) {
	rows, err := db.pool.Query(ctx, `
		SELECT p.id, p.name, rp.reason, rp.created
		FROM reporters rp
		JOIN reports r ON r.id = rp.report_id
		JOIN products p ON p.id = r.product_id
		WHERE rp.user_id = $1 ORDER BY rp.created, rp.report_id`, userID)
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
