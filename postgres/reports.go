package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/storecore"
)

// The reported products, most recently reported first.
const (
	reportsCount = `SELECT count(*) FROM reports`
	reportsPage  = `
		SELECT r.id, r.kind, r.product_id, coalesce(p.name, ''), coalesce(p.image, ''), coalesce(p.thumb_url, ''),
		       coalesce(p.resale_price, 0), coalesce(s.name, ''), coalesce(s.email, ''), u.id, coalesce(u.name, ''),
		       coalesce(u.email, ''), r.message_id, m.conversation_id, r.review_id, rv.rating, coalesce(m.text, rv.text, ''),
		       (SELECT count(*) FROM reporters WHERE report_id = r.id), r.latest_reason, r.updated
		FROM reports r
		LEFT JOIN products p ON p.id = r.product_id
		LEFT JOIN users s ON s.id = p.seller_id
		LEFT JOIN messages m ON m.id = r.message_id
		LEFT JOIN reviews rv ON rv.id = r.review_id
		LEFT JOIN users u ON u.id = coalesce(r.user_id, p.seller_id, m.sender_id, rv.author_id)
		ORDER BY r.updated DESC, r.id DESC LIMIT $1 OFFSET $2`
)

// The upserts that find or start the one report of each kind of thing. A
// report with a reason replaces the latest reason; one without keeps it.
const (
	reportProduct = `INSERT INTO reports (kind, product_id, latest_reason, updated) VALUES ('product', $1, $2, $3)
		ON CONFLICT (product_id) DO UPDATE SET updated = excluded.updated,
		    latest_reason = CASE WHEN excluded.latest_reason <> '' THEN excluded.latest_reason ELSE reports.latest_reason END
		RETURNING id`
	reportUser = `INSERT INTO reports (kind, user_id, latest_reason, updated) VALUES ('user', $1, $2, $3)
		ON CONFLICT (user_id) DO UPDATE SET updated = excluded.updated,
		    latest_reason = CASE WHEN excluded.latest_reason <> '' THEN excluded.latest_reason ELSE reports.latest_reason END
		RETURNING id`
	reportMessage = `INSERT INTO reports (kind, message_id, latest_reason, updated) VALUES ('message', $1, $2, $3)
		ON CONFLICT (message_id) DO UPDATE SET updated = excluded.updated,
		    latest_reason = CASE WHEN excluded.latest_reason <> '' THEN excluded.latest_reason ELSE reports.latest_reason END
		RETURNING id`
	reportReview = `INSERT INTO reports (kind, review_id, latest_reason, updated) VALUES ('review', $1, $2, $3)
		ON CONFLICT (review_id) DO UPDATE SET updated = excluded.updated,
		    latest_reason = CASE WHEN excluded.latest_reason <> '' THEN excluded.latest_reason ELSE reports.latest_reason END
		RETURNING id`
)

func (db *DB) CreateReport(ctx context.Context, productID, reporterID int64, reason string) error {
	return db.report(ctx, reportProduct, productID, reporterID, reason, "You have already reported this product")
}

func (db *DB) ReportOther(ctx context.Context, kind app.ReportKind, id, reporterID int64, reason string) error {
	upsert := map[app.ReportKind]string{app.ReportUser: reportUser, app.ReportMessage: reportMessage, app.ReportReview: reportReview}[kind]
	if upsert == "" {
		return app.Errorf(app.KindInvalid, "Nothing to report")
	}
	return db.report(ctx, upsert, id, reporterID, reason, "You have already reported this "+string(kind))
}

// report finds or starts the report of a thing by an upsert, which holds
// the report's row until the reporter is added: of one person's racing
// reports the second waits, then clashes on reporters' primary key.
func (db *DB) report(ctx context.Context, upsert string, target, reporterID int64, reason, already string) error {
	now := db.millis()
	return db.inTx(ctx, func(tx pgx.Tx) error {
		var reportID int64
		if err := tx.QueryRow(ctx, upsert, target, reason, now).Scan(&reportID); err != nil {
			return referenceGone(err)
		}
		_, err := tx.Exec(ctx, `INSERT INTO reporters (report_id, user_id, reason, created) VALUES ($1, $2, $3, $4)`,
			reportID, reporterID, reason, now)
		if isUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "%s", already)
		}
		return referenceGone(err)
	})
}

func scanReportedProduct(row storecore.Row) (app.ReportedProduct, error) {
	var r app.ReportedProduct
	var kind string
	var price, updated int64
	var rating *int16
	err := row.Scan(&r.ID, &kind, &r.ProductID, &r.Product, &r.Image, &r.ThumbURL, &price, &r.Seller, &r.SellerEmail,
		&r.UserID, &r.User, &r.UserEmail, &r.MessageID, &r.ConversationID, &r.ReviewID, &rating, &r.Text, &r.Reports, &r.Reason, &updated)
	r.Kind = app.ReportKind(kind)
	r.ResalePrice = app.Cents(price)
	if rating != nil {
		stars := int(*rating)
		r.Rating = &stars
	}
	r.Updated = fromMillis(updated)
	return r, err
}

func (db *DB) ReportedProducts(ctx context.Context, page app.Page) (app.List[app.ReportedProduct], error) {
	return readList(ctx, db, page, reportsCount, reportsPage, nil, scanReportedProduct)
}

// reportTarget names what a report is of, for the audit log of its
// dismissal: the listing, or whose the person, message or review is. It
// holds the report's row, so that of two dismissals the second finds none.
const reportTarget = `SELECT CASE r.kind WHEN 'product' THEN p.name
		ELSE r.kind || ' of ' || coalesce(u.name, 'a deleted account') END
	FROM reports r
	LEFT JOIN products p ON p.id = r.product_id
	LEFT JOIN messages m ON m.id = r.message_id
	LEFT JOIN reviews rv ON rv.id = r.review_id
	LEFT JOIN users u ON u.id = coalesce(r.user_id, m.sender_id, rv.author_id)
	WHERE r.id = $1 FOR UPDATE OF r`

// DismissReport deletes the report, after reading what it is of, so the
// audit names what was dismissed.
func (db *DB) DismissReport(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		var listing string
		if err := tx.QueryRow(ctx, reportTarget, id).Scan(&listing); err != nil {
			return notFound(err, "Report")
		}
		if _, err := tx.Exec(ctx, `DELETE FROM reports WHERE id = $1`, id); err != nil {
			return err
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
		SELECT r.kind, r.product_id, coalesce(p.name, ''), r.user_id, r.message_id, r.review_id, rp.reason, rp.created
		FROM reporters rp
		JOIN reports r ON r.id = rp.report_id
		LEFT JOIN products p ON p.id = r.product_id
		WHERE rp.user_id = $1 ORDER BY rp.created, rp.report_id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	made := []app.ReportMade{}
	for rows.Next() {
		var r app.ReportMade
		var kind string
		var created int64
		if err := rows.Scan(&kind, &r.ProductID, &r.Product, &r.UserID, &r.MessageID, &r.ReviewID, &r.Reason, &created); err != nil {
			return nil, err
		}
		r.Kind = app.ReportKind(kind)
		r.Time = fromMillis(created)
		made = append(made, r)
	}
	return made, rows.Err()
}
