package app

import "context"

// ServerKeyStore keeps the server's secret keys by name, each made once
// and kept: the instances sharing a store sign with the same key and check
// what each other signed, and a restart keeps what was signed valid.
type ServerKeyStore interface {
	// ServerKey returns the key kept under name; not found before one is kept.
	ServerKey(ctx context.Context, name string) ([]byte, error)
	// KeepServerKey keeps fresh under name unless a key is kept there
	// already, and returns the key kept: of racing calls, every one
	// returns the one key that was kept.
	KeepServerKey(ctx context.Context, name string, fresh []byte) ([]byte, error)
}
