package postgres

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"rehome/app"
	"rehome/cache"
)

// What a write changed reaches two audiences. This instance learns of it
// before the write returns: the schema's triggers note it in settings
// local to the transaction, which inTx reads just before it commits, and
// publishes once committed: first the rows changed, on the change feed
// that the caches above the store forget them by (package cache), then
// the sessions ended. Every other instance learns of both from NOTIFY,
// which PostgreSQL delivers to listeners once the transaction commits,
// and never for one rolled back (listen.go).

// changed is what one transaction noted.
type changed struct {
	rows  string // the rows it changed, one per line (see note_changed)
	ended string // the sessions it ended, one per line (see note_session_ended)
}

func readChanges(ctx context.Context, tx pgx.Tx) (changed, error) {
	var rows, ended *string
	err := tx.QueryRow(ctx, `SELECT current_setting('rehome.changed', true), current_setting('rehome.ended', true)`).Scan(&rows, &ended)
	var c changed
	if rows != nil {
		c.rows = *rows
	}
	if ended != nil {
		c.ended = *ended
	}
	return c, err
}

// apply tells this instance what a committed transaction changed.
func (db *DB) apply(c changed) {
	if c.rows != "" {
		db.feed.Publish(parseChanged(c.rows))
	}
	if c.ended != "" {
		db.tellEnded(parseEndings(c.ended))
	}
}

// Feed tells what each write changed, by this instance as it returns and
// by any other as soon as the database tells (listen.go). It tells of
// accounts, sessions, categories, listings, bookings, blocks and the
// site's settings changed: what the caches above this store keep (wiring).
func (db *DB) Feed() cache.Feed { return db.feed }

// parseChanged reads the lines note_changed wrote (0020_change_feed.sql,
// 0021_listings_feed.sql).
func parseChanged(lines string) cache.Change {
	var c cache.Change
	for line := range strings.SplitSeq(lines, "\n") {
		noun, id, _ := strings.Cut(line, " ")
		switch noun {
		case "u":
			c.Users = appendID(c.Users, id)
		case "s":
			if !slices.Contains(c.Sessions, id) {
				c.Sessions = append(c.Sessions, id)
			}
		case "c":
			c.Categories = true
		case "p":
			c.Products = appendID(c.Products, id)
		case "P":
			c.AllProducts = true
		case "l":
			c.Listings = appendID(c.Listings, id)
		case "L":
			c.AllListings = true
		case "b":
			c.Bookers = appendID(c.Bookers, id)
		case "B":
			c.AllBookers = true
		case "k":
			c.Blockers = appendID(c.Blockers, id)
		case "K":
			c.AllBlockers = true
		case "S":
			c.Site = true
		}
	}
	return c
}

// appendID adds the ID written as id to ids, once.
func appendID(ids []int64, id string) []int64 {
	if n, err := strconv.ParseInt(id, 10, 64); err == nil && !slices.Contains(ids, n) {
		return append(ids, n)
	}
	return ids
}

// CatalogueVersion changes after every write, by any instance, that may
// change what the public lists show: categories, listings, their sellers'
// names and verified state, adverts, site settings. The API tags those
// lists with it, so every instance answers an unchanged list from what it
// kept, and none answers a changed one from it once the change has
// committed: the version is the database's (catalogue_version), raised in
// the changing transaction itself. Reading it is one read of one row, a
// fraction of what building a list costs. When the database cannot be
// read, it is a version never seen, so that nothing kept is answered.
func (db *DB) CatalogueVersion() uint64 {
	ctx, cancel := context.WithTimeout(context.Background(), healthTimeout)
	defer cancel()
	var v int64
	if err := db.pool.QueryRow(ctx, `SELECT version FROM catalogue_version`).Scan(&v); err != nil {
		return db.unseen.Add(1)
	}
	return uint64(v) // #nosec G115 -- the version counts up from 1
}

// OnSessionsEnded has ended told, after each committed write that ended
// sessions, which it ended: before the write returns when this instance
// wrote it, as soon as the database tells when another did. Set it before
// the store is used.
func (db *DB) OnSessionsEnded(ended func(app.SessionsEnded)) {
	db.sessionsEnded.Store(&ended)
}

func (db *DB) tellEnded(e app.SessionsEnded) {
	tell := db.sessionsEnded.Load()
	if tell == nil || (len(e.Sessions) == 0 && len(e.Epochs) == 0 && len(e.Accounts) == 0) {
		return
	}
	(*tell)(e)
}

// parseEndings reads the lines note_session_ended wrote.
func parseEndings(lines string) app.SessionsEnded {
	var e app.SessionsEnded
	for line := range strings.SplitSeq(lines, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 2 && f[0] == "s":
			e.Sessions = append(e.Sessions, f[1])
		case len(f) == 2 && f[0] == "a":
			if id, err := strconv.ParseInt(f[1], 10, 64); err == nil {
				e.Accounts = append(e.Accounts, id)
			}
		case len(f) == 3 && f[0] == "e":
			id, err1 := strconv.ParseInt(f[1], 10, 64)
			epoch, err2 := strconv.ParseInt(f[2], 10, 64)
			if err1 == nil && err2 == nil {
				if e.Epochs == nil {
					e.Epochs = map[int64]int64{}
				}
				e.Epochs[id] = max(e.Epochs[id], epoch)
			}
		}
	}
	return e
}
