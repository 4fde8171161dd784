package storetest

import (
	"bytes"
	"fmt"
	"testing"

	"rehome/app"
)

// RunServerKeys checks the server's kept keys.
func RunServerKeys(t *testing.T, open func(t *testing.T) Stores) {
	t.Run("ErrNoKeyYet", func(t *testing.T) {
		w := newWorld(t, open)
		_, err := w.ServerKey(w.ctx, "device cookies")
		wantKind(t, err, app.KindNotFound)
	})
	t.Run("OneKeyPerName", func(t *testing.T) {
		w := newWorld(t, open)
		kept := make([][]byte, racers)
		for _, err := range race(racers, 0, func(i int) (err error) {
			kept[i], err = w.KeepServerKey(w.ctx, "device cookies", fmt.Appendf(nil, "key %d", i))
			return err
		}) {
			must(t, err)
		}
		stored, err := w.ServerKey(w.ctx, "device cookies")
		must(t, err)
		for i, k := range kept {
			if !bytes.Equal(k, stored) {
				t.Errorf("call %d was given %q, the store keeps %q", i, k, stored)
			}
		}
		other, err := w.KeepServerKey(w.ctx, "another", []byte("other key"))
		must(t, err)
		if string(other) != "other key" {
			t.Errorf("another name was given %q, want its own key", other)
		}
		if again, err := w.ServerKey(w.ctx, "device cookies"); err != nil || !bytes.Equal(again, stored) {
			t.Errorf("after keeping another name: %q, %v; want %q", again, err, stored)
		}
	})
}
