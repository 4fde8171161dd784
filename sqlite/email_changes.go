package sqlite

import (
	"context"
	"database/sql"
	"time"

	"rehome/app"
	"rehome/storecore"
)

func (db *DB) CreateEmailChange(ctx context.Context, c app.EmailChange) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		return storecore.CreateEmailChange(ctx, dialect, writer{db, tx}, c, db.millis())
	})
}

func (db *DB) UseEmailChange(ctx context.Context, tokenHash []byte, now time.Time) (*app.User, string, error) {
	var userID int64
	var oldEmail string
	var refused error
	err := db.inTx(ctx, func(tx *sql.Tx) (err error) {
		userID, oldEmail, refused, err = storecore.UseEmailChange(ctx, dialect, writer{db, tx}, tokenHash, now)
		return err
	})
	if err == nil {
		err = refused
	}
	if err != nil {
		return nil, "", err
	}
	u, err := db.UserByID(ctx, userID)
	return u, oldEmail, err
}
