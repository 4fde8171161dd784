package sqlite

import (
	"context"
	"encoding/json"
	"slices"

	"rehome/app"
	"rehome/storecore"
)

// fillSellers sets what products read without their seller need of the
// seller's account (fillSeller), from the users cache; the sellers it lacks
// are read in one query. A product whose seller is gone (deleted with them
// meanwhile) is dropped.
func (db *DB) fillSellers(ctx context.Context, products []app.Product) ([]app.Product, error) {
	var missing []int64
	for i := range products {
		p := &products[i]
		if u, ok := db.caches.Users.Get(p.SellerID); ok {
			fillSeller(p, &u)
		} else if !slices.Contains(missing, p.SellerID) {
			missing = append(missing, p.SellerID)
		}
	}
	if len(missing) == 0 {
		return products, nil
	}
	found := make(map[int64]*app.User, len(missing))
	if err := db.readUsers(ctx, missing, found); err != nil {
		return nil, err
	}
	kept := products[:0]
	for _, p := range products {
		if slices.Contains(missing, p.SellerID) {
			u := found[p.SellerID]
			if u == nil {
				continue
			}
			fillSeller(&p, u)
		}
		kept = append(kept, p)
	}
	clear(products[len(kept):])
	return kept, nil
}

// fillSeller sets p's seller's name and verified state, and their email and
// choice to show their phone for ShowContact to pick from.
func fillSeller(p *app.Product, u *app.User) {
	p.Seller, p.SellerVerified = u.Name, u.Verified
	p.Contact.Email, p.Contact.ShowPhone = u.Email, u.ShowPhone
}

// readUsers reads the accounts with the given IDs into found, and into the cache.
func (db *DB) readUsers(ctx context.Context, ids []int64, found map[int64]*app.User) error {
	gen := db.caches.Users.Generation()
	list, err := json.Marshal(ids)
	if err != nil {
		return err
	}
	rows, err := db.query(ctx, `SELECT `+storecore.UserColumns+` FROM users WHERE id IN (SELECT value FROM json_each(?))`, string(list))
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		u, err := storecore.ScanUser(rows)
		if err != nil {
			return err
		}
		found[u.ID] = u
		db.caches.Users.Put(gen, u.ID, *u)
	}
	return rows.Err()
}
