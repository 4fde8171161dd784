package sqlite

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
	"rehome/storecore"
)

// The claims of each stage's reminders, through bookings_by_pickup.
const (
	claimDayReminders = `UPDATE bookings SET reminded_day = pickup_at
		WHERE status = 'Booked' AND pickup_at > ?1 AND pickup_at <= ?2 AND reminded_day IS NOT pickup_at RETURNING id`
	claimSoonReminders = `UPDATE bookings SET reminded_soon = pickup_at
		WHERE status = 'Booked' AND pickup_at > ?1 AND pickup_at <= ?2 AND reminded_soon IS NOT pickup_at RETURNING id`
)

func (db *DB) ClaimReminders(ctx context.Context, stage app.ReminderStage, from, to time.Duration) ([]app.Booking, error) {
	claim := claimDayReminders
	if stage == app.ReminderSoon {
		claim = claimSoonReminders
	}
	var due []app.Booking
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		due = nil
		now := db.millis()
		ids, err := scanIDs(db.txQuery(ctx, tx, claim, now+from.Milliseconds(), now+to.Milliseconds()))
		if err != nil {
			return err
		}
		for _, id := range ids {
			b, err := storecore.ScanBooking(db.txRow(ctx, tx, `SELECT `+storecore.BookingColumns+` FROM bookings WHERE id = ?`, id))
			if err != nil {
				return err
			}
			due = append(due, b)
		}
		return nil
	})
	return due, err
}
