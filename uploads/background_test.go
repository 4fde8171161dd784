package uploads

import (
	"errors"
	"strings"
	"testing"
)

func TestInBackground(t *testing.T) {
	if err := <-inBackground(func() error { return nil }); err != nil {
		t.Errorf("OK: %v", err)
	}
	want := errors.New("encode failed")
	if err := <-inBackground(func() error { return want }); err != want {
		t.Errorf("error: got %v, want %v", err, want)
	}
	// A panic on the goroutine must come back as an error, not end the process.
	if err := <-inBackground(func() error { panic("corrupt bitmap") }); err == nil || !strings.Contains(err.Error(), "corrupt bitmap") {
		t.Errorf("panic: got %v", err)
	}
}
