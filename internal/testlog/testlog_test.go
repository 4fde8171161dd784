package testlog_test

import (
	"testing"
	"time"

	"rehome/internal/testlog"
)

func TestWaitFor(t *testing.T) {
	var b testlog.Buffer
	b.Write([]byte("starting\n"))
	written := make(chan struct{})
	go func() {
		defer close(written)
		b.Write([]byte("level=INFO msg=\"Rehome is "))
		b.Write([]byte("listening\"\n"))
	}()
	if !b.WaitFor("Rehome is listening", time.Minute) {
		t.Errorf("the line written meanwhile was not seen:\n%s", b.String())
	}
	<-written
	if b.WaitFor("never written", time.Millisecond) {
		t.Error("found text that was never written")
	}
}
