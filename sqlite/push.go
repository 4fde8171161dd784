package sqlite

import (
	"context"
	"database/sql"

	"rehome/app"
)

func (db *DB) VAPIDKeys(ctx context.Context) (app.VAPIDKeys, error) {
	var keys app.VAPIDKeys
	err := db.queryRow(ctx, `SELECT public_key, private_key FROM push_keys WHERE id = 1`).Scan(&keys.Public, &keys.Private)
	return keys, notFound(err, "Push key")
}

func (db *DB) KeepVAPIDKeys(ctx context.Context, fresh app.VAPIDKeys) (app.VAPIDKeys, error) {
	var kept app.VAPIDKeys
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		_, err := db.txExec(ctx, tx, `INSERT INTO push_keys (id, public_key, private_key, created) VALUES (1, ?, ?, ?)
			ON CONFLICT (id) DO NOTHING`, fresh.Public, fresh.Private, db.millis())
		if err != nil {
			return err
		}
		return db.txRow(ctx, tx, `SELECT public_key, private_key FROM push_keys WHERE id = 1`).Scan(&kept.Public, &kept.Private)
	})
	return kept, err
}

func (db *DB) SavePushSubscription(ctx context.Context, userID int64, sub app.PushSubscription) (created bool, err error) {
	err = db.inTx(ctx, func(tx *sql.Tx) error {
		// Insert, and else move: unlike reading first, neither step can be
		// fooled by another save of the same endpoint at the same moment.
		var err error
		created, err = changedRow(db.txExec(ctx, tx, `
			INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, subscribed) VALUES (?1, ?2, ?3, ?4, ?5)
			ON CONFLICT (endpoint) DO NOTHING`,
			userID, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth, db.millis()))
		if err != nil {
			return referenceGone(err)
		}
		if !created {
			_, err = db.txExec(ctx, tx, `UPDATE push_subscriptions SET user_id = ?1, p256dh = ?3, auth = ?4, subscribed = ?5
				WHERE endpoint = ?2`, userID, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth, db.millis())
			if err != nil {
				return referenceGone(err)
			}
		}
		_, err = db.txExec(ctx, tx, `
			DELETE FROM push_subscriptions WHERE user_id = ?1 AND id NOT IN (
				SELECT id FROM push_subscriptions WHERE user_id = ?1 ORDER BY subscribed DESC, id DESC LIMIT ?2)`,
			userID, app.MaxPushSubscriptions)
		return err
	})
	return created, err
}

func (db *DB) DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error {
	_, err := db.exec(ctx, `DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?`, userID, endpoint)
	return err
}

func (db *DB) DeletePushEndpoint(ctx context.Context, endpoint string) error {
	_, err := db.exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = ?`, endpoint)
	return err
}

func (db *DB) PushSubscriptions(ctx context.Context, userID int64) ([]app.PushSubscription, error) {
	rows, err := db.query(ctx, `SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ? ORDER BY subscribed, id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var subs []app.PushSubscription
	for rows.Next() {
		var sub app.PushSubscription
		if err := rows.Scan(&sub.Endpoint, &sub.Keys.P256dh, &sub.Keys.Auth); err != nil {
			return nil, err
		}
		subs = append(subs, sub)
	}
	return subs, rows.Err()
}

func (db *DB) PushKindsOff(ctx context.Context, userID int64) ([]app.PushKind, error) {
	rows, err := db.query(ctx, `SELECT kind FROM push_kinds_off WHERE user_id = ? ORDER BY kind`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var off []app.PushKind
	for rows.Next() {
		var kind app.PushKind
		if err := rows.Scan(&kind); err != nil {
			return nil, err
		}
		off = append(off, kind)
	}
	return off, rows.Err()
}

func (db *DB) SetPushKinds(ctx context.Context, userID int64, on map[app.PushKind]bool) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		for kind, wanted := range on {
			query := `INSERT INTO push_kinds_off (user_id, kind) VALUES (?, ?) ON CONFLICT DO NOTHING`
			if wanted {
				query = `DELETE FROM push_kinds_off WHERE user_id = ? AND kind = ?`
			}
			if _, err := db.txExec(ctx, tx, query, userID, string(kind)); err != nil {
				return referenceGone(err)
			}
		}
		return nil
	})
}
