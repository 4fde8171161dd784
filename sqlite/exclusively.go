package sqlite

import (
	"context"
	"sync"
)

// exclusive holds the locks of Exclusively, one per name. One process
// serves a SQLite marketplace, so a lock in memory is the only one needed.
type exclusive struct {
	mu    sync.Mutex
	locks map[string]chan struct{}
}

func (e *exclusive) lock(name string) chan struct{} {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.locks == nil {
		e.locks = map[string]chan struct{}{}
	}
	l, ok := e.locks[name]
	if !ok {
		l = make(chan struct{}, 1)
		e.locks[name] = l
	}
	return l
}

// Exclusively runs fn while no other call of this store with the same name
// runs its own, waiting for it first, or for ctx to end.
func (db *DB) Exclusively(ctx context.Context, name string, fn func(context.Context) error) error {
	l := db.exclusive.lock(name)
	select {
	case l <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-l }()
	return fn(ctx)
}
