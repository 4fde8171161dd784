package postgres

import (
	"context"
	"errors"
)

// exclusiveLockClass is the first key of the advisory locks Exclusively
// takes, the second being the hash of its name (see slugLockClass).
const exclusiveLockClass = 1017

// Exclusively runs fn while holding a session advisory lock on name: of
// the instances sharing the database, one runs fn at a time, the others
// waiting for it (the demo marketplace is written once: the others then
// find it there). The lock is on a connection of its own, which fn does
// not use, and goes if that connection breaks.
func (db *DB) Exclusively(ctx context.Context, name string, fn func(context.Context) error) error {
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	// The wait for the lock lasts as long as the other holder's fn.
	restore, err := unbounded(ctx, conn)
	if err != nil {
		return err
	}
	defer restore()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1, hashtext($2))`, exclusiveLockClass, name); err != nil {
		return err
	}
	err = fn(ctx)
	if _, unlockErr := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1, hashtext($2))`, exclusiveLockClass, name); unlockErr != nil {
		// A lock kept would make the next caller wait on a connection that
		// goes back to the pool: close it, which ends its session's locks.
		conn.Conn().Close(context.WithoutCancel(ctx))
		err = errors.Join(err, unlockErr)
	}
	return err
}
