package postgres

import "context"

// listen starts hearing what other instances write. (To be filled in: the
// listener of the rehome_catalogue and rehome_ended channels.)
func (db *DB) listen(ctx context.Context) error {
	ctx, db.stopListening = context.WithCancel(context.WithoutCancel(ctx))
	db.listening = make(chan struct{})
	go func() {
		defer close(db.listening)
		<-ctx.Done()
	}()
	return nil
}
