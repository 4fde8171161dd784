package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
	"rehome/storecore"
)

func (db *DB) CreateReport(ctx context.Context, productID, reporterID int64, reason string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		return storecore.ReportProduct(ctx, dialect, writer{db, tx}, productID, reporterID, reason, db.millis())
	})
}

func (db *DB) ReportOther(ctx context.Context, kind app.ReportKind, id, reporterID int64, reason string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		return storecore.ReportOther(ctx, dialect, writer{db, tx}, kind, id, reporterID, reason, db.millis())
	})
}

func (db *DB) ReportedProducts(ctx context.Context, page app.Page) (app.List[app.ReportedProduct], error) {
	return readList(ctx, db, page, storecore.ReportsCount, storecore.ReportsPage, nil, storecore.ScanReportedProduct)
}

func (db *DB) DismissReport(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		target, err := storecore.DismissReport(ctx, dialect, writer{db, tx}, id)
		if err != nil {
			return err
		}
		if audit != nil {
			audit.Target = target
		}
		return db.record(ctx, tx, audit)
	})
}

func (db *DB) ReportsMadeBy(ctx context.Context, userID int64) ([]app.ReportMade, error) {
	return storecore.ReportsMadeBy(ctx, reader{db}, userID)
}
