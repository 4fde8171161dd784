package sqlite

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
	"rehome/storecore"
)

func (db *DB) CreateEmailVerification(ctx context.Context, v app.EmailVerification) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		return storecore.CreateEmailVerification(ctx, dialect, writer{db, tx}, v, db.millis())
	})
}

func (db *DB) UseEmailVerification(ctx context.Context, tokenHash []byte, now time.Time) (*app.User, error) {
	var userID int64
	var refused error
	err := db.inTx(ctx, func(tx *sql.Tx) (err error) {
		userID, refused, err = storecore.UseEmailVerification(ctx, dialect, writer{db, tx}, tokenHash, now)
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
