package sqlite

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
	"rehome/storecore"
)

func (db *DB) CreatePasswordReset(ctx context.Context, r app.PasswordReset) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		return storecore.CreatePasswordReset(ctx, dialect, writer{db, tx}, r, db.millis())
	})
}

func (db *DB) UsePasswordReset(ctx context.Context, tokenHash, passwordHash []byte, now time.Time) (*app.User, error) {
	var userID int64
	var refused error
	err := db.inTx(ctx, func(tx *sql.Tx) (err error) {
		userID, refused, err = storecore.UsePasswordReset(ctx, dialect, writer{db, tx}, tokenHash, passwordHash, now)
		return err
	})
	if err == nil {
		err = refused
	}
	if err != nil {
		return nil, err
	}
	return db.UserByID(ctx, userID)
}
