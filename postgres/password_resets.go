package postgres

import (
	"context"
	"github.com/jackc/pgx/v5"
	"time"

	"rehome/app"
	"rehome/storecore"
)

func (db *DB) CreatePasswordReset(ctx context.Context, r app.PasswordReset) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return storecore.CreatePasswordReset(ctx, dialect, core{tx}, r, db.millis()) })
}

func (db *DB) UsePasswordReset(ctx context.Context, tokenHash, passwordHash []byte, now time.Time) (*app.User, error) {
	var userID int64
	var refused error
	err := db.inTx(ctx, func(tx pgx.Tx) (err error) {
		userID, refused, err = storecore.UsePasswordReset(ctx, dialect, core{tx}, tokenHash, passwordHash, now)
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
