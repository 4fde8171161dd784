package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
)

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

// The reported things, most recently reported first.
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
		ORDER BY r.updated DESC, r.id DESC LIMIT ? + 0 OFFSET ? + 0`
)

// The upserts that find or start the one report of each kind of thing. A
// report with a reason replaces the latest reason; one without keeps it.
const (
	reportProduct = `INSERT INTO reports (kind, product_id, latest_reason, updated) VALUES ('product', ?1, ?2, ?3)
		ON CONFLICT (product_id) DO UPDATE SET updated = ?3, latest_reason = CASE WHEN ?2 <> '' THEN ?2 ELSE latest_reason END
		RETURNING id`
	reportUser = `INSERT INTO reports (kind, user_id, latest_reason, updated) VALUES ('user', ?1, ?2, ?3)
		ON CONFLICT (user_id) DO UPDATE SET updated = ?3, latest_reason = CASE WHEN ?2 <> '' THEN ?2 ELSE latest_reason END
		RETURNING id`
	reportMessage = `INSERT INTO reports (kind, message_id, latest_reason, updated) VALUES ('message', ?1, ?2, ?3)
		ON CONFLICT (message_id) DO UPDATE SET updated = ?3, latest_reason = CASE WHEN ?2 <> '' THEN ?2 ELSE latest_reason END
		RETURNING id`
	reportReview = `INSERT INTO reports (kind, review_id, latest_reason, updated) VALUES ('review', ?1, ?2, ?3)
		ON CONFLICT (review_id) DO UPDATE SET updated = ?3, latest_reason = CASE WHEN ?2 <> '' THEN ?2 ELSE latest_reason END
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

// report finds or starts the report of a thing by upsert and adds the
// reporter to it.
func (db *DB) report(ctx context.Context, upsert string, target, reporterID int64, reason, already string) error {
	now := db.millis()
	return db.inTx(ctx, func(tx *sql.Tx) error {
		var reportID int64
		if err := db.txRow(ctx, tx, upsert, target, reason, now).Scan(&reportID); err != nil {
			return referenceGone(err)
		}
		_, err := db.txExec(ctx, tx, `INSERT INTO reporters (report_id, user_id, reason, created) VALUES (?, ?, ?, ?)`,
			reportID, reporterID, reason, now)
		if isUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "%s", already)
		}
		return referenceGone(err)
	})
}

func scanReportedProduct(row row) (app.ReportedProduct, error) {
	var r app.ReportedProduct
	var productID, userID, messageID, conversationID, reviewID, rating sql.NullInt64
	var updated int64
	err := row.Scan(&r.ID, &r.Kind, &productID, &r.Product, &r.Image, &r.ThumbURL, &r.ResalePrice, &r.Seller, &r.SellerEmail,
		&userID, &r.User, &r.UserEmail, &messageID, &conversationID, &reviewID, &rating, &r.Text, &r.Reports, &r.Reason, &updated)
	r.ProductID, r.UserID, r.MessageID = nullID(productID), nullID(userID), nullID(messageID)
	r.ConversationID, r.ReviewID = nullID(conversationID), nullID(reviewID)
	if rating.Valid {
		stars := int(rating.Int64)
		r.Rating = &stars
	}
	r.Updated = fromMillis(updated)
	return r, err
}

func (db *DB) ReportedProducts(ctx context.Context, page app.Page) (app.List[app.ReportedProduct], error) {
	return readList(ctx, db, page, reportsCount, reportsPage, nil, scanReportedProduct)
}

func (db *DB) DismissReport(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		var listing string
		err := db.txRow(ctx, tx, reportTarget, id).Scan(&listing)
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
	return scanIDs(db.txQuery(ctx, tx, `SELECT report_id FROM reporters WHERE user_id = ?`, userID))
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
		var created int64
		var productID, reported, messageID, reviewID sql.NullInt64
		if err := rows.Scan(&r.Kind, &productID, &r.Product, &reported, &messageID, &reviewID, &r.Reason, &created); err != nil {
			return nil, err
		}
		r.ProductID, r.UserID, r.MessageID, r.ReviewID = nullID(productID), nullID(reported), nullID(messageID), nullID(reviewID)
		r.Time = fromMillis(created)
		made = append(made, r)
	}
	return made, rows.Err()
}
