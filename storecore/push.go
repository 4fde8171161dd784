package storecore

import (
	"context"
	"database/sql"
	"errors"
	"slices"

	"rehome/app"
)

func (s *Store) VAPIDKeys(ctx context.Context) (app.VAPIDKeys, error) {
	var keys app.VAPIDKeys
	err := s.read.QueryRow(ctx, `SELECT public_key, private_key FROM push_keys WHERE id = 1`).Scan(&keys.Public, &keys.Private)
	return keys, NotFound(err, "Push key")
}

// KeepVAPIDKeys inserts fresh unless a pair is kept: under PostgreSQL an
// insert racing another waits on the primary key until the other commits,
// and then does nothing; the read after it, a statement of its own under
// READ COMMITTED, sees the pair that was kept.
func (s *Store) KeepVAPIDKeys(ctx context.Context, fresh app.VAPIDKeys) (app.VAPIDKeys, error) {
	var kept app.VAPIDKeys
	err := s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `INSERT INTO push_keys (id, public_key, private_key, created) VALUES (1, ?, ?, ?)
			ON CONFLICT (id) DO NOTHING`, fresh.Public, fresh.Private, s.now())
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
// again. Where the database locks rows, saves for one person take turns on
// a lock of their account's row (ForNoKeyUpdate, which lets the row be
// referenced meanwhile), so that each one's trim counts what the others
// kept and the person never keeps more than MaxPushSubscriptions; and the
// session's row is held (ForKeyShare, as the foreign key's check would)
// from the check that it is the person's: a session ended meanwhile
// either ended first (a conflict) or waits, and takes the subscription
// with it. SQLite's one writer runs the saves one after the other.
func (s *Store) SavePushSubscription(ctx context.Context, userID int64, from app.PushFrom, sub app.PushSubscription) (created bool, err error) {
	err = s.inTx(ctx, func(tx Querier) error {
		// An account deleted meanwhile has no row to lock: the session's
		// check below then tells so.
		if s.d.ForNoKeyUpdate != "" {
			if _, err := tx.Exec(ctx, `SELECT 1 FROM users WHERE id = ?`+s.d.ForNoKeyUpdate, userID); err != nil {
				return err
			}
		}
		var mine int
		err := tx.QueryRow(ctx, `SELECT 1 FROM sessions WHERE id = ? AND user_id = ?`+s.d.ForKeyShare, from.Session, userID).Scan(&mine)
		if errors.Is(err, sql.ErrNoRows) {
			return app.Errorf(app.KindConflict, sessionGoneMessage)
		} else if err != nil {
			return err
		}
		for {
			now := s.now()
			n, err := tx.Exec(ctx, `
				INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, browser, system, subscribed)
				VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
				ON CONFLICT (endpoint) DO NOTHING`,
				userID, from.Session, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth, from.Browser, from.System, now)
			if err != nil {
				return s.d.ReferenceGone(err)
			}
			if created = n == 1; created {
				break
			}
			n, err = tx.Exec(ctx, `UPDATE push_subscriptions SET user_id = ?1, session_id = ?2, p256dh = ?4, auth = ?5,
				browser = ?6, system = ?7, subscribed = ?8, last_sent = NULL WHERE endpoint = ?3`,
				userID, from.Session, sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth, from.Browser, from.System, now)
			if err != nil {
				return s.d.ReferenceGone(err)
			}
			if n == 1 {
				break
			}
		}
		_, err = tx.Exec(ctx, `
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

func (s *Store) DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error {
	return s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?`, userID, endpoint)
		return err
	})
}

func (s *Store) DeletePushEndpoint(ctx context.Context, endpoint string) error {
	return s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = ?`, endpoint)
		return err
	})
}

// LivePushSubscriptions are the subscriptions of sessions not past their
// expiry (?1): one of a session past it is no longer anyone's, though
// cleanup deletes it only with the session, within the hour.
const LivePushSubscriptions = `push_subscriptions p JOIN sessions s ON s.id = p.session_id AND s.expiry > ?1`

// PushSubscriptions answers nil for none.
func (s *Store) PushSubscriptions(ctx context.Context, userID int64) ([]app.PushSubscription, error) {
	rows, err := s.read.Query(ctx, `SELECT p.id, p.endpoint, p.p256dh, p.auth FROM `+LivePushSubscriptions+`
		WHERE p.user_id = ?2 ORDER BY p.subscribed, p.id`, s.now(), userID)
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

func (s *Store) PushDevices(ctx context.Context, userID int64, current string) ([]app.PushDevice, error) {
	rows, err := s.read.Query(ctx, `SELECT p.id, p.browser, p.system, p.subscribed, p.last_sent, p.session_id = ?3 FROM `+LivePushSubscriptions+`
		WHERE p.user_id = ?2 ORDER BY p.session_id = ?3 DESC, p.subscribed DESC, p.id DESC`, s.now(), userID, current)
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
		d.Created = FromMillis(subscribed)
		d.LastSent = NullTime(lastSent)
		devices = append(devices, d)
	}
	return devices, rows.Err()
}

// DeletePushDevice deletes in one statement: of racing calls, the first to
// delete the row (under PostgreSQL, to take its lock) deletes it and the
// others find nothing.
func (s *Store) DeletePushDevice(ctx context.Context, userID, id int64) error {
	return s.inTx(ctx, func(tx Querier) error {
		n, err := tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE user_id = ? AND id = ?`, userID, id)
		return ChangedOne(n, err, "Device not found")
	})
}

func (s *Store) PushSent(ctx context.Context, id int64) error {
	return s.inTx(ctx, func(tx Querier) error {
		_, err := tx.Exec(ctx, `UPDATE push_subscriptions SET last_sent = ? WHERE id = ?`, s.now(), id)
		return err
	})
}

// PushKindsOff answers nil for none.
func (s *Store) PushKindsOff(ctx context.Context, userID int64) ([]app.PushKind, error) {
	rows, err := s.read.Query(ctx, `SELECT kind FROM push_kinds_off WHERE user_id = ? ORDER BY kind`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var off []app.PushKind
	for rows.Next() {
		var kind string
		if err := rows.Scan(&kind); err != nil {
			return nil, err
		}
		off = append(off, app.PushKind(kind))
	}
	return off, rows.Err()
}

// SetPushKinds writes the kinds in the order of their names, so that
// under PostgreSQL two calls for one person lock the rows in one order
// and never deadlock.
func (s *Store) SetPushKinds(ctx context.Context, userID int64, on map[app.PushKind]bool) error {
	kinds := make([]app.PushKind, 0, len(on))
	for kind := range on {
		kinds = append(kinds, kind)
	}
	slices.Sort(kinds)
	return s.inTx(ctx, func(tx Querier) error {
		for _, kind := range kinds {
			query := `INSERT INTO push_kinds_off (user_id, kind) VALUES (?, ?) ON CONFLICT DO NOTHING`
			if on[kind] {
				query = `DELETE FROM push_kinds_off WHERE user_id = ? AND kind = ?`
			}
			if _, err := tx.Exec(ctx, query, userID, string(kind)); err != nil {
				return s.d.ReferenceGone(err)
			}
		}
		return nil
	})
}
