package sqlite

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
	"rehome/storecore"
)

// Bookings are read and written by storecore; SQLite's one writer holds
// the whole database through each write transaction, so no write here takes
// a lock of its own but claimAvailable's.

func (db *DB) CreateBooking(ctx context.Context, b *app.Booking) error {
	created := db.millis()
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if err := db.claimAvailable(ctx, tx, *b.ProductID, "This product is already sold"); err != nil {
			return err
		}
		err := storecore.InsertBooking(ctx, writer{db, tx}, b, created)
		if isUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "You have already booked this product")
		}
		b.Created = fromMillis(created)
		return referenceGone(err)
	})
}

// claimAvailable checks, inside a write transaction, that a product exists
// and is still for sale, and holds its row until the transaction ends. It
// is a conditional update rather than a read: under snapshot reads a sale or
// deletion committed after the read would go unseen, while an update waits
// for the row and then checks the condition against what was committed.
func (db *DB) claimAvailable(ctx context.Context, tx *sql.Tx, productID int64, soldMessage string) error {
	claimed, err := changedRow(db.txExec(ctx, tx, `UPDATE products SET status = status WHERE id = ? AND status = 'Available'`, productID))
	if err != nil || claimed {
		return err
	}
	return storecore.WhyNotForSale(ctx, writer{db, tx}, productID, soldMessage)
}

func (db *DB) BookingByID(ctx context.Context, id int64) (*app.Booking, error) {
	return storecore.BookingByID(ctx, reader{db}, id)
}

func (db *DB) BuyerBookings(ctx context.Context, buyerID int64, page app.Page) (app.List[app.Booking], error) {
	return readList(ctx, db, page, storecore.BuyerBookingsCount, storecore.BuyerBookingsPage, []any{buyerID}, storecore.ScanBooking)
}

func (db *DB) SellerBookings(ctx context.Context, sellerID int64, page app.Page) (app.List[app.Booking], error) {
	return readList(ctx, db, page, storecore.SellerBookingsCount, storecore.SellerBookingsPage, []any{sellerID}, storecore.ScanBooking)
}

func (db *DB) CancelBooking(ctx context.Context, id int64) error {
	return db.closeBooking(ctx, id, app.BookingCancelled, "")
}

func (db *DB) DeclineBooking(ctx context.Context, id int64, reason string) error {
	return db.closeBooking(ctx, id, app.BookingDeclined, reason)
}

func (db *DB) closeBooking(ctx context.Context, id int64, to app.BookingStatus, reason string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error { return storecore.CloseBooking(ctx, writer{db, tx}, id, to, reason) })
}

// MarkPaid sells the product: it leaves its category's list and the adverts.
func (db *DB) MarkPaid(ctx context.Context, id int64) error {
	return db.inTx(ctx, func(tx *sql.Tx) error { return storecore.MarkPaid(ctx, writer{db, tx}, id) })
}

func (db *DB) MarkPaidByEvent(ctx context.Context, eventID string, id int64) (done bool, err error) {
	err = db.inTx(ctx, func(tx *sql.Tx) (err error) {
		done, err = storecore.MarkPaidByEvent(ctx, writer{db, tx}, eventID, id, db.millis())
		return err
	})
	return done && err == nil, err
}

func (db *DB) HandoverCode(ctx context.Context, id int64, fresh string) (code string, err error) {
	err = db.inTx(ctx, func(tx *sql.Tx) (err error) {
		code, err = storecore.HandoverCode(ctx, writer{db, tx}, id, fresh)
		return err
	})
	return code, err
}

func (db *DB) HandoverCodes(ctx context.Context, ids []int64) (map[int64]string, error) {
	return storecore.HandoverCodes(ctx, dialect, reader{db}, ids)
}

// HandOver commits what a wrong code counted, and only then answers it as
// an error.
func (db *DB) HandOver(ctx context.Context, id int64, code string) error {
	var refused error
	err := db.inTx(ctx, func(tx *sql.Tx) (err error) {
		refused, err = storecore.HandOver(ctx, writer{db, tx}, id, code, db.millis())
		return err
	})
	if err != nil {
		return err
	}
	return refused
}

func (db *DB) MarkNoShow(ctx context.Context, id int64, absent string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error { return storecore.MarkNoShow(ctx, writer{db, tx}, id, absent, db.millis()) })
}

func (db *DB) NoShowsOf(ctx context.Context, userID int64, period time.Duration) ([]app.NoShowRecord, error) {
	return storecore.NoShowsOf(ctx, reader{db}, userID, db.millis()-period.Milliseconds())
}

func (db *DB) AnswerNoShow(ctx context.Context, id, userID int64, answer string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error { return storecore.AnswerNoShow(ctx, writer{db, tx}, id, userID, answer) })
}

func (db *DB) RemoveNoShow(ctx context.Context, id int64, audit *app.AuditEntry) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		if err := storecore.RemoveNoShow(ctx, writer{db, tx}, id); err != nil {
			return err
		}
		return db.record(ctx, tx, audit)
	})
}

func (db *DB) PaymentID(ctx context.Context, id int64) (string, error) {
	return storecore.PaymentID(ctx, reader{db}, id)
}

func (db *DB) SetPaymentID(ctx context.Context, id int64, payment string) error {
	return db.inTx(ctx, func(tx *sql.Tx) error { return storecore.SetPaymentID(ctx, writer{db, tx}, id, payment) })
}

func (db *DB) OpenBookingsOf(ctx context.Context, productID int64) ([]app.Booking, error) {
	return storecore.Bookings(ctx, reader{db}, storecore.OpenBookingsQuery, productID)
}

func (db *DB) OpenBookingsWith(ctx context.Context, userID int64) ([]app.Booking, error) {
	return storecore.Bookings(ctx, reader{db}, storecore.OpenBookingsWithQuery, userID, userID)
}

// nullID and nullTime read nullable columns.
func nullID(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	return &v.Int64
}

func nullTime(ms sql.NullInt64) *time.Time {
	if !ms.Valid {
		return nil
	}
	t := fromMillis(ms.Int64)
	return &t
}
