package storecore

import (
	"context"

	"rehome/app"
)

// The home page's adverts. Each store reads their list with statements of
// its own, which its planner needs (AdvertisedProducts).

// CreateAdvert advertises an available product. Where the database locks
// rows, SELECT ... FOR SHARE holds the product's row while the advert goes
// in: a sale (an UPDATE of the row) racing it waits for this transaction
// and then takes the advert off with it, or came first and the product is
// seen sold. SQLite's one writer holds the whole database; its conditional
// update of the product tells the change feed, as ClaimAvailable says. The
// unique index on adverts.product_id lets exactly one of racing calls
// through.
func (s *Store) CreateAdvert(ctx context.Context, productID int64) error {
	return s.inTx(ctx, func(tx Querier) error {
		if err := claimAvailable(ctx, tx, productID, s.d.ForShare, "Only available products can be advertised"); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO adverts (product_id, created) VALUES (?, ?)`, productID, s.now())
		if s.d.IsUniqueViolation(err) {
			return app.Errorf(app.KindConflict, "This product is already advertised")
		}
		return s.d.ReferenceGone(err)
	})
}

func (s *Store) DeleteAdvert(ctx context.Context, productID int64) error {
	return s.inTx(ctx, func(tx Querier) error {
		n, err := tx.Exec(ctx, `DELETE FROM adverts WHERE product_id = ?`, productID)
		return ChangedOne(n, err, "This product is not advertised")
	})
}
