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

func (db *DB) SavePushSubscription(ctx context.Context, userID int64, from app.PushFrom, sub app.PushSubscription) (created bool, err error) {
	err = db.inTx(ctx, func(tx *sql.Tx) error {
		var mine bool
		if err := db.txRow(ctx, tx, `SELECT EXISTS (SELECT 1 FROM sessions WHERE id = ? AND user_id = ?)`, from.Session, userID).Scan(&mine); err != nil {
			return err
		}
		if !mine {
			return app.Errorf(app.KindConflict, sessionGoneMessage)
		}
		// Insert, and else move: unlike reading first, neither step can be
		// fooled by another save of the same endpoint at the same moment.
		var err error
		created, err = changedRow(db.txExec(ctx, tx, `
			INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, browser, system, subscribed)
			VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
			ON CONFLICT (endpoint) DO NOTHING`,
			userID, from.Session, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth, from.Browser, from.System, db.millis()))
		if err != nil {
			return referenceGone(err)
		}
		if !created {
			_, err = db.txExec(ctx, tx, `UPDATE push_subscriptions SET user_id = ?1, session_id = ?2, p256dh = ?4, auth = ?5,
				browser = ?6, system = ?7, subscribed = ?8, last_sent = NULL WHERE endpoint = ?3`,
				userID, from.Session, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth, from.Browser, from.System, db.millis())
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

// sessionGoneMessage refuses a subscription whose session ended as it was
// made: the store's message for a reference removed meanwhile.
const sessionGoneMessage = "Something this refers to was just removed. Reload and try again."

func (db *DB) DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error {
	_, err := db.exec(ctx, `DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?`, userID, endpoint)
	return err
}

func (db *DB) DeletePushEndpoint(ctx context.Context, endpoint string) error {
	_, err := db.exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = ?`, endpoint)
	return err
}

// A subscription of a session past its expiry is no longer anyone's,
// though cleanup deletes it only with the session, within the hour.
const livePushSubscriptions = `push_subscriptions p JOIN sessions s ON s.id = p.session_id AND s.expiry > ?`

func (db *DB) PushSubscriptions(ctx context.Context, userID int64) ([]app.PushSubscription, error) {
	rows, err := db.query(ctx, `SELECT p.id, p.endpoint, p.p256dh, p.auth FROM `+livePushSubscriptions+`
		WHERE p.user_id = ? ORDER BY p.subscribed, p.id`, db.millis(), userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var subs []app.PushSubscription
	for rows.Next() {
		var sub app.PushSubscription
		if err := rows.Scan(&sub.ID, &sub.Endpoint, &sub.Keys.P256dh, &sub.Keys.Auth); err != nil {
			return nil, err
		}
		subs = append(subs, sub)
	}
	return subs, rows.Err()
}

func (db *DB) PushDevices(ctx context.Context, userID int64, current string) ([]app.PushDevice, error) {
	rows, err := db.query(ctx, `SELECT p.id, p.browser, p.system, p.subscribed, p.last_sent, p.session_id = ? FROM `+livePushSubscriptions+`
		WHERE p.user_id = ? ORDER BY p.session_id = ? DESC, p.subscribed DESC, p.id DESC`, current, db.millis(), userID, current)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	devices := []app.PushDevice{}
	for rows.Next() {
		var d app.PushDevice
		var subscribed int64
		var lastSent sql.NullInt64
		if err := rows.Scan(&d.ID, &d.Browser, &d.System, &subscribed, &lastSent, &d.Current); err != nil {
			return nil, err
		}
		d.Created = fromMillis(subscribed)
		if lastSent.Valid {
			at := fromMillis(lastSent.Int64)
			d.LastSent = &at
		}
		devices = append(devices, d)
	}
	return devices, rows.Err()
}

func (db *DB) DeletePushDevice(ctx context.Context, userID, id int64) error {
	res, err := db.exec(ctx, `DELETE FROM push_subscriptions WHERE user_id = ? AND id = ?`, userID, id)
	return changedOne(res, err, "Device not found")
}

func (db *DB) PushSent(ctx context.Context, id int64) error {
	_, err := db.exec(ctx, `UPDATE push_subscriptions SET last_sent = ? WHERE id = ?`, db.millis(), id)
	return err
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
