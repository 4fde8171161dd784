package postgres

import (
	"context"
	"github.com/jackc/pgx/v5"
	"time"

	"rehome/app"
	"rehome/storecore"
)

func (db *DB) CreateEmailVerification(ctx context.Context, v app.EmailVerification) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		return storecore.CreateEmailVerification(ctx, dialect, core{tx}, v, db.millis())
	})
}

func (db *DB) UseEmailVerification(ctx context.Context, tokenHash []byte, now time.Time) (*app.User, error) {
	var userID int64
	var refused error
	err := db.inTx(ctx, func(tx pgx.Tx) (err error) {
		userID, refused, err = storecore.UseEmailVerification(ctx, dialect, core{tx}, tokenHash, now)
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
