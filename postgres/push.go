package postgres

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"rehome/app"
)

func (db *DB) VAPIDKeys(ctx context.Context) (app.VAPIDKeys, error) {
	var keys app.VAPIDKeys
	err := db.pool.QueryRow(ctx, `SELECT public_key, private_key FROM push_keys WHERE id = 1`).Scan(&keys.Public, &keys.Private)
	return keys, notFound(err, "Push key")
}

// KeepVAPIDKeys inserts fresh unless a pair is kept: an insert racing
// another waits on the primary key until the other commits, and then does
// nothing; the read after it, a statement of its own under READ COMMITTED,
// sees the pair that was kept.
func (db *DB) KeepVAPIDKeys(ctx context.Context, fresh app.VAPIDKeys) (app.VAPIDKeys, error) {
	var kept app.VAPIDKeys
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO push_keys (id, public_key, private_key, created) VALUES (1, $1, $2, $3)
			ON CONFLICT (id) DO NOTHING`, fresh.Public, fresh.Private, db.millis())
		if err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT public_key, private_key FROM push_keys WHERE id = 1`).Scan(&kept.Public, &kept.Private)
	})
	return kept, err
}

// SavePushSubscription inserts, and else moves: the unique index on
// endpoint decides which of racing saves created it (an insert waits for
// the one before it to commit, then does nothing), and the move is one
// UPDATE. Should the endpoint be deleted between the two, it inserts
// again. Saves for one person take turns on a lock of their account's row
// (FOR NO KEY UPDATE, which lets the row be referenced meanwhile), so that
// each one's trim counts what the others kept and the person never keeps
// more than MaxPushSubscriptions. The session's row is held (FOR KEY
// SHARE, as the foreign key's check would) from the check that it is the
// person's: a session ended meanwhile either ended first (a conflict) or
// waits, and takes the subscription with it.
func (db *DB) SavePushSubscription(ctx context.Context, userID int64, from app.PushFrom, sub app.PushSubscription) (created bool, err error) {
	err = db.inTx(ctx, func(tx pgx.Tx) error {
		// An account deleted meanwhile has no row to lock: the session's
		// check below then tells so.
		if _, err := tx.Exec(ctx, `SELECT FROM users WHERE id = $1 FOR NO KEY UPDATE`, userID); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `SELECT FROM sessions WHERE id = $1 AND user_id = $2 FOR KEY SHARE`, from.Session, userID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindConflict, sessionGoneMessage)
		}
		for {
			now := db.millis()
			tag, err := tx.Exec(ctx, `
				INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, browser, system, subscribed)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
				ON CONFLICT (endpoint) DO NOTHING`,
				userID, from.Session, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth, from.Browser, from.System, now)
			if err != nil {
				return referenceGone(err)
			}
			if created = tag.RowsAffected() == 1; created {
				break
			}
			tag, err = tx.Exec(ctx, `UPDATE push_subscriptions SET user_id = $1, session_id = $2, p256dh = $4, auth = $5,
				browser = $6, system = $7, subscribed = $8, last_sent = NULL WHERE endpoint = $3`,
				userID, from.Session, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth, from.Browser, from.System, now)
			if err != nil {
				return referenceGone(err)
			}
			if tag.RowsAffected() == 1 {
				break
			}
		}
		_, err = tx.Exec(ctx, `
			DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
				SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY subscribed DESC, id DESC LIMIT $2)`,
			userID, app.MaxPushSubscriptions)
		return err
	})
	return created, err
}

// sessionGoneMessage refuses a subscription whose session ended as it was
// made: the store's message for a reference removed meanwhile.
const sessionGoneMessage = "Something this refers to was just removed. Reload and try again."

func (db *DB) DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2`, userID, endpoint)
		return err
	})
}

func (db *DB) DeletePushEndpoint(ctx context.Context, endpoint string) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = $1`, endpoint)
		return err
	})
}

// A subscription of a session past its expiry is no longer anyone's,
// though cleanup deletes it only with the session, within the hour.
const livePushSubscriptions = `push_subscriptions p JOIN sessions s ON s.id = p.session_id AND s.expiry > $1`

func (db *DB) PushSubscriptions(ctx context.Context, userID int64) ([]app.PushSubscription, error) {
	rows, err := db.pool.Query(ctx, `SELECT p.id, p.endpoint, p.p256dh, p.auth FROM `+livePushSubscriptions+`
		WHERE p.user_id = $2 ORDER BY p.subscribed, p.id`, db.millis(), userID)
	if err != nil {
		return nil, err
	}
	subs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (app.PushSubscription, error) {
		var sub app.PushSubscription
		err := row.Scan(&sub.ID, &sub.Endpoint, &sub.Keys.P256dh, &sub.Keys.Auth)
		return sub, err
	})
	if len(subs) == 0 {
		subs = nil // as the SQLite store answers none
	}
	return subs, err
}

func (db *DB) PushDevices(ctx context.Context, userID int64, current string) ([]app.PushDevice, error) {
	rows, err := db.pool.Query(ctx, `SELECT p.id, p.browser, p.system, p.subscribed, p.last_sent, p.session_id = $3 FROM `+livePushSubscriptions+`
		WHERE p.user_id = $2 ORDER BY p.session_id = $3 DESC, p.subscribed DESC, p.id DESC`, db.millis(), userID, current)
	if err != nil {
		return nil, err
	}
	devices, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (app.PushDevice, error) {
		var d app.PushDevice
		var subscribed int64
		var lastSent *int64
		if err := row.Scan(&d.ID, &d.Browser, &d.System, &subscribed, &lastSent, &d.Current); err != nil {
			return d, err
		}
		d.Created = fromMillis(subscribed)
		if lastSent != nil {
			at := fromMillis(*lastSent)
			d.LastSent = &at
		}
		return d, nil
	})
	if devices == nil {
		devices = []app.PushDevice{}
	}
	return devices, err
}

// DeletePushDevice deletes in one statement: of racing calls, the first to
// take the row's lock deletes it and the others, once it commits, find
// nothing.
func (db *DB) DeletePushDevice(ctx context.Context, userID, id int64) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE user_id = $1 AND id = $2`, userID, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return app.Errorf(app.KindNotFound, "Device not found")
		}
		return nil
	})
}

func (db *DB) PushSent(ctx context.Context, id int64) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE push_subscriptions SET last_sent = $1 WHERE id = $2`, db.millis(), id)
		return err
	})
}

func (db *DB) PushKindsOff(ctx context.Context, userID int64) ([]app.PushKind, error) {
	rows, err := db.pool.Query(ctx, `SELECT kind FROM push_kinds_off WHERE user_id = $1 ORDER BY kind`, userID)
	if err != nil {
		return nil, err
	}
	off, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (app.PushKind, error) {
		var kind string
		err := row.Scan(&kind)
		return app.PushKind(kind), err
	})
	if len(off) == 0 {
		off = nil
	}
	return off, err
}

// SetPushKinds writes the kinds in the order of their names, so that two
// calls for one person lock the rows in one order and never deadlock.
func (db *DB) SetPushKinds(ctx context.Context, userID int64, on map[app.PushKind]bool) error {
	kinds := make([]app.PushKind, 0, len(on))
	for kind := range on {
		kinds = append(kinds, kind)
	}
	slices.Sort(kinds)
	return db.inTx(ctx, func(tx pgx.Tx) error {
		for _, kind := range kinds {
			query := `INSERT INTO push_kinds_off (user_id, kind) VALUES ($1, $2) ON CONFLICT DO NOTHING`
			if on[kind] {
				query = `DELETE FROM push_kinds_off WHERE user_id = $1 AND kind = $2`
			}
			if _, err := tx.Exec(ctx, query, userID, string(kind)); err != nil {
				return referenceGone(err)
			}
		}
		return nil
	})
}
