package postgres

import (
	"context"
	"github.com/jackc/pgx/v5"
	"time"

	"rehome/app"
	"rehome/storecore"
)

func (db *DB) CreateEmailChange(ctx context.Context, c app.EmailChange) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return storecore.CreateEmailChange(ctx, dialect, core{tx}, c, db.millis()) })
}

func (db *DB) UseEmailChange(ctx context.Context, tokenHash []byte, now time.Time) (*app.User, string, error) {
	var userID int64
	var oldEmail string
	var refused error
	err := db.inTx(ctx, func(tx pgx.Tx) (err error) {
		userID, oldEmail, refused, err = storecore.UseEmailChange(ctx, dialect, core{tx}, tokenHash, now)
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
