package storecore

import (
	"context"
	"database/sql"

	"rehome/app"
)

// The reported things, most recently reported first.
const (
	ReportsCount = `SELECT count(*) FROM reports`
	ReportsPage  = `
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
		ORDER BY r.updated DESC, r.id DESC LIMIT ? + 0 OFFSET ? + 0`
)

// ScanReportedProduct reads a row of ReportsPage.
func ScanReportedProduct(row Row) (app.ReportedProduct, error) {
	var r app.ReportedProduct
	var kind string
	var productID, userID, messageID, conversationID, reviewID, rating sql.NullInt64
	var price, updated int64
	err := row.Scan(&r.ID, &kind, &productID, &r.Product, &r.Image, &r.ThumbURL, &price, &r.Seller, &r.SellerEmail,
		&userID, &r.User, &r.UserEmail, &messageID, &conversationID, &reviewID, &rating, &r.Text, &r.Reports, &r.Reason, &updated)
	r.Kind = app.ReportKind(kind)
	r.ResalePrice = app.Cents(price)
	r.ProductID, r.UserID, r.MessageID = NullID(productID), NullID(userID), NullID(messageID)
	r.ConversationID, r.ReviewID = NullID(conversationID), NullID(reviewID)
	if rating.Valid {
		stars := int(rating.Int64)
		r.Rating = &stars
	}
	r.Updated = FromMillis(updated)
	return r, err
}

// The upserts that find or start the one report of each kind of thing. A
// report with a reason replaces the latest reason; one without keeps it.
var (
	reportProduct = reportUpsert("product")
	reportOthers  = map[app.ReportKind]string{
		app.ReportUser:    reportUpsert("user"),
		app.ReportMessage: reportUpsert("message"),
		app.ReportReview:  reportUpsert("review"),
	}
)

func reportUpsert(kind string) string {
	return `INSERT INTO reports (kind, ` + kind + `_id, latest_reason, updated) VALUES ('` + kind + `', ?, ?, ?)
		ON CONFLICT (` + kind + `_id) DO UPDATE SET updated = excluded.updated,
		    latest_reason = CASE WHEN excluded.latest_reason <> '' THEN excluded.latest_reason ELSE reports.latest_reason END
		RETURNING id`
}

// ReportProduct adds the reporter to the report of a listing, in a write
// transaction.
func ReportProduct(ctx context.Context, d Dialect, tx Querier, productID, reporterID int64, reason string, now int64) error {
	return report(ctx, d, tx, reportProduct, app.ReportProduct, productID, reporterID, reason, now)
}

// ReportOther adds the reporter to the report of a person, message or
// review, in a write transaction.
func ReportOther(ctx context.Context, d Dialect, tx Querier, kind app.ReportKind, id, reporterID int64, reason string, now int64) error {
	upsert := reportOthers[kind]
	if upsert == "" {
		return app.Errorf(app.KindInvalid, "Nothing to report")
	}
	return report(ctx, d, tx, upsert, kind, id, reporterID, reason, now)
}

// report finds or starts the report of a thing by an upsert and adds the
// reporter to it. Under PostgreSQL the upsert holds the report's row until
// the reporter is added: of one person's racing reports the second waits,
// then clashes on reporters' primary key.
func report(ctx context.Context, d Dialect, tx Querier, upsert string, kind app.ReportKind, target, reporterID int64,
	reason string, now int64) error {
	var reportID int64
	if err := tx.QueryRow(ctx, upsert, target, reason, now).Scan(&reportID); err != nil {
		return d.ReferenceGone(err)
	}
	_, err := tx.Exec(ctx, `INSERT INTO reporters (report_id, user_id, reason, created) VALUES (?, ?, ?, ?)`,
		reportID, reporterID, reason, now)
	if d.IsUniqueViolation(err) {
		return app.Errorf(app.KindConflict, "You have already reported this %s", kind)
	}
	return d.ReferenceGone(err)
}

// reportTarget names what a report is of, for the audit log of its
// dismissal: the listing, or whose the person, message or review is.
const reportTarget = `SELECT CASE r.kind WHEN 'product' THEN p.name
		ELSE r.kind || ' of ' || coalesce(u.name, 'a deleted account') END
	FROM reports r
	LEFT JOIN products p ON p.id = r.product_id
	LEFT JOIN messages m ON m.id = r.message_id
	LEFT JOIN reviews rv ON rv.id = r.review_id
	LEFT JOIN users u ON u.id = coalesce(r.user_id, m.sender_id, rv.author_id)
	WHERE r.id = ?`

// DismissReport deletes the report, in a write transaction, after reading
// what it is of, which it gives for the audit log. The read holds the
// report's row, so that of two dismissals the second finds none.
func DismissReport(ctx context.Context, d Dialect, tx Querier, id int64) (target string, err error) {
	if err := tx.QueryRow(ctx, reportTarget+d.ForUpdateOf("r"), id).Scan(&target); err != nil {
		return "", NotFound(err, "Report")
	}
	_, err = tx.Exec(ctx, `DELETE FROM reports WHERE id = ?`, id)
	return target, err
}

// ReportsBy lists the reports a user took part in.
func ReportsBy(ctx context.Context, tx Querier, userID int64) ([]int64, error) {
	rows, err := tx.Query(ctx, `SELECT report_id FROM reporters WHERE user_id = ?`, userID)
	return ScanIDs(rows, err)
}

// RefreshReport brings a report in line with the reporters it has left:
// it goes when nobody stands behind it, and otherwise shows the latest
// reason still given.
func RefreshReport(ctx context.Context, tx Querier, reportID int64) error {
	_, err := tx.Exec(ctx, `DELETE FROM reports WHERE id = ? AND NOT EXISTS (SELECT 1 FROM reporters WHERE report_id = ?)`,
		reportID, reportID)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `
		UPDATE reports SET latest_reason = coalesce(
			(SELECT reason FROM reporters WHERE report_id = ? AND reason <> '' ORDER BY created DESC LIMIT 1), '')
		WHERE id = ?`, reportID, reportID)
	return err
}

// ReportsMadeBy lists a person's reports through reporters_by_user.
func ReportsMadeBy(ctx context.Context, q Querier, userID int64) ([]app.ReportMade, error) {
	rows, err := q.Query(ctx, `
		SELECT r.kind, r.product_id, coalesce(p.name, ''), r.user_id, r.message_id, r.review_id, rp.reason, rp.created
		FROM reporters rp
		JOIN reports r ON r.id = rp.report_id
		LEFT JOIN products p ON p.id = r.product_id
		WHERE rp.user_id = ? ORDER BY rp.created, rp.report_id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	made := []app.ReportMade{}
	for rows.Next() {
		var r app.ReportMade
		var kind string
		var created int64
		var productID, reported, messageID, reviewID sql.NullInt64
		if err := rows.Scan(&kind, &productID, &r.Product, &reported, &messageID, &reviewID, &r.Reason, &created); err != nil {
			return nil, err
		}
		r.Kind = app.ReportKind(kind)
		r.ProductID, r.UserID, r.MessageID, r.ReviewID = NullID(productID), NullID(reported), NullID(messageID), NullID(reviewID)
		r.Time = FromMillis(created)
		made = append(made, r)
	}
	return made, rows.Err()
}

// ScanIDs reads rows of one ID each, and closes them.
func ScanIDs(rows Rows, err error) ([]int64, error) {
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
